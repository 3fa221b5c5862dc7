import Foundation
import GraphQLBridge
import GraphQLBridgeSupport
import PagingAPI
import Testing

/// Issue 31's pages as one list in the cache (`cache.listPolicies` in the PagingAPI's `graphql-codegen.json`): the
/// `listed` fields' pages are merged into one list under their key arguments (appended below a number, by offset, as
/// a Relay connection), in the memory and SQLite stores; a read of any page gives the whole list; the pager's items
/// are that list, following the cache; a first page replaces it.
@Suite("Pages as one list in the cache")
@MainActor
struct ListPolicyTests {
    /// Below the last number shown; a page shorter than asked ends the list (the whole list read back continues
    /// below its own last item).
    static let belowNumber = GraphQLPagination<ListedItemsBeforeQuery, ItemFields>(
        items: { $0.listedItemsBefore },
        next: { query, data in
            guard data.listedItemsBefore.count >= query.last, let last = data.listedItemsBefore.last else {
                return nil
            }
            return ListedItemsBeforeQuery(tag: query.tag, last: query.last, before: .some(last.number))
        })

    static let byOffset = GraphQLPagination<ListedItemsPageQuery, ItemFields>.offset(
        items: { $0.listedItemsPage }, limit: 4, offsetOf: { $0.offset },
        page: { ListedItemsPageQuery(offset: $0, limit: $1) })

    static let byCursor = GraphQLPagination<ListedItemsConnectionQuery, ItemFields>.cursor(
        items: { $0.listedItemsConnection.edges.map(\.node) },
        pageInfo: { data in
            let info = data.listedItemsConnection.pageInfo
            return GraphQLCursorPageInfo(
                hasNextPage: info.hasNextPage, hasPreviousPage: info.hasPreviousPage, startCursor: info.startCursor,
                endCursor: info.endCursor)
        },
        after: { ListedItemsConnectionQuery(first: 3, after: .some($0)) },
        before: { ListedItemsConnectionQuery(last: 3, before: .some($0)) })

    func client(_ server: PagingServer, cache: GraphQLCache = GraphQLCache(maxAge: .seconds(3600)))
        -> GraphQLHTTPClient
    {
        GraphQLHTTPClient(endpoint: PagingServer.endpoint, transport: server.transport, cache: cache)
    }

    /// The items a cache-only read of `query` gives.
    func cached(_ client: GraphQLHTTPClient, _ query: ListedItemsBeforeQuery) async throws -> [Int] {
        try await client.execute(query, fetchPolicy: .cacheOnly).data?.listedItemsBefore.map(\.number) ?? []
    }

