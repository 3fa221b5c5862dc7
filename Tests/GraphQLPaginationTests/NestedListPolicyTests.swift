import Foundation
import GraphQLBridge
import GraphQLBridgeSupport
import PagingAPI
import Testing

/// List policies on fields of other types than the query root (`Shelf.items`, `Shelf.itemsConnection` in the
/// PagingAPI's `graphql-codegen.json`): the pages of a shelf's field are merged in the shelf's record, under a field key
/// made of the key arguments alone; a read of any page's query gives the whole list; a first page replaces it; a page
/// that continues no stored list is not written; the SQLite store keeps the list; a mutation's answer and an
/// optimistic result go through the same merge (the optimistic one rolled back cleanly).
@Suite("Pages of an object's field as one list in the cache")
struct NestedListPolicyTests {
    func client(_ server: ShelfServer, cache: GraphQLCache = GraphQLCache(maxAge: .seconds(3600)))
        -> GraphQLHTTPClient
    {
        GraphQLHTTPClient(endpoint: ShelfServer.endpoint, transport: server.transport, cache: cache)
    }

    static func page(_ shelf: String = "s1", tag: String = "a", before: Int? = nil) -> ShelfItemsQuery {
        ShelfItemsQuery(id: shelf, tag: tag, last: 3, before: before.map { .some($0) } ?? .none)
    }

    /// The numbers of a shelf's items as a cache-only read of `query` gives them; `nil` on a miss.
    func cached(_ client: GraphQLHTTPClient, _ query: ShelfItemsQuery) async -> [Int]? {
        guard let result = try? await client.execute(query, fetchPolicy: .cacheOnly) else { return nil }
        return result.data?.shelf?.items.map(\.number)
    }

    /// Fetches `query` from the server (the page as the server gives it).
    @discardableResult
    func fetch(_ client: GraphQLHTTPClient, _ query: ShelfItemsQuery) async throws -> [Int] {
        try await client.execute(query, fetchPolicy: .serverOnly).data?.shelf?.items.map(\.number) ?? []
    }

    @Test("pages of a shelf's field are appended in the shelf's record, one list per key argument and per shelf")
    func appended() async throws {
        let server = ShelfServer(numbers: Array(1...7))
        let client = client(server)
        #expect(try await fetch(client, Self.page()) == [7, 6, 5])
        #expect(try await fetch(client, Self.page(before: 5)) == [4, 3, 2])
        // Any page's read gives the whole list, with the shelf's other fields.
        #expect(await cached(client, Self.page()) == [7, 6, 5, 4, 3, 2])
        #expect(await cached(client, Self.page(before: 5)) == [7, 6, 5, 4, 3, 2])
        #expect(await cached(client, Self.page(before: 99)) == [7, 6, 5, 4, 3, 2])
        let shelf = try await client.execute(Self.page(), fetchPolicy: .cacheOnly).data?.shelf
        #expect(shelf?.name == "shelf s1")
        // Another key argument, another shelf: other lists, not in the cache.
        #expect(await cached(client, Self.page(tag: "b")) == nil)
        #expect(await cached(client, Self.page("s2")) == nil)
        #expect(try await fetch(client, Self.page("s2")) == [7, 6, 5])
        #expect(await cached(client, Self.page("s2")) == [7, 6, 5])
        #expect(try await fetch(client, Self.page(before: 2)) == [1])
        #expect(await cached(client, Self.page()) == [7, 6, 5, 4, 3, 2, 1])
        #expect(await cached(client, Self.page("s2")) == [7, 6, 5])
        // A page met again (the same items) adds none twice.
        try await fetch(client, Self.page(before: 5))
        #expect(await cached(client, Self.page()) == [7, 6, 5, 4, 3, 2, 1])
        #expect(server.requestCount == 5)
    }

