import Foundation
import GraphQLBridge
import GraphQLBridgeSupport
import PagingAPI
import Testing

/// Issue 31's first page over a longer list (`listedItemsBeforeID`, a list policy with `continuationField: "id"`:
/// `Merge.appendAfter`): a first page fetched again (a watch's refetch, another screen's `.serverOnly` fetch) whose
/// last item is in the stored list takes the list's head up to that item and keeps the items after it, each record
/// once; one whose last item the list does not hold replaces it; the list so kept is as fresh as its oldest part; a
/// pager's `refresh()` replaces the list whatever it holds.
@Suite("A first page over a longer list (appendAfter)")
@MainActor
struct FirstPageTests {
    /// Below the id of the last item shown; a page shorter than asked ends the list.
    static let belowID = GraphQLPagination<ListedItemsBeforeIDQuery, ItemFields>(
        items: { $0.listedItemsBeforeID },
        next: { query, data in
            guard data.listedItemsBeforeID.count >= query.last, let last = data.listedItemsBeforeID.last else {
                return nil
            }
            return ListedItemsBeforeIDQuery(tag: query.tag, last: query.last, before: .some(last.id))
        })

    nonisolated static let first = ListedItemsBeforeIDQuery(tag: "a", last: 3, before: .none)

    /// Writes the list as `numbers` (items it holds), as the app's edit does.
    nonisolated static func edit(_ cache: GraphQLCache, to numbers: [Int]) async throws {
        try await cache.withinReadWriteTransaction { transaction in
            let list = try #require(try transaction.read(first)?.listedItemsBeforeID)
            let byNumber = Dictionary(uniqueKeysWithValues: list.map { ($0.number, $0) })
            let edited = numbers.compactMap { byNumber[$0] }
            try transaction.write(ListedItemsBeforeIDQuery.Data(listedItemsBeforeID: edited), for: first)
        }
    }

    /// Evicts the name of the item `number` (its record stays, without that field), as the app's edit does.
    nonisolated static func evictName(of number: Int, in cache: GraphQLCache) async throws {
        try await cache.withinReadWriteTransaction { transaction in
            transaction.evict(
                field: "name", ofRecord: CacheRecord.objectKey(typeName: "Item", keyValues: ["i\(number)"]))
        }
    }

    func client(_ server: PagingServer, cache: GraphQLCache = GraphQLCache(maxAge: .seconds(3600)))
        -> GraphQLHTTPClient
    {
        GraphQLHTTPClient(endpoint: PagingServer.endpoint, transport: server.transport, cache: cache)
    }

    /// The numbers a cache-only read of the first page's query gives (the whole list).
    func cached(_ client: GraphQLHTTPClient) async throws -> [Int] {
        try await client.execute(Self.first, fetchPolicy: .cacheOnly).data?.listedItemsBeforeID.map(\.number) ?? []
    }

    /// A pager of the list with `pages` pages loaded.
    func pager(_ client: GraphQLHTTPClient, pages: Int) async throws
        -> GraphQLQueryPager<ListedItemsBeforeIDQuery, ItemFields>
    {
        let pager = client.pager(Self.first, pagination: Self.belowID)
        for _ in 0..<pages { try await pager.loadNext() }
        return pager
    }

    @Test("a first page fetched again keeps the list after its last item: the pager and a watch keep the whole list")
    func firstPageAgainKeepsTheList() async throws {
        let server = PagingServer(numbers: Array(1...10), holdsRequests: false)
        let client = client(server)
        let pager = try await pager(client, pages: 3)
        #expect(pager.items.map(\.number) == Array((2...10).reversed()))
        var watch = client.watch(Self.first, fetchPolicy: .cacheOnly).makeAsyncIterator()
        #expect(try await watch.next()?.data?.listedItemsBeforeID.count == 9)
        // Another screen's fetch of the first page: the list is not cut back to it.
        let fetched = try await client.execute(Self.first, fetchPolicy: .serverOnly)
        #expect(fetched.data?.listedItemsBeforeID.map(\.number) == [10, 9, 8])
        #expect(try await cached(client) == Array((2...10).reversed()))
        // A newer item: the first page's last is in the list; its head moves up, the rest stays.
        server.insert(11)
        _ = try await client.execute(Self.first, fetchPolicy: .serverOnly)
        #expect(try await cached(client) == Array((2...11).reversed()))
        #expect(try await watch.next()?.data?.listedItemsBeforeID.map(\.number) == Array((2...11).reversed()))
        try await HangDetector.waitUntil("the pager shows the list with the new item") { @MainActor in
            pager.items.count == 10 && pager.isFollowingAtRest
        }
        #expect(pager.items.map(\.number) == Array((2...11).reversed()))
        // More new items than a page: the first page's last item is not in the list, which it replaces.
        for number in 12...15 { server.insert(number) }
        _ = try await client.execute(Self.first, fetchPolicy: .serverOnly)
        #expect(try await cached(client) == [15, 14, 13])
        try await HangDetector.waitUntil("the pager shows the replaced list") { @MainActor in
            pager.items.map(\.number) == [15, 14, 13]
        }
    }

