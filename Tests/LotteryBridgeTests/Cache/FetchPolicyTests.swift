import Foundation
import GraphQLBridge
import GraphQLBridgeTesting
import LegacyModels
import LotteryAPI
import LotteryBridge
import LotteryTestSupport
import Testing

/// Each fetch policy against the reference backend (graphql-core), counting the requests that reach it: a
/// cache hit sends none. Time moves with a manual clock, never with sleeps.
@Suite("Fetch policies against the reference backend", .serialized)
struct FetchPolicyTests {
    struct Setup {
        let client: GraphQLHTTPClient
        let counter: RequestCounter
        let cache: GraphQLCache
        let clock: ManualClock
    }

    private func withBackend(maxAge: Duration, _ body: (Setup) async throws -> Void) async throws {
        let backend = try await ReferenceBackend.start(ReferenceBackendOptions())
        defer { backend.stop() }
        let clock = ManualClock()
        let counter = RequestCounter()
        let cache = GraphQLCache(maxAge: maxAge, now: clock.function)
        let client = GraphQLHTTPClient(endpoint: backend.graphQLURL, middlewares: [counter], cache: cache)
        try await body(Setup(client: client, counter: counter, cache: cache, clock: clock))
    }

    @Test(".preferCache: the server once, then the cache while fresh; the server again once stale")
    func preferCache() async throws {
        try await withBackend(maxAge: .seconds(30)) { setup in
            let first = try await setup.client.execute(GameQuery(id: "7x49"))
            #expect(first.source == .server)
            let second = try await setup.client.execute(GameQuery(id: "7x49"))
            #expect(second.source == .cache && !second.isStale)
            #expect(second.data == first.data)
            #expect(setup.counter.count("Game") == 1, "a cache hit sends no request")
            setup.clock.advance(by: .seconds(31))
            let third = try await setup.client.execute(GameQuery(id: "7x49"))
            #expect(third.source == .server)
            #expect(setup.counter.count("Game") == 2)
        }
    }

    @Test("maxAge zero: results are kept but .preferCache always asks the server; .cacheOnly serves them, stale")
    func maxAgeZero() async throws {
        try await withBackend(maxAge: .zero) { setup in
            _ = try await setup.client.execute(GameQuery(id: "7x49"))
            let again = try await setup.client.execute(GameQuery(id: "7x49"))
            #expect(again.source == .server)
            #expect(setup.counter.count("Game") == 2)
            let cached = try await setup.client.execute(GameQuery(id: "7x49"), fetchPolicy: .cacheOnly)
            #expect(cached.source == .cache && cached.isStale)
            #expect(cached.data?.game?.id == "7x49")
            #expect(setup.counter.count("Game") == 2)
        }
    }