    @Test("a pager over a shelf's pages shows them as the one list in the shelf's record, each item once")
    @MainActor
    func pager() async throws {
        let server = ShelfServer(numbers: Array(1...7))
        let client = client(server)
        let pagination = GraphQLPagination<ShelfItemsQuery, ItemFields>(
            items: { $0.shelf?.items ?? [] },
            next: { query, data in
                guard let items = data.shelf?.items, items.count >= query.last, let last = items.last else {
                    return nil
                }
                return ShelfItemsQuery(id: query.id, tag: query.tag, last: query.last, before: .some(last.number))
            })
        let pager = client.pager(Self.page(), pagination: pagination)
        try await pager.loadNext()
        try await pager.loadNext()
        #expect(pager.items.map(\.number) == [7, 6, 5, 4, 3, 2])
        #expect(pager.hasNextPage)
        try await pager.loadNext()
        #expect(pager.items.map(\.number) == [7, 6, 5, 4, 3, 2, 1])
        #expect(!pager.hasNextPage)
        #expect(await cached(client, Self.page()) == [7, 6, 5, 4, 3, 2, 1])
        #expect(server.requestCount == 3)
    }

    @Test("a first page replaces the shelf's list; a page that continues no stored list is not written")
    func firstPageAndOrphanPage() async throws {
        let server = ShelfServer(numbers: Array(1...7))
        let client = client(server)
        // A page below a number, with no list stored: the shelf is written, its list is not.
        #expect(try await fetch(client, Self.page(before: 5)) == [4, 3, 2])
        #expect(await cached(client, Self.page()) == nil)
        #expect(try await fetch(client, Self.page()) == [7, 6, 5])
        #expect(try await fetch(client, Self.page(before: 5)) == [4, 3, 2])
        #expect(await cached(client, Self.page()) == [7, 6, 5, 4, 3, 2])
        server.rename(6, to: "renamed")
        try await fetch(client, Self.page())
        let read = try await client.execute(Self.page(before: 5), fetchPolicy: .cacheOnly).data?.shelf?.items
        #expect(read?.map(\.number) == [7, 6, 5])
        #expect(read?.map(\.name) == ["item 7", "renamed", "item 5"])
    }

    @Test("a watch of the first page gives the whole list as pages come")
    func watched() async throws {
        let server = ShelfServer(numbers: Array(1...7))
        let client = client(server)
        try await fetch(client, Self.page())
        var watch = client.watch(Self.page(), fetchPolicy: .cacheOnly).makeAsyncIterator()
        #expect(try await watch.next()?.data?.shelf?.items.map(\.number) == [7, 6, 5])
        try await fetch(client, Self.page(before: 5))
        #expect(try await watch.next()?.data?.shelf?.items.map(\.number) == [7, 6, 5, 4, 3, 2])
    }

    @Test("the SQLite store merges a shelf's pages and keeps the whole list when reopened")
    func persisted() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("nested-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let server = ShelfServer(numbers: Array(1...7))
        do {
            let client = client(
                server, cache: GraphQLCache(storage: .persistent(directory: directory), maxAge: .seconds(3600)))
            try await fetch(client, Self.page())
            try await fetch(client, Self.page(before: 5))
            // Continues no list of this tag: not written.
            try await fetch(client, Self.page(tag: "b", before: 5))
            #expect(await cached(client, Self.page()) == [7, 6, 5, 4, 3, 2])
        }
        let reopened = client(
            server, cache: GraphQLCache(storage: .persistent(directory: directory), maxAge: .seconds(3600)))
        #expect(await cached(reopened, Self.page(before: 5)) == [7, 6, 5, 4, 3, 2])
        #expect(await cached(reopened, Self.page(tag: "b")) == nil)
        try await fetch(reopened, Self.page(before: 2))
        #expect(await cached(reopened, Self.page()) == [7, 6, 5, 4, 3, 2, 1])
    }