    @Test("pages below a number are appended to one list per key argument; any page's read gives the whole list")
    func appendedInMemory() async throws {
        let server = PagingServer(numbers: Array(1...7), holdsRequests: false)
        let client = client(server)
        let pager = client.pager(
            ListedItemsBeforeQuery(tag: "a", last: 3, before: .none), pagination: Self.belowNumber)
        try await pager.loadNext()
        try await pager.loadNext()
        #expect(pager.items.map(\.number) == [7, 6, 5, 4, 3, 2])
        #expect(pager.pages.count == 2)
        #expect(pager.hasNextPage)
        #expect(
            try await cached(client, ListedItemsBeforeQuery(tag: "a", last: 3, before: .none)) == [7, 6, 5, 4, 3, 2])
        #expect(
            try await cached(client, ListedItemsBeforeQuery(tag: "a", last: 3, before: .some(5))) == [7, 6, 5, 4, 3, 2])
        // Another key argument: another list, not in the cache.
        await #expect(throws: (any Error).self) {
            _ = try await client.execute(
                ListedItemsBeforeQuery(tag: "b", last: 3, before: .none), fetchPolicy: .cacheOnly)
        }
        try await pager.loadNext()
        #expect(pager.items.map(\.number) == [7, 6, 5, 4, 3, 2, 1])
        #expect(!pager.hasNextPage)
        #expect(server.requestCount == 3)
    }

    @Test("a watch and a query ref of the first page's query give the whole list as it grows")
    func watchAndRefOfTheList() async throws {
        let server = PagingServer(numbers: Array(1...7), holdsRequests: false)
        let client = client(server)
        let first = ListedItemsBeforeQuery(tag: "a", last: 3, before: .none)
        let pager = client.pager(first, pagination: Self.belowNumber)
        try await pager.loadNext()
        var watch = client.watch(first, fetchPolicy: .cacheOnly).makeAsyncIterator()
        #expect(try await watch.next()?.data?.listedItemsBefore.map(\.number) == [7, 6, 5])
        let ref = client.ref(first)
        try await ref.execute(fetchPolicy: .cacheOnly)
        #expect(ref.data?.listedItemsBefore.count == 3)
        try await pager.loadNext()
        #expect(try await watch.next()?.data?.listedItemsBefore.map(\.number) == [7, 6, 5, 4, 3, 2])
        try await HangDetector.waitUntil("the ref shows the second page") { @MainActor in
            ref.data?.listedItemsBefore.count == 6
        }
        #expect(server.requestCount == 2)
    }

    @Test("the SQLite store merges the pages and keeps the whole list when reopened; the pager goes on from it")
    func persistedInSQLite() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("list-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let server = PagingServer(numbers: Array(1...7), holdsRequests: false)
        let first = ListedItemsBeforeQuery(tag: "a", last: 3, before: .none)
        do {
            let cache = GraphQLCache(storage: .persistent(directory: directory), maxAge: .seconds(3600))
            let client = client(server, cache: cache)
            let pager = client.pager(first, pagination: Self.belowNumber)
            try await pager.loadNext()
            try await pager.loadNext()
            #expect(pager.items.map(\.number) == [7, 6, 5, 4, 3, 2])
            #expect(try await cached(client, first) == [7, 6, 5, 4, 3, 2])
        }
        let requests = server.requestCount
        let reopened = client(
            server, cache: GraphQLCache(storage: .persistent(directory: directory), maxAge: .seconds(3600)))
        #expect(try await cached(reopened, first) == [7, 6, 5, 4, 3, 2])
        let pager = reopened.pager(first, pagination: Self.belowNumber)
        #expect(await pager.loadCached() == 1)
        #expect(pager.items.map(\.number) == [7, 6, 5, 4, 3, 2])
        #expect(server.requestCount == requests)
        #expect(pager.hasNextPage)
        try await pager.loadNext()
        #expect(pager.items.map(\.number) == [7, 6, 5, 4, 3, 2, 1])
        #expect(try await cached(reopened, first) == [7, 6, 5, 4, 3, 2, 1])
    }

    @Test("the watch gives the whole list as it grows; a mutation changes an item in place without a request")
    func mutationInPlace() async throws {
        let server = PagingServer(numbers: Array(0..<10), holdsRequests: false)
        let client = client(server)
        let pager = client.pager(ListedItemsPageQuery(offset: 0, limit: 4), pagination: Self.byOffset)
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
        let read = try await client.execute(ListedItemsPageQuery(offset: 4, limit: 4), fetchPolicy: .cacheOnly)
        #expect(read.data?.listedItemsPage.map(\.name)[6] == "renamed")
    }

    @Test("refresh keeps the list shown until its answer; then the first page replaces the list in the cache")
    func refreshReplaces() async throws {
        let server = PagingServer(numbers: Array(0..<10), holdsRequests: true)
        let client = client(server)
        let pager = client.pager(ListedItemsPageQuery(offset: 0, limit: 4), pagination: Self.byOffset)
        try await server.load(2, through: pager)
        #expect(pager.items.map(\.number) == Array(0..<8))
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
        let read = try await client.execute(ListedItemsPageQuery(offset: 0, limit: 4), fetchPolicy: .cacheOnly)
        #expect(read.data?.listedItemsPage.map(\.number) == [0, 1, 2, 3])
    }

    @Test("a page in flight when a refresh is asked for is not merged into the refreshed list: the refresh wins")
    func pageInFlightDuringRefresh() async throws {
        let server = PagingServer(numbers: Array(0..<10), holdsRequests: true)
        let client = client(server)
        let pager = client.pager(ListedItemsPageQuery(offset: 0, limit: 4), pagination: Self.byOffset)
        let first = Task { try await pager.loadNext() }
        try await HangDetector.waitUntil("the first page's request") { @MainActor in server.pendingCount == 1 }
        server.answer(at: 0, failing: false)
        try await first.value
        // The second page is asked for, then a refresh; the server answers the second page first.
        let next = Task { try await pager.loadNext() }
        try await HangDetector.waitUntil("the second page's request") { @MainActor in server.pendingCount == 1 }
        let refresh = Task { try await pager.refresh() }
        try await HangDetector.waitUntil("the refresh's request") { @MainActor in server.pendingCount == 2 }
        server.rename(5, to: "renamed")
        server.answer(at: 0, failing: false)
        try await next.value
        // Not written: the list in the cache is still the first page, and the pager shows it.
        #expect(pager.items.map(\.number) == [0, 1, 2, 3])
        #expect(!pager.isLoadingNext)
        server.answer(at: 0, failing: false)
        try await refresh.value
        #expect(pager.items.map(\.number) == [0, 1, 2, 3])
        #expect(pager.pages.count == 1)
        let read = try await client.execute(ListedItemsPageQuery(offset: 0, limit: 4), fetchPolicy: .cacheOnly)
        #expect(read.data?.listedItemsPage.map(\.number) == [0, 1, 2, 3])
        // The page it had asked for was not written at all: its item is not in the cache.
        #expect(await client.cache?.record(forKey: "Item:i5") == nil)
        // The next page continues the refreshed list.
        let again = Task { try await pager.loadNext() }
        try await HangDetector.waitUntil("the next page's request") { @MainActor in server.pendingCount == 1 }
        server.answer(at: 0, failing: false)
        try await again.value
        #expect(pager.items.map(\.number) == Array(0..<8))
        #expect(pager.items[5].name == "renamed")
    }

    @Test("when the cache no longer holds the list (cleared), the pager asks for its first page again, once")
    func missRefreshes() async throws {
        let server = PagingServer(numbers: Array(0..<10), holdsRequests: false)
        let cache = GraphQLCache(maxAge: .seconds(3600))
        let client = client(server, cache: cache)
        let pager = client.pager(ListedItemsPageQuery(offset: 0, limit: 4), pagination: Self.byOffset)
        try await pager.loadNext()
        try await pager.loadNext()
        #expect(pager.items.map(\.number) == Array(0..<8))
        try await cache.clear()
        try await HangDetector.waitUntil("the pager shows the first page again") { @MainActor in
            pager.pages.count == 1 && pager.items.map(\.number) == [0, 1, 2, 3] && !pager.isRefreshing
                && pager.isFollowingAtRest
        }
        #expect(server.requestCount == 3)
        let read = try await client.execute(ListedItemsPageQuery(offset: 0, limit: 4), fetchPolicy: .cacheOnly)
        #expect(read.data?.listedItemsPage.map(\.number) == [0, 1, 2, 3])
    }

    @Test("after loadCached the next page continues from the list's end, not from its first page's")
    func loadCachedContinuesAtTheEnd() async throws {
        let server = PagingServer(numbers: Array(0..<10), holdsRequests: false)
        let cache = GraphQLCache(maxAge: .seconds(3600))
        let client = client(server, cache: cache)
        let pager = client.pager(ListedItemsPageQuery(offset: 0, limit: 4), pagination: Self.byOffset)
        try await pager.loadNext()
        try await pager.loadNext()
        #expect(pager.items.map(\.number) == Array(0..<8))
        // Another screen's pager over the same list: the cache's list, as one page, then the page after its end.
        let other = client.pager(ListedItemsPageQuery(offset: 0, limit: 4), pagination: Self.byOffset)
        #expect(await other.loadCached() == 1)
        #expect(other.items.map(\.number) == Array(0..<8))
        #expect(other.hasNextPage)
        let requests = server.requestCount
        try await other.loadNext()
        #expect(server.requestCount == requests + 1)
        #expect(other.items.map(\.number) == Array(0..<10))
        #expect(other.pages.last?.query.offset == 8)
        #expect(!other.hasNextPage)
        // The first pager follows the same list in the cache.
        try await HangDetector.waitUntil("the first pager shows the list's new end") { @MainActor in
            pager.items.count == 10
        }
    }

    @Test("the app's edit of the list (a transaction's read and write of a page's query) replaces the whole list")
    func editedWhole() async throws {
        let server = PagingServer(numbers: Array(1...7), holdsRequests: false)
        let cache = GraphQLCache(maxAge: .seconds(3600))
        let client = client(server, cache: cache)
        let first = ListedItemsBeforeQuery(tag: "a", last: 3, before: .none)
        let pager = client.pager(first, pagination: Self.belowNumber)
        try await pager.loadNext()
        try await pager.loadNext()
        var updates = pager.updates().makeAsyncIterator()
        try await Self.removeSix(from: cache)
        #expect(try await cached(client, first) == [7, 5, 4, 3, 2])
        var seen = await updates.next()
        while seen?.items.count != 5 { seen = await updates.next() }
        #expect(seen?.items.map(\.number) == [7, 5, 4, 3, 2])
    }

    /// Reads the list through a page's query in a transaction and writes it back without the item 6.
    nonisolated static func removeSix(from cache: GraphQLCache) async throws {
        try await cache.withinReadWriteTransaction { transaction in
            let second = ListedItemsBeforeQuery(tag: "a", last: 3, before: .some(5))
            let list = try #require(try transaction.read(second)?.listedItemsBefore)
            #expect(list.map(\.number) == [7, 6, 5, 4, 3, 2])
            try transaction.write(
                ListedItemsBeforeQuery.Data(listedItemsBefore: list.filter { $0.number != 6 }), for: second)
        }
    }

    @Test("the list is as fresh as its oldest page: items refreshed since do not make it fresh")
    func freshAsTheOldestPage() async throws {
        let server = PagingServer(numbers: Array(1...7), holdsRequests: false)
        let clock = Locked(Date(timeIntervalSince1970: 1_800_000_000))
        let cache = GraphQLCache(maxAge: .seconds(3600), now: { clock.withLock { $0 } })
        let client = client(server, cache: cache)
        let first = ListedItemsBeforeQuery(tag: "a", last: 3, before: .none)
        let pager = client.pager(first, pagination: Self.belowNumber)
        try await pager.loadNext()
        clock.withLock { $0 += 50 * 60 }
        try await pager.loadNext()
        clock.withLock { $0 += 5 * 60 }
        // The first page's items written again, fresh for an hour from now.
        for number in [7, 6, 5] { _ = try await client.execute(RenameItemMutation(id: "i\(number)", name: "new")) }
        clock.withLock { $0 += 10 * 60 }
        // The list's first page is 65 minutes old: the list is stale, though every item is fresh.
        let read = try await client.execute(first, fetchPolicy: .cacheOnly)
        #expect(read.data?.listedItemsBefore.map(\.number) == [7, 6, 5, 4, 3, 2])
        #expect(read.isStale)
        // A first page makes it new.
        try await pager.refresh()
        let refreshed = try await client.execute(first, fetchPolicy: .cacheOnly)
        #expect(refreshed.data?.listedItemsBefore.map(\.number) == [7, 6, 5])
        #expect(!refreshed.isStale)
    }

    @Test("a page that continues no list is not written")
    func continuationWithoutAList() async throws {
        let server = PagingServer(numbers: Array(0..<10), holdsRequests: false)
        let client = client(server)
        let page = try await client.execute(ListedItemsPageQuery(offset: 4, limit: 4))
        #expect(page.data?.listedItemsPage.map(\.number) == [4, 5, 6, 7])
        await #expect(throws: (any Error).self) {
            _ = try await client.execute(ListedItemsPageQuery(offset: 0, limit: 4), fetchPolicy: .cacheOnly)
        }
    }

    @Test("a pager whose first query continues the list shows its pages as they come; the cache keeps no list of them")
    func pagerStartingMidList() async throws {
        let server = PagingServer(numbers: Array(0..<10), holdsRequests: false)
        let client = client(server)
        let pager = client.pager(ListedItemsPageQuery(offset: 4, limit: 4), pagination: Self.byOffset)
        try await pager.loadNext()
        try await pager.loadNext()
        #expect(pager.items.map(\.number) == [4, 5, 6, 7, 8, 9])
        try await HangDetector.waitUntil("the pager follows the cache") { @MainActor in pager.isFollowingAtRest }
        #expect(server.requestCount == 2)
        await #expect(throws: (any Error).self) {
            _ = try await client.execute(ListedItemsPageQuery(offset: 0, limit: 4), fetchPolicy: .cacheOnly)
        }
    }

    @Test("a connection's edges are merged both ways and its pageInfo combined")
    func connection() async throws {
        let server = PagingServer(numbers: Array(1...9), holdsRequests: false)
        let client = client(server)
        let pager = client.pager(ListedItemsConnectionQuery(first: 3, after: .none), pagination: Self.byCursor)
        try await pager.loadNext()
        try await pager.loadNext()
        #expect(pager.items.map(\.number) == [1, 2, 3, 4, 5, 6])
        let read = try await client.execute(
            ListedItemsConnectionQuery(first: 3, after: .some("c3")), fetchPolicy: .cacheOnly)
        let connection = try #require(read.data?.listedItemsConnection)
        #expect(connection.edges.map(\.cursor) == ["c1", "c2", "c3", "c4", "c5", "c6"])
        #expect(connection.pageInfo.startCursor == "c1")
        #expect(connection.pageInfo.endCursor == "c6")
        #expect(connection.pageInfo.hasNextPage)
        #expect(!connection.pageInfo.hasPreviousPage)
        try await pager.loadNext()
        #expect(pager.items.map(\.number) == Array(1...9))
        #expect(!pager.hasNextPage)

        // Backward: the page before goes in front, and the list's start is its start.
        let backward = client.pager(ListedItemsConnectionQuery(last: 3, before: .none), pagination: Self.byCursor)
        try await backward.loadPrevious()
        #expect(backward.items.map(\.number) == [7, 8, 9])
        try await backward.loadPrevious()
        #expect(backward.items.map(\.number) == [4, 5, 6, 7, 8, 9])
        let back = try await client.execute(ListedItemsConnectionQuery(last: 3, before: .none), fetchPolicy: .cacheOnly)
        let info = try #require(back.data?.listedItemsConnection.pageInfo)
        #expect(info.startCursor == "c4")
        #expect(info.endCursor == "c9")
        #expect(info.hasPreviousPage)
        #expect(!info.hasNextPage)
    }
}