    @Test("a watch's own refetch of the first page shows the whole list the cache keeps, and follows its items")
    func watchRefetchShowsTheKeptList() async throws {
        let server = PagingServer(numbers: Array(1...10), holdsRequests: false)
        let cache = GraphQLCache(maxAge: .seconds(3600))
        let client = client(server, cache: cache)
        _ = try await pager(client, pages: 3)
        var watch = client.watch(Self.first, fetchPolicy: .preferCache).makeAsyncIterator()
        let whole = Array((2...10).reversed())
        #expect(try await watch.next()?.data?.listedItemsBeforeID.map(\.number) == whole)
        func evictName(_ number: Int) async throws { try await Self.evictName(of: number, in: cache) }
        func rename(_ number: Int, _ name: String) async throws {
            _ = try await client.execute(RenameItemMutation(id: "i\(number)", name: name))
        }
        // An item of the first page loses a field (and one of the rest is renamed): the watch refetches the first
        // page, whose write keeps the rest of the list, and shows the whole list (before, the page alone).
        let sent = server.requestCount
        try await evictName(10)
        try await rename(3, "three")
        let kept = try #require(try await watch.next()?.data?.listedItemsBeforeID)
        #expect(server.requestCount == sent + 1, "the watch's refetch")
        try #require(kept.map(\.number) == whole, "the whole list, not the refetched page alone")
        #expect(kept.first { $0.number == 3 }?.name == "three")
        // An item of the kept part loses a field: the refetched page cannot complete the list, so the watch shows
        // the page, and the item's completion (a mutation's answer) brings the whole list back.
        try await evictName(2)
        #expect(try await watch.next()?.data?.listedItemsBeforeID.map(\.number) == [10, 9, 8])
        try await rename(2, "two")
        let completed = try await watch.next()?.data?.listedItemsBeforeID
        #expect(completed?.map(\.number) == whole)
        #expect(completed?.last?.name == "two")
    }

    @Test("the items of a first page that are in the kept part of the list are there once, at the page's places")
    func eachRecordOnce() async throws {
        let server = PagingServer(numbers: Array(1...10), holdsRequests: false)
        let cache = GraphQLCache(maxAge: .seconds(3600))
        let client = client(server, cache: cache)
        _ = try await pager(client, pages: 2)
        // The app's edit: the list is 8, 5, 10 (10 after 8).
        try await Self.edit(cache, to: [8, 5, 10])
        #expect(try await cached(client) == [8, 5, 10])
        _ = try await client.execute(Self.first, fetchPolicy: .serverOnly)
        #expect(try await cached(client) == [10, 9, 8, 5])
        // An empty first page replaces the list.
        for number in 1...10 { server.remove(number) }
        _ = try await client.execute(Self.first, fetchPolicy: .serverOnly)
        #expect(try await cached(client) == [])
    }

