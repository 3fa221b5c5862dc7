import GraphQLBridgeSupport

/// Collects what a sequence gives (a watch, a subscription), for a test to wait on with ``waitUntil(_:_:)``.
package actor Collector<Element: Sendable> {
    package private(set) var items: [Element] = []

    /// A collector with nothing collected.
    package init() {}

    package func append(_ item: Element) { items.append(item) }

    /// Waits until `predicate` holds for the items collected so far; returns them.
    @discardableResult
    package func waitUntil(_ what: String, _ predicate: @Sendable ([Element]) -> Bool) async throws -> [Element] {
        try await HangDetector.waitUntil(what) { @Sendable in predicate(await self.items) }
        return items
    }

    /// Waits until `count` items were collected; returns the `count`th.
    @discardableResult
    package func waitForCount(_ count: Int) async throws -> Element {
        let items = try await waitUntil("\(count) items") { $0.count >= count }
        return items[count - 1]
    }
}
