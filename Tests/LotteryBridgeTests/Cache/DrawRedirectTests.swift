import Foundation
import GraphQLBridge
import LotteryAPI
import LotteryBackend
import Testing

/// The lottery's cache redirects (Sources/LotteryAPI/graphql/graphql-codegen.json declares `Query.game(id)` and
/// `Query.draw(gameId, number)`, with `Draw` keyed by `gameId` and `number`): a draw opened from the archive, and a
/// game opened from the list, are read from the records the lists wrote, with no request. Against the embedded
/// backend, counting the requests that reach it.
@Suite("Lottery cache redirects")
struct DrawRedirectTests {
    struct Setup {
        let client: GraphQLHTTPClient
        let counter: RequestCounter
        let clock: ManualClock
    }

    private func withBackend(_ body: (Setup) async throws -> Void) async throws {
        let server = try EmbeddedLotteryServer.start()
        defer { server.stop() }
        let clock = ManualClock()
        let counter = RequestCounter()
        let cache = GraphQLCache(maxAge: .seconds(60), now: clock.function)
        let client = GraphQLHTTPClient(endpoint: server.graphQLURL, middlewares: [counter], cache: cache)
        try await body(Setup(client: client, counter: counter, clock: clock))
    }

    @Test("a draw opened after the archive query is read from the cache, with no request, equal to the server's")
    func drawFromArchive() async throws {
        try await withBackend { setup in
            let archive = try await setup.client.execute(DrawsQuery(gameId: "6x45", last: .some(5)))
            let listed = try #require(archive.data?.draws)
            try #require(listed.count >= 2)
            for draw in listed {
                let opened = try await setup.client.execute(DrawQuery(gameId: "6x45", number: draw.number))
                #expect(opened.source == .cache && !opened.isStale)
                #expect(opened.data?.draw == draw)
            }
            #expect(setup.counter.count(DrawQuery.operationName) == 0, "every draw was read from the archive's records")
            // The server's own answer for one of them is the same draw.
            let fromServer = try await setup.client.execute(
                DrawQuery(gameId: "6x45", number: listed[0].number), fetchPolicy: .serverOnly)
            #expect(fromServer.data?.draw == listed[0])
            #expect(setup.counter.count(DrawQuery.operationName) == 1)
        }
    }

    @Test("a draw the archive did not list, or one whose prize pool outlived its 5 s, goes to the server")
    func missesGoToServer() async throws {
        try await withBackend { setup in
            let archive = try await setup.client.execute(DrawsQuery(gameId: "6x45", last: .some(2)))
            let listed = try #require(archive.data?.draws)
            let oldest = try #require(listed.last)
            // An older draw than any listed: no record, a request.
            let older = try await setup.client.execute(DrawQuery(gameId: "6x45", number: oldest.number - 1))
            #expect(older.source == .server)
            #expect(setup.counter.count(DrawQuery.operationName) == 1)
            // `Draw.prizePool` lives 5 s (the configuration's maxAge): after 6 s the redirected read is stale.
            setup.clock.advance(by: .seconds(6))
            let stale = try await setup.client.execute(DrawQuery(gameId: "6x45", number: oldest.number))
            #expect(stale.source == .server)
            #expect(setup.counter.count(DrawQuery.operationName) == 2)
        }
    }

    @Test("a game opened after the games list is read from the cache")
    func gameFromList() async throws {
        try await withBackend { setup in
            // (One game's last draw has its prize pool in error: partial data, that game's record lacks it.)
            let games = try await setup.client.execute(
                GamesQuery(activeOnly: .some(false)), errorPolicy: .returnPartialData)
            let first = try #require(games.data?.games.first { $0.id == "6x45" })
            let opened = try await setup.client.execute(GameQuery(id: first.id))
            #expect(opened.source == .cache && opened.data?.game == first)
            #expect(setup.counter.count(GameQuery.operationName) == 0)
            // The game whose draw's prize pool came with an error: its record lacks the field, so a miss, a request.
            _ = try? await setup.client.execute(GameQuery(id: "ruslotto"), errorPolicy: .returnPartialData)
            #expect(setup.counter.count(GameQuery.operationName) == 1)
        }
    }
}
