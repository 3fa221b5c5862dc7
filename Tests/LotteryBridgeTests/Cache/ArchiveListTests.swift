import Foundation
import GraphQLBridge
import GraphQLBridgeSupport
import GraphQLMigration
import LegacyModels
import LotteryAPI
import LotteryBackend
import LotteryBridge
import LotteryTestSupport
import Testing

/// The lottery's archive as one list in the cache (Sources/LotteryAPI/graphql/graphql-codegen.json declares
/// `Query.draws` with `keyArgs: ["gameId"]`, `continuation: "before"` and `continuationField: "number"`): a `before:`
/// page joins the game's list only after the draw it names, so the list never has a hole; the legacy route
/// `.draws(gameId:last:before:)` still gives exactly REST's page; the archive pager gives the whole archive as one list;
/// a draw opened from the archive is read from the cache.
@Suite("Lottery archive as one list")
struct ArchiveListTests {
    /// A memory cache on a clock that stands still: a draw's 5 s prize pool stays fresh however slow the run.
    static func cache() -> GraphQLCache {
        GraphQLCache(maxAge: .seconds(3600), now: ManualClock().function)
    }

    /// A game's draw numbers, newest first, as REST gives them in one page.
    static func numbers(_ rest: LegacyAPIClient, gameId: String) async throws -> [Int64] {
        try await rest.draws(gameId: gameId, limit: 100).map(\.number)
    }