    @Test("a shelf's connection: edges merged both ways in the shelf's record, pageInfo combined")
    func connection() async throws {
        let server = ShelfServer(numbers: Array(1...9))
        let client = client(server)
        func fetch(_ query: ShelfConnectionQuery) async throws -> [String] {
            try await client.execute(query, fetchPolicy: .serverOnly).data?.shelf?.itemsConnection.edges.map(\.cursor)
                ?? []
        }
        #expect(try await fetch(ShelfConnectionQuery(id: "s1", first: 3)) == ["c1", "c2", "c3"])
        #expect(try await fetch(ShelfConnectionQuery(id: "s1", first: 3, after: "c3")) == ["c4", "c5", "c6"])
        let read = try await client.execute(
            ShelfConnectionQuery(id: "s1", first: 3, after: "c3"), fetchPolicy: .cacheOnly)
        let connection = try #require(read.data?.shelf?.itemsConnection)
        #expect(connection.edges.map(\.cursor) == ["c1", "c2", "c3", "c4", "c5", "c6"])
        #expect(connection.edges.map(\.node.number) == [1, 2, 3, 4, 5, 6])
        #expect(connection.pageInfo.startCursor == "c1")
        #expect(connection.pageInfo.endCursor == "c6")
        #expect(connection.pageInfo.hasNextPage)
        #expect(!connection.pageInfo.hasPreviousPage)
        // Backward from the end: a new list (a first page), then a page before it goes in front.
        #expect(try await fetch(ShelfConnectionQuery(id: "s1", last: 3)) == ["c7", "c8", "c9"])
        #expect(try await fetch(ShelfConnectionQuery(id: "s1", last: 3, before: "c7")) == ["c4", "c5", "c6"])
        let back = try await client.execute(ShelfConnectionQuery(id: "s1", last: 3), fetchPolicy: .cacheOnly)
        let info = try #require(back.data?.shelf?.itemsConnection.pageInfo)
        #expect(back.data?.shelf?.itemsConnection.edges.map(\.cursor) == ["c4", "c5", "c6", "c7", "c8", "c9"])
        #expect(info.startCursor == "c4")
        #expect(info.endCursor == "c9")
        #expect(info.hasPreviousPage)
        #expect(!info.hasNextPage)
    }

    @Test("the app's edit of the list (a transaction's read and write of a page's query) replaces the shelf's list")
    func editedWhole() async throws {
        let server = ShelfServer(numbers: Array(1...7))
        let cache = GraphQLCache(maxAge: .seconds(3600))
        let client = client(server, cache: cache)
        try await fetch(client, Self.page())
        try await fetch(client, Self.page(before: 5))
        try await cache.withinReadWriteTransaction { transaction in
            let second = Self.page(before: 5)
            let shelf = try #require(try transaction.read(second)?.shelf)
            #expect(shelf.items.map(\.number) == [7, 6, 5, 4, 3, 2])
            try transaction.write(
                ShelfItemsQuery.Data(
                    shelf: .init(id: shelf.id, name: shelf.name, items: shelf.items.filter { $0.number != 6 })),
                for: second)
        }
        #expect(await cached(client, Self.page()) == [7, 5, 4, 3, 2])
        #expect(await cached(client, Self.page(before: 3)) == [7, 5, 4, 3, 2])
    }

    @Test("a mutation's answer holding a page of the shelf's list is merged as a query's page is")
    func mutationAnswer() async throws {
        let server = ShelfServer(numbers: Array(1...7))
        let client = client(server)
        try await fetch(client, Self.page())
        // The answer's page continues the list below 5.
        let added = try await client.execute(
            AddShelfItemMutation(shelfId: "s1", number: 0, tag: "a", last: 3, before: .some(5)))
        #expect(added.data?.addShelfItem?.items.map(\.number) == [4, 3, 2])
        #expect(await cached(client, Self.page()) == [7, 6, 5, 4, 3, 2])
        // A first page in a mutation's answer replaces the list.
        _ = try await client.execute(AddShelfItemMutation(shelfId: "s1", number: 8, tag: "a", last: 2))
        #expect(await cached(client, Self.page()) == [8, 7])
    }

