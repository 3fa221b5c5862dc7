import Foundation
import GraphQLBridgeSupport
import LegacyModels
import LotteryAPI
import LotteryTestSupport
import Observation
import Testing

@testable import GraphQLBridge
@testable import LotteryBridge

/// Live queries against the reference backend (graphql-core), counting the requests it receives: watchers,
/// query refs and optimistic writes. Every wait is bounded only to detect a hang; the assertions are on what
/// was emitted and on the request counts.
@Suite("Live queries against the reference backend", .serialized)
struct LiveQueryTests {
    struct Setup {
        let backend: ReferenceBackend
        let client: GraphQLHTTPClient
        let cache: GraphQLCache
        let counter: RequestCounter
        let gate: MutationGate
    }

    private static func makeSetup(failMutations: Bool = false) async throws -> Setup {
        var options = ReferenceBackendOptions(token: "alice")
        if failMutations { options.additionalArguments = ["--fail-mutations"] }
        let backend = try await ReferenceBackend.start(options)
        let counter = RequestCounter()
        let gate = MutationGate(operation: SetFavoriteMutation.operationName)
        let cache = GraphQLCache(maxAge: .seconds(300), now: ManualClock().function)
        let client = GraphQLHTTPClient(
            endpoint: backend.graphQLURL,
            middlewares: [BearerTokenMiddleware(token: "alice"), counter, gate], cache: cache)
        return Setup(backend: backend, client: client, cache: cache, counter: counter, gate: gate)
    }

    private func withBackend(
        failMutations: Bool = false, _ body: (Setup) async throws -> Void
    ) async throws {
        let setup = try await Self.makeSetup(failMutations: failMutations)
        defer { setup.backend.stop() }
        try await body(setup)
    }

    /// Consumes `watch` into a collector, in a task the test cancels.
    private func collect<Query: GraphQLQuery>(_ watch: GraphQLQueryWatch<Query>)
        -> (Collector<GraphQLResult<Query.Data>>, Task<Void, any Error>)
    {
        let collector = Collector<GraphQLResult<Query.Data>>()
        let task = Task {
            for try await result in watch { await collector.append(result) }
        }
        return (collector, task)
    }

    private func favorite(_ result: GraphQLResult<GameQuery.Data>) -> Bool? { result.data?.game?.isFavorite }

    @Test("A mutation re-emits the watched query from the cache, with no new query request")
    func mutationReEmits() async throws {
        try await withBackend { setup in
            await setup.gate.release(1)
            let (results, task) = collect(setup.client.watch(GameQuery(id: "6x45"), fetchPolicy: .serverOnly))
            defer { task.cancel() }
            let first = try await results.waitForCount(1)
            #expect(first.source == .server && favorite(first) == false)
            _ = try await setup.client.execute(SetFavoriteMutation(gameId: "6x45", favorite: true))
            let second = try await results.waitForCount(2)
            #expect(second.source == .cache)
            #expect(favorite(second) == true)
            #expect(setup.counter.count("Game") == 1, "the change came from the cache")
            #expect(setup.counter.count("SetFavorite") == 1)
        }
    }

    @Test("Identical data is not repeated: a refetch with the same answer emits nothing")
    func noRepeat() async throws {
        try await withBackend { setup in
            await setup.gate.release(1)
            let (results, task) = collect(setup.client.watch(GameQuery(id: "6x45"), fetchPolicy: .cacheAndServer))
            defer { task.cancel() }
            // Nothing cached: the server's result only.
            let first = try await results.waitForCount(1)
            #expect(first.source == .server)
            // The same answer again (its records are rewritten, the watcher reads them again): nothing emitted.
            _ = try await setup.client.execute(GameQuery(id: "6x45"), fetchPolicy: .serverOnly)
            _ = try await setup.client.execute(GamesQuery(), fetchPolicy: .serverOnly, errorPolicy: .returnPartialData)
            _ = try await setup.client.execute(SetFavoriteMutation(gameId: "6x45", favorite: true))
            let items = try await results.waitUntil("the favourite") { $0.contains { favorite($0) == true } }
            #expect(items.count == 2, "the second element is the change, not a repeat: \(items.map(favorite))")
            #expect(favorite(items[1]) == true)
        }
    }

