import Foundation
import GraphQLBridgeSupport
import LegacyModels
import LotteryAPI
import LotteryTestSupport
import RuntimeTestSupport
import Testing

@testable import GraphQLBridge
@testable import LotteryBridge

/// The lottery's legacy watch (the app layer's `GraphQLClient.watch(requestType:as:)`) against the reference backend
/// (graphql-core), counting the requests it receives. The runtime's own live-query tests (watchers, query refs,
/// optimistic writes) are `Tests/GraphQLBridgeTests/LiveQueries/LiveQueryTests.swift`, over ShopAPI.
@Suite("The legacy watch against the reference backend", .serialized)
struct LegacyWatchTests {
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
