import Foundation
import GraphQLBridgeSupport

/// Collects what a live query gives, for a test to wait on (the wait is only a hang detector: a test never
/// passes because time went by).
actor Collector<Element: Sendable> {
    private(set) var items: [Element] = []

    func append(_ item: Element) { items.append(item) }

    /// Waits until `predicate` holds for the items collected so far (a hang detector bounds the wait).
    @discardableResult
    func waitUntil(_ what: String, _ predicate: @Sendable ([Element]) -> Bool) async throws -> [Element] {
        try await HangDetector.waitUntil(what) { @Sendable in predicate(await self.items) }
        return items
    }

    /// Waits until `count` items were collected; returns the last.
    @discardableResult
    func waitForCount(_ count: Int) async throws -> Element {
        let items = try await waitUntil("\(count) items") { $0.count >= count }
        return items[count - 1]
    }
}