    @Test(".cacheOnly on a miss: APIError.cacheMiss naming the missing field, and no request")
    func cacheOnlyMiss() async throws {
        try await withBackend(maxAge: .seconds(30)) { setup in
            await #expect(throws: APIError.cacheMiss(operation: "Game", path: "game")) {
                try await setup.client.execute(GameQuery(id: "7x49"), fetchPolicy: .cacheOnly)
            }
            #expect(setup.counter.total == 0)
            // Another game's query does not answer this one: the field key holds the argument.
            _ = try await setup.client.execute(GameQuery(id: "6x45"))
            await #expect(throws: APIError.cacheMiss(operation: "Game", path: "game")) {
                try await setup.client.execute(GameQuery(id: "7x49"), fetchPolicy: .cacheOnly)
            }
        }
    }

    @Test(".serverOnly: always the server, and the result is written")
    func serverOnly() async throws {
        try await withBackend(maxAge: .seconds(30)) { setup in
            _ = try await setup.client.execute(DrawsQuery(gameId: "5x36", last: .some(3)), fetchPolicy: .serverOnly)
            _ = try await setup.client.execute(DrawsQuery(gameId: "5x36", last: .some(3)), fetchPolicy: .serverOnly)
            #expect(setup.counter.count("Draws") == 2)
            let cached = try await setup.client.execute(
                DrawsQuery(gameId: "5x36", last: .some(3)), fetchPolicy: .cacheOnly)
            #expect(cached.data?.draws.count == 3)
            await #expect(throws: APIError.self) {
                try await setup.client.execute(DrawsQuery(gameId: "5x36", last: .some(4)), fetchPolicy: .cacheOnly)
            }
        }
    }

    @Test(".serverFirst offline: the cached result, marked stale; nothing cached: the transport error")
    func serverFirstOffline() async throws {
        let cache = GraphQLCache(maxAge: .seconds(3600), now: ManualClock().function)
        let backend = try await ReferenceBackend.start(ReferenceBackendOptions())
        let online = GraphQLHTTPClient(endpoint: backend.graphQLURL, cache: cache)
        let fresh = try await online.execute(GameQuery(id: "6x45"), fetchPolicy: .serverFirst)
        #expect(fresh.source == .server && !fresh.isStale)
        backend.stop()

        let deadEndpoint = try #require(URL(string: "http://127.0.0.1:9/graphql"))
        let offline = GraphQLHTTPClient(endpoint: deadEndpoint, timeout: .seconds(5), cache: cache)
        let result = try await offline.execute(GameQuery(id: "6x45"), fetchPolicy: .serverFirst)
        #expect(result.source == .cache && result.isStale)
        #expect(result.data == fresh.data)
        await #expect {
            try await offline.execute(GameQuery(id: "7x49"), fetchPolicy: .serverFirst)
        } throws: { error in
            guard let error = error as? APIError, case .transport = error else { return false }
            return true
        }
    }

    @Test("Normalized: a list query refreshes the games that a single-game query reads from the cache")
    func normalizedAcrossQueries() async throws {
        try await withBackend(maxAge: .seconds(30)) { setup in
            _ = try await setup.client.execute(GameQuery(id: "6x45"))
            #expect(await setup.cache.record(forKey: "Game:6x45") != nil, "stored once, under its key")
            #expect(await setup.cache.record(forKey: "Image:logo-6x45") != nil)
            let rootField = "game({\"id\":\"6x45\"})"
            let root = try #require(await setup.cache.record(forKey: "QUERY_ROOT." + rootField))
            #expect(root.fields[rootField]?.value == .reference("Game:6x45"), "each root field is its own record")
            let games = try await setup.client.execute(
                GamesQuery(activeOnly: .some(false)), errorPolicy: .returnPartialData)
            #expect(games.data?.games.contains { $0.id == "6x45" } == true)
            let gameRecord = try #require(await setup.cache.record(forKey: "Game:6x45"))
            #expect(gameRecord.fields["name"]?.value == .scalar(.string("Gosloto 6 of 45")))
            // The ledger-down draw's prize pool came with an error: it is not cached, so reading it misses.
            let ledgerDown = try #require(await setup.cache.record(forKey: "Draw:ruslotto,1659"))
            #expect(ledgerDown.fields["prizePool"]?.value == .missing && ledgerDown.fields["number"] != nil)
            await #expect(throws: APIError.self) {
                try await setup.client.execute(GameQuery(id: "ruslotto"), fetchPolicy: .cacheOnly)
            }
        }
    }

    @Test("Identical queries in flight at the same moment share one request")
    func inFlightSharing() async throws {
        try await withBackend(maxAge: .seconds(30)) { setup in
            let client = setup.client
            try await withThrowingTaskGroup(of: String?.self) { group in
                for _ in 0..<8 {
                    group.addTask {
                        try await client.execute(DrawsQuery(gameId: "6x45"), fetchPolicy: .serverOnly).data?.draws
                            .first?.id
                    }
                }
                var ids: Set<String?> = []
                for try await id in group { ids.insert(id) }
                #expect(ids.count == 1)
            }
            #expect(setup.counter.count("Draws") < 8, "shared: \(setup.counter.count("Draws")) requests for 8 queries")
        }
    }

    @Test("A mutation changes the normalized game in every cached query that holds it, with no new query request")
    func mutationMergesIntoCachedQueries() async throws {
        let backend = try await ReferenceBackend.start(ReferenceBackendOptions())
        defer { backend.stop() }
        let counter = RequestCounter()
        let app = GraphQLClient(
            endpoint: backend.graphQLURL, middlewares: [counter],
            cache: GraphQLCache(maxAge: .seconds(3600), now: ManualClock().function))
        let games: [GameInfo] = try await app.fetch(requestType: .games(type: .lotto, activeOnly: true))
        let game: GameInfo = try await app.fetch(requestType: .gameInfo(gameId: "6x45"))
        #expect(games.first { $0.id == "6x45" }?.isFavorite == false && !game.isFavorite)

        let updated = try await app.setFavorite(gameId: "6x45", favorite: true)
        #expect(updated.isFavorite)
        let cachedGame: GameInfo = try await app.fetch(requestType: .gameInfo(gameId: "6x45"), fetchPolicy: .cacheOnly)
        #expect(cachedGame.isFavorite)
        // The lotto list refers to the same record (it holds the ledger-down draw, whose errored prize fields are
        // never cached, so the list itself is not served by .cacheOnly).
        let cache = try #require(app.client.cache)
        let listKey = "games({\"activeOnly\":true,\"type\":\"LOTTO\"})"
        let list = try #require(await cache.record(forKey: "QUERY_ROOT." + listKey))
        #expect(list.fields[listKey]?.value.referencedKeys.contains("Game:6x45") == true)
        #expect(await cache.record(forKey: "Game:6x45")?.fields["isFavorite"]?.value == .scalar(.bool(true)))
        // Served from the cache while fresh: the list was asked for once, the game never (`game(id:)` is a cache
        // redirect: read from the record the list wrote).
        let again: GameInfo = try await app.fetch(requestType: .gameInfo(gameId: "6x45"))
        #expect(again.isFavorite)
        #expect(counter.count("Games") == 1 && counter.count("Game") == 0 && counter.count("SetFavorite") == 1)
        // A mutation is never served from the cache.
        _ = try await app.setFavorite(gameId: "6x45", favorite: true)
        #expect(counter.count("SetFavorite") == 2)
    }
}