    @Test("a page joins the list after the draw its before names; one after a gap is left out, its draws written")
    func continuity() async throws {
        let server = try EmbeddedLotteryServer.start()
        defer { server.stop() }
        let numbers = try await Self.numbers(LegacyAPIClient(baseURL: server.restURL), gameId: "6x45")
        try #require(numbers.count >= 12)
        let cache = Self.cache()
        let client = GraphQLHTTPClient(endpoint: server.graphQLURL, cache: cache)
        func page(before: Int64?, last: Int) async throws -> [Int64] {
            let query = DrawsQuery(gameId: "6x45", last: .some(last), before: GraphQLNullable(before))
            return try await client.execute(query, fetchPolicy: .serverOnly).data?.draws.map(\.number) ?? []
        }
        func cached() async throws -> [Int64] {
            let query = DrawsQuery(gameId: "6x45", last: .some(3))
            return try await client.execute(query, fetchPolicy: .cacheOnly).data?.draws.map(\.number) ?? []
        }
        #expect(try await page(before: nil, last: 3) == Array(numbers[0..<3]))
        #expect(try await page(before: numbers[2], last: 3) == Array(numbers[3..<6]))
        #expect(try await cached() == Array(numbers[0..<6]), "a page after the list's last draw is appended")
        // A page after a draw the list does not hold: the server's page, left out of the list (no hole).
        #expect(try await page(before: numbers[8], last: 3) == Array(numbers[9..<12]))
        #expect(try await cached() == Array(numbers[0..<6]), "a page after a gap does not join the list")
        let opened = try await client.execute(DrawQuery(gameId: "6x45", number: numbers[9]), fetchPolicy: .cacheOnly)
        #expect(opened.data?.draw?.number == numbers[9], "the left-out page's draws are written all the same")
        // A page loaded again inside the list takes its places; the draws after its last one stay.
        #expect(try await page(before: numbers[1], last: 2) == Array(numbers[2..<4]))
        #expect(try await cached() == Array(numbers[0..<6]))
        #expect(try await page(before: numbers[5], last: 3) == Array(numbers[6..<9]))
        #expect(try await cached() == Array(numbers[0..<9]), "the list continues at its end")
        // The first page again (a watch's refetch, another screen's fetch): its last draw is in the list, whose draws
        // after it stay (issue 31: the archive is not cut back to one page).
        #expect(try await page(before: nil, last: 2) == Array(numbers[0..<2]))
        #expect(try await cached() == Array(numbers[0..<9]), "a first page keeps the list after its last draw")
        // A first page whose last draw the list does not hold (here the list edited to older draws, as after more than
        // a page of new draws) replaces the list.
        try await cache.withinReadWriteTransaction { transaction in
            let query = DrawsQuery(gameId: "6x45", last: .some(3))
            let list = try #require(try transaction.read(query)?.draws)
            try transaction.write(DrawsQuery.Data(draws: Array(list[5..<9])), for: query)
        }
        #expect(try await cached() == Array(numbers[5..<9]))
        #expect(try await page(before: nil, last: 3) == Array(numbers[0..<3]))
        #expect(
            try await cached() == Array(numbers[0..<3]), "a first page whose last draw is not in the list replaces it")
        // An empty page after the last draw: the end of the archive joins nothing, changes nothing.
        let last = try #require(numbers.last)
        #expect(try await page(before: last, last: 3).isEmpty)
        #expect(try await cached() == Array(numbers[0..<3]))
    }

    @Test("another screen's first-page fetch does not cut the archive pager's list back to one page (issue 31)")
    @MainActor
    func firstPageAgainKeepsTheArchive() async throws {
        let server = try EmbeddedLotteryServer.start()
        defer { server.stop() }
        let numbers = try await Self.numbers(LegacyAPIClient(baseURL: server.restURL), gameId: "6x45")
        try #require(numbers.count >= 12)
        let client = GraphQLHTTPClient(endpoint: server.graphQLURL, cache: Self.cache())
        // The archive's pager (as `DrawArchive` makes it), five pages of 2 loaded.
        let pager = client.pager(
            DrawsQuery(gameId: "6x45", last: .some(2)),
            pagination: GraphQLPagination(
                items: { $0.draws },
                next: { query, data in
                    guard data.draws.count >= 2, let last = data.draws.last else { return nil }
                    return DrawsQuery(gameId: query.gameId, last: .some(2), before: .some(last.number))
                }))
        for _ in 0..<5 { try await pager.loadNext() }
        #expect(pager.items.map(\.number) == Array(numbers[0..<10]))
        // Another screen fetches the first page from the server.
        let first = DrawsQuery(gameId: "6x45", last: .some(2))
        let fetched = try await client.execute(first, fetchPolicy: .serverOnly)
        #expect(fetched.data?.draws.map(\.number) == Array(numbers[0..<2]))
        let read = try await client.execute(first, fetchPolicy: .cacheOnly)
        #expect(read.data?.draws.map(\.number) == Array(numbers[0..<10]), "the cache still holds the whole list")
        try await HangDetector.waitUntil("the pager follows the cache") { @MainActor in pager.isFollowingAtRest }
        #expect(pager.items.map(\.number) == Array(numbers[0..<10]), "the pager still shows the whole list")
        // Its next page continues the list.
        try await pager.loadNext()
        #expect(pager.items.map(\.number) == Array(numbers[0..<12]))
    }

    @Test("the legacy route gives exactly REST's page, every page of every game, while the cache holds the list")
    func routeGivesRESTPages() async throws {
        let server = try EmbeddedLotteryServer.start()
        defer { server.stop() }
        try await checkRoutePages(restURL: server.restURL, graphQLURL: server.graphQLURL)
    }

    @Test("the same against the reference backend (graphql-core; REST limit and before as the contract says)")
    func routeGivesRESTPagesReference() async throws {
        guard let backend = try await ReferenceBackend.startIfAvailable() else { return }
        defer { backend.stop() }
        try await checkRoutePages(restURL: backend.restURL, graphQLURL: backend.graphQLURL)
    }

    func checkRoutePages(restURL: URL, graphQLURL: URL) async throws {
        let rest = LegacyAPIClient(baseURL: restURL)
        let client = GraphQLClient(endpoint: graphQLURL, cache: Self.cache())
        let games = try await rest.games(activeOnly: false)
        #expect(!games.isEmpty)
        var unreadable: [String] = []
        for game in games {
            let all = try await Self.numbers(rest, gameId: game.id)
            try #require(all.count > 3)
            // Every page of 3, then pages of another size over the list the first walk left in the cache.
            for size in [3, 2, 5] {
                var before: Int64?
                var pages = 0
                repeat {
                    let expected = try await rest.draws(gameId: game.id, limit: size, before: before)
                    let page = try await client.draws(gameId: game.id, last: size, before: before)
                    #expect(page == expected, "\(game.id): page of \(size) before \(before.map(String.init) ?? "nil")")
                    before = page.count >= size ? page.last?.number : nil
                    pages += 1
                    try #require(pages < 1000)
                } while before != nil
            }
            // From the cache (the walks left the whole archive there, no hole): the first page is the list's first
            // draws; a later page the draws after the one named, when the list holds them all; else a miss. (A game
            // with a draw whose prize pool the server answers with an error is not whole in the cache: left out.)
            let first: [DrawInfo]
            do {
                first = try await client.fetch(requestType: .draws(gameId: game.id, last: 3), fetchPolicy: .cacheOnly)
            } catch {
                unreadable.append(game.id)
                continue
            }
            #expect(first.map(\.number) == Array(all.prefix(3)), "\(game.id)")
            let second: [DrawInfo] = try await client.fetch(
                requestType: .draws(gameId: game.id, last: 2, before: all[0]), fetchPolicy: .cacheOnly)
            #expect(second.map(\.number) == Array(all[1..<3]), "\(game.id)")
            let end = try #require(all.last)
            await #expect(throws: APIError.self, "\(game.id): the end of the archive is no page the cache can give") {
                let _: [DrawInfo] = try await client.fetch(
                    requestType: .draws(gameId: game.id, last: 2, before: end), fetchPolicy: .cacheOnly)
            }
        }
        #expect(unreadable.count <= 1, "the games read from the cache: all but \(unreadable)")
    }

    @Test("the archive pager gives the whole archive as one list, and a draw opened from it is read from the cache")
    @MainActor
    func archiveThenDraw() async throws {
        let server = try EmbeddedLotteryServer.start()
        defer { server.stop() }
        let rest = LegacyAPIClient(baseURL: server.restURL)
        let all = try await rest.draws(gameId: "6x45", limit: 100)
        let counter = RequestCounter()
        let graphQL = GraphQLClient(
            endpoint: server.graphQLURL, middlewares: [counter], cache: Self.cache())
        let repository = LotteryRepository(
            rest: rest, graphQL: graphQL,
            router: MigrationRouter(settings: MigrationSettings(defaultMode: .rest, modes: ["DrawInfo": .graphQL])))
        let archive = repository.archive(gameId: "6x45", pageSize: 4)
        var loads = 0
        while archive.hasMore {
            try await archive.loadNext()
            loads += 1
            try #require(loads < 1000)
        }
        #expect(archive.draws == all)
        #expect(counter.count(DrawsQuery.operationName) == loads)
        // The cache's list is the whole archive, as one list: a read of any page of it gives all the draws.
        let whole = try await graphQL.client.execute(
            DrawsQuery(gameId: "6x45", last: .some(4), before: .some(all[3].number)), fetchPolicy: .cacheOnly)
        #expect(whole.data?.draws.map(\.number) == all.map(\.number))
        for draw in all {
            let opened = try await repository.draw(gameId: "6x45", number: draw.number)
            #expect(opened == draw)
        }
        #expect(counter.count(DrawQuery.operationName) == 0, "every draw opened from the archive came from the cache")
    }
}