    @Test("a list that keeps its items after a first page is as fresh as its oldest part; a refresh makes it new")
    func freshAsTheOldestPart() async throws {
        let server = PagingServer(numbers: Array(1...10), holdsRequests: false)
        let clock = Locked(Date(timeIntervalSince1970: 1_800_000_000))
        let cache = GraphQLCache(maxAge: .seconds(3600), now: { clock.withLock { $0 } })
        let client = client(server, cache: cache)
        let pager = client.pager(Self.first, pagination: Self.belowID)
        try await pager.loadNext()
        clock.withLock { $0 += 50 * 60 }
        try await pager.loadNext()
        clock.withLock { $0 += 5 * 60 }
        // The first page again, 55 minutes after the list's first page: its items fresh for an hour from now.
        _ = try await client.execute(Self.first, fetchPolicy: .serverOnly)
        clock.withLock { $0 += 10 * 60 }
        // The list's oldest part is 65 minutes old: the list is stale, though its first page is 10 minutes old.
        let read = try await client.execute(Self.first, fetchPolicy: .cacheOnly)
        #expect(read.data?.listedItemsBeforeID.map(\.number) == [10, 9, 8, 7, 6, 5])
        #expect(read.isStale)
        // The pager's refresh replaces the list: that page alone, fresh.
        try await pager.refresh()
        #expect(pager.items.map(\.number) == [10, 9, 8])
        let refreshed = try await client.execute(Self.first, fetchPolicy: .cacheOnly)
        #expect(refreshed.data?.listedItemsBeforeID.map(\.number) == [10, 9, 8])
        #expect(!refreshed.isStale)
    }

    @Test("refresh shows the pages until its answer, then the first page alone, in the pager and in the cache")
    func refreshReplacesWhateverTheListHolds() async throws {
        let server = PagingServer(numbers: Array(1...10), holdsRequests: true)
        let client = client(server)
        let pager = client.pager(Self.first, pagination: Self.belowID)
        try await server.load(3, through: pager)
        #expect(pager.items.map(\.number) == Array((2...10).reversed()))
        let refresh = Task { try await pager.refresh() }
        try await HangDetector.waitUntil("the refresh's request") { @MainActor in server.pendingCount == 1 }
        #expect(pager.isRefreshing)
        #expect(pager.items.map(\.number) == Array((2...10).reversed()), "the list shown stays until the answer")
        server.answer(at: 0, failing: false)
        try await refresh.value
        #expect(pager.items.map(\.number) == [10, 9, 8])
        #expect(pager.pages.count == 1)
        #expect(try await cached(client) == [10, 9, 8])
        // The next page continues the refreshed list.
        let next = Task { try await pager.loadNext() }
        try await HangDetector.waitUntil("the next page's request") { @MainActor in server.pendingCount == 1 }
        server.answer(at: 0, failing: false)
        try await next.value
        #expect(pager.items.map(\.number) == [10, 9, 8, 7, 6, 5])
    }

    @Test("a first page whose request started before the list was written again does not overwrite it (overtaken)")
    func overtakenFirstPage() async throws {
        let server = PagingServer(numbers: Array(1...10), holdsRequests: true)
        let client = client(server)
        let pager = client.pager(Self.first, pagination: Self.belowID)
        let load = Task { try await pager.loadNext() }
        try await HangDetector.waitUntil("the first page's request") { @MainActor in server.pendingCount == 1 }
        server.answer(at: 0, failing: false)
        try await load.value
        // Another screen asks for the first page; the pager's next page is asked for after it and lands first.
        let other = Task { try await client.execute(Self.first, fetchPolicy: .serverOnly) }
        try await HangDetector.waitUntil("the other screen's request") { @MainActor in server.pendingCount == 1 }
        let next = Task { try await pager.loadNext() }
        try await HangDetector.waitUntil("the next page's request") { @MainActor in server.pendingCount == 2 }
        server.answer(at: 1, failing: false)
        try await next.value
        #expect(try await cached(client) == [10, 9, 8, 7, 6, 5])
        // The other screen's answer (with an item the server got since) lands last: the list written since its
        // request started is kept, as any field is against an overtaken answer.
        server.insert(11)
        server.answer(at: 0, failing: false)
        #expect(try await other.value.data?.listedItemsBeforeID.map(\.number) == [11, 10, 9])
        #expect(try await cached(client) == [10, 9, 8, 7, 6, 5])
        #expect(pager.items.map(\.number) == [10, 9, 8, 7, 6, 5])
    }

    @Test("a second pager's first load keeps the list the first pager loaded; each shows the whole list")
    func secondPagerKeepsTheList() async throws {
        let server = PagingServer(numbers: Array(1...10), holdsRequests: false)
        let client = client(server)
        let pager = try await pager(client, pages: 3)
        let other = try await self.pager(client, pages: 1)
        #expect(other.pages.count == 1)
        #expect(other.items.map(\.number) == Array((2...10).reversed()))
        try await HangDetector.waitUntil("the first pager is at rest") { @MainActor in pager.isFollowingAtRest }
        #expect(pager.items.map(\.number) == Array((2...10).reversed()))
    }
}
