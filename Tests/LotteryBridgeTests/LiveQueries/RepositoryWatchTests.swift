import Foundation
import GraphQLBridge
import GraphQLBridgeSupport
import GraphQLMigration
import LegacyModels
import LotteryAPI
import LotteryBridge
import LotteryTestSupport
import Testing

/// The repository's live models under the migration switch: GraphQL-served models follow the cache; REST-served
/// ones (`.rest`, `.shadow`) are fetched again on demand and after writes through the repository.
@Suite("Live legacy models through the migration switch", .serialized)
struct RepositoryWatchTests {
    private func repository(
        _ backend: ReferenceBackend, mode: MigrationMode, counter: RequestCounter, restCalls: RESTCalls
    )
        -> LotteryRepository
    {
        LotteryRepository(
            rest: LegacyAPIClient(baseURL: backend.restURL, token: "alice", metrics: { _ in restCalls.add() }),
            graphQL: GraphQLClient(
                endpoint: backend.graphQLURL, token: "alice", middlewares: [counter],
                cache: GraphQLCache(maxAge: .seconds(300), now: ManualClock().function)),
            router: MigrationRouter(settings: MigrationSettings(defaultMode: .rest, modes: ["GameInfo": mode])))
    }

    @Test(
        "GraphQL mode: the watched game follows the cache (a write, no new query)",
        arguments: [
            MigrationMode.graphQL, .graphQLWithRESTFallback,
        ])
    func graphQLMode(mode: MigrationMode) async throws {
        let backend = try await ReferenceBackend.start(ReferenceBackendOptions(token: "alice"))
        defer { backend.stop() }
        let counter = RequestCounter()
        let restCalls = RESTCalls()
        let repository = repository(backend, mode: mode, counter: counter, restCalls: restCalls)
        var iterator = repository.watchGame(id: "6x45").makeAsyncIterator()
        #expect(try await iterator.next()?.isFavorite == false)
        _ = try await repository.setFavorite(gameId: "6x45", favorite: true)
        #expect(try await iterator.next()?.isFavorite == true)
        #expect(counter.count("Game") == 1)
        #expect(restCalls.count == 0)
    }

    @Test(
        "REST and shadow modes: REST answers, and the model is fetched again after a write and on refresh",
        arguments: [
            MigrationMode.rest, .shadow,
        ])
    func restMode(mode: MigrationMode) async throws {
        let backend = try await ReferenceBackend.start(ReferenceBackendOptions(token: "alice"))
        defer { backend.stop() }
        let counter = RequestCounter()
        let restCalls = RESTCalls()
        let repository = repository(backend, mode: mode, counter: counter, restCalls: restCalls)
        var iterator = repository.watchGame(id: "6x45").makeAsyncIterator()
        #expect(try await iterator.next()?.isFavorite == false)
        #expect(restCalls.count == 1)
        // A write through the repository: REST-served watches fetch again.
        _ = try await repository.setFavorite(gameId: "6x45", favorite: true)
        #expect(try await iterator.next()?.isFavorite == true)
        // Another client's write is seen on demand (pull to refresh).
        let other = LegacyAPIClient(baseURL: backend.restURL, token: "alice")
        _ = try await other.setFavorite(gameId: "6x45", favorite: false)
        await repository.refreshWatches()
        #expect(try await iterator.next()?.isFavorite == false)
        if mode == .rest {
            // (In shadow the write is read back once through GraphQL, detached, and compared.)
            #expect(counter.count("Game") == 0, "no GraphQL query watches a REST-served model")
        }
        #expect(restCalls.count == 4, "the first fetch, the write, its refetch, the refresh")
    }

    @Test("graphQLWithRESTFallback: GraphQL failing before the first model hands the watch to REST")
    func fallback() async throws {
        let backend = try await ReferenceBackend.start(ReferenceBackendOptions(token: "alice"))
        defer { backend.stop() }
        let restCalls = RESTCalls()
        let reporter = RecordingMigrationEventReporter()
        let repository = LotteryRepository(
            rest: LegacyAPIClient(baseURL: backend.restURL, token: "alice", metrics: { _ in restCalls.add() }),
            graphQL: GraphQLClient(
                endpoint: try #require(URL(string: "http://127.0.0.1:9/graphql")), token: "alice",
                cache: GraphQLCache()),
            router: MigrationRouter(
                settings: MigrationSettings(defaultMode: .rest, modes: ["GameInfo": .graphQLWithRESTFallback]),
                eventReporter: reporter))
        var iterator = repository.watchGame(id: "6x45").makeAsyncIterator()
        let game = try await iterator.next()
        #expect(game?.id == "6x45")
        #expect(restCalls.count == 1)
        let events = await reporter.events
        #expect(events.count == 1)
    }
}

/// Counts REST requests.
final class RESTCalls: Sendable {
    private struct State {
        var value = 0
    }

    private let state = Locked(State())
    func add() { state.withLock { $0.value += 1 } }
    var count: Int { state.withLock { $0.value } }
}