    @Test("Cancelling the consuming task ends the sequence and frees the watcher; so does dropping the iterator")
    func cancellationFreesTheWatcher() async throws {
        try await withBackend { setup in
            let (results, task) = collect(setup.client.watch(GameQuery(id: "5x36"), fetchPolicy: .serverOnly))
            _ = try await results.waitForCount(1)
            let watcher = WeakBox(await setup.cache.liveWatchers().first)
            #expect(watcher.value != nil)
            #expect(await setup.cache.watcherCount == 1)
            task.cancel()
            try await task.value  // the sequence ended (nil), no error
            #expect(watcher.value == nil, "the watcher is freed with the iterator")
            #expect(await setup.cache.watcherCount == 0)

            // An iterator dropped without cancelling anything.
            var dropped = WeakBox<CacheWatcher>(nil)
            do {
                var iterator = setup.client.watch(GameQuery(id: "5x36"), fetchPolicy: .cacheOnly).makeAsyncIterator()
                let result = try await iterator.next()
                #expect(result?.source == .cache)
                dropped = WeakBox(await setup.cache.liveWatchers().first)
                #expect(dropped.value != nil)
            }
            #expect(dropped.value == nil)
            #expect(await setup.cache.watcherCount == 0)
        }
    }

    @Test("A removed record makes the watcher refetch (and show what the server has now)")
    func removedRecordRefetches() async throws {
        try await withBackend { setup in
            let (results, task) = collect(setup.client.watch(GameQuery(id: "6x45"), fetchPolicy: .serverOnly))
            defer { task.cancel() }
            #expect(favorite(try await results.waitForCount(1)) == false)
            // The server changes behind the cache's back (REST), then the game's record is removed.
            let rest = LegacyAPIClient(baseURL: setup.backend.restURL, token: "alice")
            _ = try await rest.setFavorite(gameId: "6x45", favorite: true)
            #expect(setup.counter.count("Game") == 1)
            try await setup.cache.removeRecords(forKeys: ["Game:6x45"])
            let second = try await results.waitForCount(2)
            #expect(second.source == .server)
            #expect(favorite(second) == true)
            #expect(setup.counter.count("Game") == 2, "one refetch")
        }
    }

