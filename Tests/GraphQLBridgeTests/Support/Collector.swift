/// Collects what a sequence gives (a watch, a subscription), for a test to wait on with ``waitUntil(_:_:)``.
actor Collector<Element: Sendable> {
    private(set) var items: [Element] = []

    func append(_ item: Element) { items.append(item) }

    /// Waits until `predicate` holds for the items collected so far; returns them.
    @discardableResult
    func waitUntil(_ what: String, _ predicate: @Sendable ([Element]) -> Bool) async throws -> [Element] {
        try await GraphQLBridgeTests.waitUntil(what) { predicate(await self.items) }
        return items
    }

    /// Waits until `count` items were collected; returns the `count`th.
    @discardableResult
    func waitForCount(_ count: Int) async throws -> Element {
        let items = try await waitUntil("\(count) items") { $0.count >= count }
        return items[count - 1]
    }
}
