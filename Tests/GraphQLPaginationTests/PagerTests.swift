import Foundation
import GraphQLBridge
import GraphQLBridgeSupport
import PagingAPI
import Testing

/// `GraphQLQueryPager` by example: the three rules (a custom one below a number, offset and limit, cursors), where a
/// list ends, a watch of the whole list, a mutation followed in place, a refresh that keeps the list until its answer,
/// a page's typed error, and a persistent cache reopened.
@Suite("GraphQLQueryPager")
@MainActor
struct PagerTests {
    static let endpoint = PagingServer.endpoint

    /// The lottery archive's rule: the `last` items numbered below the last one shown; a short page ends the list.
    static let belowNumber = GraphQLPagination<ItemsBeforeQuery, ItemFields>(
        items: { $0.itemsBefore },
        next: { query, data in
            let size = query.last
            guard data.itemsBefore.count == size, let last = data.itemsBefore.last else { return nil }
            return ItemsBeforeQuery(last: size, before: .some(last.number))
        })

    static let byOffset = GraphQLPagination<ItemsPageQuery, ItemFields>.offset(
        items: { $0.itemsPage }, limit: 4, offsetOf: { $0.offset }, page: { ItemsPageQuery(offset: $0, limit: $1) })

    func client(_ server: PagingServer, cache: GraphQLCache = GraphQLCache(maxAge: .seconds(3600)))
        -> GraphQLHTTPClient
    {
        GraphQLHTTPClient(endpoint: Self.endpoint, transport: server.transport, cache: cache)
    }

    @Test("a custom rule pages back below the last number; a short page is the end, and past it nothing is sent")
    func customRule() async throws {
        let server = PagingServer(numbers: Array(1...7), holdsRequests: false)
        let pager = client(server).pager(ItemsBeforeQuery(last: 3, before: .none), pagination: Self.belowNumber)
        #expect(pager.hasNextPage)
        try await pager.loadNext()
        try await pager.loadNext()
        #expect(pager.items.map(\.number) == [7, 6, 5, 4, 3, 2])
        #expect(pager.hasNextPage)
        try await pager.loadNext()
        #expect(pager.items.map(\.number) == [7, 6, 5, 4, 3, 2, 1])
        #expect(!pager.hasNextPage)
        try await pager.loadNext()
        #expect(server.requestCount == 3)
        #expect(pager.pages.count == 3)
    }

    @Test("offset and limit, forward from the middle and back to offset 0")
    func offsetRule() async throws {
        let server = PagingServer(numbers: Array(0..<10), holdsRequests: false)
        let pager = client(server).pager(ItemsPageQuery(offset: 4, limit: 4), pagination: Self.byOffset)
        try await pager.loadNext()
        #expect(pager.items.map(\.number) == [4, 5, 6, 7])
        #expect(pager.hasPreviousPage && pager.hasNextPage)
        try await pager.loadNext()
        #expect(pager.items.map(\.number) == [4, 5, 6, 7, 8, 9])
        #expect(!pager.hasNextPage)
        try await pager.loadPrevious()
        #expect(pager.items.map(\.number) == Array(0..<10))
        #expect(!pager.hasPreviousPage)
    }

    @Test("two loads of the next page at once send one request; both calls see the page")
    func inFlightLoadIsShared() async throws {
        let server = PagingServer(numbers: Array(0..<10), holdsRequests: true)
        let pager = client(server).pager(ItemsPageQuery(offset: 0, limit: 4), pagination: Self.byOffset)
        let first = Task { try await pager.loadNext() }
        let second = Task { try await pager.loadNext() }
        try await HangDetector.waitUntil("the first page's request") { @MainActor in server.pendingCount == 1 }
        #expect(pager.isRefreshing)
        server.answer(at: 0, failing: false)
        try await first.value
        try await second.value
        #expect(server.requestCount == 1)
        #expect(pager.items.map(\.number) == [0, 1, 2, 3])
    }