    @Test(".cacheOnly never uses the network: a removed record ends the watch with a cache miss")
    func cacheOnlyMissEnds() async throws {
        try await withBackend { setup in
            _ = try await setup.client.execute(GameQuery(id: "6x45"))
            var iterator = setup.client.watch(GameQuery(id: "6x45"), fetchPolicy: .cacheOnly).makeAsyncIterator()
            #expect(try await iterator.next()?.source == .cache)
            try await setup.cache.clear()
            await #expect(throws: APIError.cacheMiss(operation: "Game", path: "game")) {
                _ = try await iterator.next()
            }
            #expect(try await iterator.next() == nil, "the sequence ended")
            #expect(setup.counter.count("Game") == 1)
        }
    }

    @Test("Changes made while the consumer is busy are coalesced; a partial result keeps its errors from the cache")
    func burstCoalesced() async throws {
        try await withBackend { setup in
            await setup.gate.release(1)
            await setup.gate.release(2)
            await setup.gate.release(3)
            var iterator = setup.client.watch(GamesQuery(), fetchPolicy: .serverOnly, errorPolicy: .returnPartialData)
                .makeAsyncIterator()
            let first = try #require(try await iterator.next())
            #expect(first.source == .server)
            #expect(!first.errors.isEmpty, "the reference data has a prize ledger down: partial data")
            func favorites(_ result: GraphQLResult<GamesQuery.Data>) -> [String] {
                (result.data?.games ?? []).filter(\.isFavorite).map(\.id)
            }
            #expect(favorites(first).isEmpty)
            // Three writes while nobody reads the sequence.
            for id in ["5x36", "6x45", "7x49"] {
                _ = try await setup.client.execute(SetFavoriteMutation(gameId: id, favorite: true))
            }
            let next = try #require(try await iterator.next())
            #expect(favorites(next) == ["5x36", "6x45", "7x49"], "one element with all three changes")
            #expect(next.source == .cache)
            #expect(next.errors == first.errors, "the fields the server had errors for are null with those errors")
            #expect(setup.counter.count("Games") == 1)
        }
    }

    @Test("clear() makes a watcher refetch")
    func clearRefetches() async throws {
        try await withBackend { setup in
            let (results, task) = collect(setup.client.watch(GameQuery(id: "6x45"), fetchPolicy: .serverOnly))
            defer { task.cancel() }
            _ = try await results.waitForCount(1)
            let rest = LegacyAPIClient(baseURL: setup.backend.restURL, token: "alice")
            _ = try await rest.setFavorite(gameId: "6x45", favorite: true)
            try await setup.cache.clear()
            #expect(favorite(try await results.waitForCount(2)) == true)
            #expect(setup.counter.count("Game") == 2)
        }
    }

    @Test("Optimistic data is seen at once, then confirmed by the server")
    func optimisticConfirmed() async throws {
        try await withBackend { setup in
            let (results, task) = collect(setup.client.watch(GameQuery(id: "6x45"), fetchPolicy: .serverOnly))
            defer { task.cancel() }
            let game = try #require(try await results.waitForCount(1).data?.game)
            let mutation = Task {
                try await setup.client.execute(
                    SetFavoriteMutation(gameId: "6x45", favorite: true),
                    optimisticData: .init(setFavorite: game.with(isFavorite: true)))
            }
            try await setup.gate.waitForArrivals(1)
            // The request is held at the gate: what the watcher and the cache show now is the optimistic layer.
            let optimistic = try await results.waitForCount(2)
            #expect(favorite(optimistic) == true && optimistic.source == .cache)
            #expect(await setup.cache.optimisticLayerCount == 1)
            await setup.gate.release(1)
            let confirmed = try await mutation.value
            #expect(confirmed.data?.setFavorite.isFavorite == true)
            #expect(await setup.cache.optimisticLayerCount == 0)
            let cached = try await setup.client.execute(GameQuery(id: "6x45"), fetchPolicy: .cacheOnly)
            #expect(favorite(cached) == true, "the server's result is in the store")
            #expect(await results.items.count == 2, "the confirmation equals the optimistic data: not repeated")
            #expect(setup.counter.count("Game") == 1)
        }
    }

    @Test("Optimistic data is rolled back exactly when the server fails the mutation")
    func optimisticRolledBack() async throws {
        try await withBackend(failMutations: true) { setup in
            let (results, task) = collect(setup.client.watch(GameQuery(id: "6x45"), fetchPolicy: .serverOnly))
            defer { task.cancel() }
            let original = try await results.waitForCount(1)
            let game = try #require(original.data?.game)
            let mutation = Task {
                try await setup.client.execute(
                    SetFavoriteMutation(gameId: "6x45", favorite: true),
                    optimisticData: .init(setFavorite: game.with(isFavorite: true)))
            }
            try await setup.gate.waitForArrivals(1)
            #expect(favorite(try await results.waitForCount(2)) == true)
            await setup.gate.release(1)
            await #expect(throws: APIError.self) { try await mutation.value }
            let rolledBack = try await results.waitForCount(3)
            #expect(rolledBack.data == original.data, "exactly the data before the write")
            #expect(await setup.cache.optimisticLayerCount == 0)
            #expect(setup.counter.count("Game") == 1, "the rollback needed no request")
        }
    }

    @Test("Two overlapping optimistic writes roll back independently, out of order")
    func overlappingRollbacks() async throws {
        try await withBackend(failMutations: true) { setup in
            let (results, task) = collect(setup.client.watch(GameQuery(id: "6x45"), fetchPolicy: .serverOnly))
            defer { task.cancel() }
            let original = try await results.waitForCount(1)
            let game = try #require(original.data?.game)
            func renamed(_ name: String) -> GameDetails {
                GameDetails(
                    id: game.id, name: name, type: game.type, isActive: game.isActive, ticketPrice: game.ticketPrice,
                    currency: game.currency, superPrize: game.superPrize, numbersCount: game.numbersCount,
                    numbersRange: game.numbersRange, bonusRange: game.bonusRange, logo: game.logo,
                    nextDraw: game.nextDraw, lastDraw: game.lastDraw, drawsCount: game.drawsCount,
                    rulesUrl: game.rulesUrl, isFavorite: true)
            }
            func name() async throws -> String? {
                try await setup.client.execute(GameQuery(id: "6x45"), fetchPolicy: .cacheOnly).data?.game?.name
            }
            let client = setup.client
            let first = Task {
                try await client.execute(
                    SetFavoriteMutation(gameId: "6x45", favorite: true),
                    optimisticData: .init(setFavorite: renamed("first layer")))
            }
            try await setup.gate.waitForArrivals(1)
            #expect(try await name() == "first layer")
            try await results.waitUntil("the first layer") { $0.last?.data?.game?.name == "first layer" }
            let second = Task {
                try await client.execute(
                    SetFavoriteMutation(gameId: "6x45", favorite: true),
                    optimisticData: .init(setFavorite: renamed("second layer")))
            }
            try await setup.gate.waitForArrivals(2)
            #expect(try await name() == "second layer", "the newer layer is on top")
            try await results.waitUntil("the second layer") { $0.last?.data?.game?.name == "second layer" }

            // The older mutation fails first: the newer layer stays on top.
            await setup.gate.release(1)
            await #expect(throws: APIError.self) { try await first.value }
            #expect(try await name() == "second layer")
            #expect(await setup.cache.optimisticLayerCount == 1)
            // Then the newer one: back to exactly the store's data.
            await setup.gate.release(2)
            await #expect(throws: APIError.self) { try await second.value }
            #expect(try await name() == game.name)
            #expect(await setup.cache.optimisticLayerCount == 0)
            let items = try await results.waitUntil("the rollback") { $0.last?.data == original.data }
            #expect(items.map { $0.data?.game?.name } == [game.name, "first layer", "second layer", game.name])
        }
    }

    @Test("QueryRef: execute, then updates from the cache, seen with withObservationTracking")
    @MainActor
    func queryRefObserved() async throws {
        let setup = try await Self.makeSetup()
        defer { setup.backend.stop() }
        await setup.gate.release(1)
        var ref: QueryRef<GameQuery>? = setup.client.ref(GameQuery(id: "6x45"))
        let weakRef = WeakBox(ref)
        if let ref { try await exercise(ref, setup) }
        #expect(await setup.cache.watcherCount == 1, "the ref follows the cache")
        ref = nil
        #expect(weakRef.value == nil, "the ref is freed when released")
        // Its watcher goes once the follow task sees the cancellation.
        let deadline = Date().addingTimeInterval(HangDetector.seconds)
        while await setup.cache.watcherCount > 0, Date() < deadline {
            try await Task.sleep(for: .milliseconds(5))
        }
        #expect(await setup.cache.watcherCount == 0)
    }

    @MainActor
    private func exercise(_ ref: QueryRef<GameQuery>, _ setup: Setup) async throws {
        #expect(ref.data == nil && ref.source == nil && !ref.isLoading)
        let loading = Flag()
        withObservationTracking {
            _ = ref.isLoading
        } onChange: {
            loading.set()
        }
        try await ref.execute()
        #expect(loading.isSet, "isLoading changed while executing")
        #expect(!ref.isLoading)
        #expect(ref.data?.game?.isFavorite == false)
        #expect(ref.source == .server)
        let changed = Flag()
        withObservationTracking {
            _ = ref.data
        } onChange: {
            changed.set()
        }
        _ = try await setup.client.execute(SetFavoriteMutation(gameId: "6x45", favorite: true))
        let deadline = Date().addingTimeInterval(HangDetector.seconds)
        while ref.data?.game?.isFavorite != true, Date() < deadline {
            try await Task.sleep(for: .milliseconds(5))
        }
        #expect(changed.isSet, "observers of data were told")
        #expect(ref.data?.game?.isFavorite == true)
        #expect(ref.source == .cache)
        #expect(setup.counter.count("Game") == 1)
    }

    @Test("The legacy watch of [GameInfo] emits the changed isFavorite after setFavorite, with no Games request")
    func legacyGamesWatch() async throws {
        try await withBackend { setup in
            await setup.gate.release(1)
            let client = GraphQLClient(client: setup.client)
            let models = Collector<[GameInfo]>()
            let task = Task {
                for try await games in client.watch(requestType: .games(), as: [GameInfo].self) {
                    await models.append(games)
                }
            }
            defer { task.cancel() }
            let first = try await models.waitForCount(1)
            #expect(first.first { $0.id == "6x45" }?.isFavorite == false)
            let written = try await client.setFavorite(gameId: "6x45", favorite: true)
            #expect(written.isFavorite)
            let items = try await models.waitUntil("the favourite") {
                $0.last?.first { $0.id == "6x45" }?.isFavorite == true
            }
            #expect(items.count == 2, "the optimistic flag and the server's equal game: one change")
            let changed = items[1]
            #expect(changed.count == first.count)
            #expect(zip(first, changed).filter { $0.0 != $0.1 }.map(\.0.id) == ["6x45"], "only that game changed")
            #expect(setup.counter.count("Games") == 1)
        }
    }
}

/// A weak reference, to prove that something was freed.
struct WeakBox<Object: AnyObject>: @unchecked Sendable {
    // @unchecked: a test-only box; the weak reference is read on the test's task.
    weak var value: Object?
    init(_ value: Object?) { self.value = value }
}