    /// The optimistic result of `AddShelfItemMutation` (tag "a", `last` 3, `before` 5) with the items `numbers`.
    static func optimistic(_ numbers: [Int]) -> AddShelfItemMutation.Data {
        AddShelfItemMutation.Data(
            addShelfItem: .init(
                id: "s1", name: "shelf s1",
                items: numbers.map { ItemFields(id: GraphQLID("i\($0)"), number: $0, name: "item \($0)") }))
    }

    @Test("an optimistic page is merged over the stored list while it waits, and rolled back to it exactly")
    func optimisticPage() async throws {
        let server = ShelfServer(numbers: Array(1...7))
        let cache = GraphQLCache(maxAge: .seconds(3600))
        let client = client(server, cache: cache)
        try await fetch(client, Self.page())
        server.holdMutations()
        let mutation = AddShelfItemMutation(shelfId: "s1", number: 0, tag: "a", last: 3, before: .some(5))

        // Refused: the list is what it was, with no trace of the page.
        let refused = Task {
            try await client.execute(mutation, optimisticData: Self.optimistic([4, 3, 40]))
        }
        try await HangDetector.waitUntil("the mutation is sent") { server.isHoldingMutation }
        #expect(await cached(client, Self.page()) == [7, 6, 5, 4, 3, 40])
        #expect(await cached(client, Self.page(before: 5)) == [7, 6, 5, 4, 3, 40])
        server.answerMutation(refusing: true)
        await #expect(throws: APIError.self) { _ = try await refused.value }
        #expect(await cache.optimisticLayerCount == 0)
        #expect(await cached(client, Self.page()) == [7, 6, 5])

        // Applied: the layer is replaced by the server's page, merged into the stored list.
        let applied = Task {
            try await client.execute(mutation, optimisticData: Self.optimistic([4, 3, 40]))
        }
        try await HangDetector.waitUntil("the mutation is sent") { server.isHoldingMutation }
        #expect(await cached(client, Self.page()) == [7, 6, 5, 4, 3, 40])
        server.answerMutation(refusing: false)
        _ = try await applied.value
        #expect(await cached(client, Self.page()) == [7, 6, 5, 4, 3, 2])

        // An optimistic page that continues no stored list (another tag) is not shown, as the store would not keep it.
        let other = AddShelfItemMutation(shelfId: "s1", number: 0, tag: "b", last: 3, before: .some(5))
        let orphan = Task { try await client.execute(other, optimisticData: Self.optimistic([4])) }
        try await HangDetector.waitUntil("the mutation is sent") { server.isHoldingMutation }
        #expect(await cached(client, Self.page(tag: "b")) == nil)
        #expect(await cached(client, Self.page()) == [7, 6, 5, 4, 3, 2])
        server.answerMutation(refusing: true)
        _ = try? await orphan.value
    }

    @Test("an optimistic first page replaces the list while it waits; the stored list is back after a rollback")
    func optimisticFirstPage() async throws {
        let server = ShelfServer(numbers: Array(1...7))
        let cache = GraphQLCache(maxAge: .seconds(3600))
        let client = client(server, cache: cache)
        try await fetch(client, Self.page())
        try await fetch(client, Self.page(before: 5))
        server.holdMutations()
        let mutation = AddShelfItemMutation(shelfId: "s1", number: 9, tag: "a", last: 3)
        let task = Task { try await client.execute(mutation, optimisticData: Self.optimistic([9, 7, 6])) }
        try await HangDetector.waitUntil("the mutation is sent") { server.isHoldingMutation }
        #expect(await cached(client, Self.page()) == [9, 7, 6])
        server.answerMutation(refusing: true)
        await #expect(throws: APIError.self) { _ = try await task.value }
        #expect(await cached(client, Self.page()) == [7, 6, 5, 4, 3, 2])
    }
}