    @Test("the watch gives the whole list as it grows, and a mutation changes an item in place without a request")
    func watchFollowsTheCache() async throws {
        let server = PagingServer(numbers: Array(0..<10), holdsRequests: false)
        let client = client(server)
        let pager = client.pager(ItemsPageQuery(offset: 0, limit: 4), pagination: Self.byOffset)
        var updates = pager.updates().makeAsyncIterator()
        #expect(await updates.next()?.items.isEmpty == true)
        try await pager.loadNext()
        try await pager.loadNext()
        var seen = await updates.next()
        while seen?.items.count != 8 { seen = await updates.next() }
        #expect(seen?.items.map(\.number) == Array(0..<8))
        let requests = server.requestCount
        _ = try await client.execute(RenameItemMutation(id: "i6", name: "renamed"))
        while seen?.items.map(\.name).contains("renamed") != true { seen = await updates.next() }
        #expect(seen?.items.map(\.number) == Array(0..<8))
        #expect(pager.items[6].name == "renamed")
        #expect(server.requestCount == requests)
    }

    @Test("refresh keeps the list shown until its answer, then the list is the new first page")
    func refreshKeepsTheList() async throws {
        let server = PagingServer(numbers: Array(0..<10), holdsRequests: true)
        let pager = client(server).pager(ItemsPageQuery(offset: 0, limit: 4), pagination: Self.byOffset)
        try await server.load(2, through: pager)
        server.rename(1, to: "new name")
        let refresh = Task { try await pager.refresh() }
        try await HangDetector.waitUntil("the refresh's request") { @MainActor in server.pendingCount == 1 }
        #expect(pager.isRefreshing)
        #expect(pager.items.map(\.number) == Array(0..<8))
        server.answer(at: 0, failing: false)
        try await refresh.value
        #expect(pager.items.map(\.number) == [0, 1, 2, 3])
        #expect(pager.items[1].name == "new name")
        #expect(pager.hasNextPage)
    }

    @Test("a page's error is the page's: typed, with its query and direction; the pages loaded stay")
    func pageError() async throws {
        let server = PagingServer(numbers: Array(0..<10), holdsRequests: true)
        let pager = client(server).pager(ItemsPageQuery(offset: 0, limit: 4), pagination: Self.byOffset)
        let load = Task { try await pager.loadNext() }
        try await HangDetector.waitUntil("the first page's request") { @MainActor in server.pendingCount == 1 }
        server.answer(at: 0, failing: false)
        try await load.value
        let failing = Task { () -> GraphQLPageError<ItemsPageQuery>? in
            do throws(GraphQLPageError<ItemsPageQuery>) {
                try await pager.loadNext()
                return nil
            } catch {
                return error
            }
        }
        try await HangDetector.waitUntil("the second page's request") { @MainActor in server.pendingCount == 1 }
        server.answer(at: 0, failing: true)
        let error = try #require(await failing.value)
        #expect(error.direction == .next)
        #expect(error.query.offset == 4)
        guard case .graphQL(_, _, let errors) = error.error else {
            Issue.record("expected the server's GraphQL error, got \(error.error)")
            return
        }
        #expect(errors.map(\.message) == ["page refused"])
        #expect(pager.error?.query.offset == 4)
        #expect(pager.items.map(\.number) == [0, 1, 2, 3])
        #expect(pager.hasNextPage)
    }

    @Test("a persistent cache reopened gives back every page, with no request")
    func persistentCacheReopened() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("pager-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let server = PagingServer(numbers: Array(1...7), holdsRequests: false)
        do {
            let cache = GraphQLCache(storage: .persistent(directory: directory), maxAge: .seconds(3600))
            let pager = client(server, cache: cache).pager(
                ItemsBeforeQuery(last: 3, before: .none), pagination: Self.belowNumber)
            for _ in 0..<3 { try await pager.loadNext() }
            #expect(pager.items.count == 7)
        }
        let requests = server.requestCount
        let reopened = GraphQLCache(storage: .persistent(directory: directory), maxAge: .seconds(3600))
        let pager = client(server, cache: reopened).pager(
            ItemsBeforeQuery(last: 3, before: .none), pagination: Self.belowNumber)
        #expect(await pager.loadCached() == 3)
        #expect(pager.items.map(\.number) == [7, 6, 5, 4, 3, 2, 1])
        #expect(!pager.hasNextPage)
        #expect(server.requestCount == requests)
    }
}
