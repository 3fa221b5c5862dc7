import Foundation
import GraphQLBridge
import GraphQLBridgeSupport
import GraphQLMigration
import LegacyModels
import LotteryBackend
import LotteryBridge
import LotteryTestSupport
import Testing

/// The app's data layer under each migration mode, against the embedded backend (and the reference
/// backend with injected differences for a real mismatch).
@Suite("LotteryRepository migration modes")
struct LotteryRepositoryTests {
    /// Counts requests per API.
    final class Counter: @unchecked Sendable {
        private struct State {
            var counts: [String: Int] = [:]
        }

        private let state = Locked(State())
        func add(_ api: String) { state.withLock { $0.counts[api, default: 0] += 1 } }
        subscript(api: String) -> Int { state.withLock { $0.counts[api, default: 0] } }
    }

    struct CountingMiddleware: GraphQLMiddleware {
        let counter: Counter
        func intercept(_ request: GraphQLBridge.HTTPRequest, body: Data, operationName: String, next: Next)
            async throws -> (GraphQLBridge.HTTPResponse, Data)
        {
            counter.add("graphql")
            return try await next(request, body, operationName)
        }
    }

    struct Setup {
        let repository: LotteryRepository
        let counter: Counter
        let publisher: RecordingExperimentPublisher
        let reporter: RecordingMigrationEventReporter
        let server: EmbeddedLotteryServer
    }

    /// A repository on the embedded backend; `graphQLURL` overrides the GraphQL endpoint (e.g. a dead port).
    private func makeSetup(_ modes: [String: MigrationMode], graphQLURL: URL? = nil) throws -> Setup {
        let server = try EmbeddedLotteryServer.start()
        let counter = Counter()
        let publisher = RecordingExperimentPublisher()
        let reporter = RecordingMigrationEventReporter()
        let rest = LegacyAPIClient(baseURL: server.restURL, metrics: { _ in counter.add("rest") })
        let graphQL = GraphQLClient(
            endpoint: graphQLURL ?? server.graphQLURL, middlewares: [CountingMiddleware(counter: counter)])
        let router = MigrationRouter(
            settings: MigrationSettings(defaultMode: .rest, modes: modes), publisher: publisher,
            eventReporter: reporter)
        return Setup(
            repository: LotteryRepository(rest: rest, graphQL: graphQL, router: router), counter: counter,
            publisher: publisher, reporter: reporter, server: server)
    }

    /// An endpoint where nothing listens.
    private let deadGraphQL = URL(string: "http://127.0.0.1:9/graphql")

    @Test(".rest: only REST is asked; GraphQL is never called")
    func restMode() async throws {
        let setup = try makeSetup(["GameInfo": .rest])
        defer { setup.server.stop() }
        let game = try await setup.repository.game(id: "6x45")
        #expect(game.id == "6x45")
        #expect(setup.counter["rest"] == 1)
        #expect(setup.counter["graphql"] == 0)
    }

    @Test(".graphQL: only GraphQL is asked")
    func graphQLMode() async throws {
        let setup = try makeSetup(["ImageInfo": .graphQL])
        defer { setup.server.stop() }
        let image = try await setup.repository.image(id: "logo-6x45")
        #expect(image.width == 128)
        #expect(setup.counter["graphql"] == 1)
        #expect(setup.counter["rest"] == 0)
    }

    @Test(".shadow: REST answers, GraphQL is compared and the match is published")
    func shadowMatch() async throws {
        let setup = try makeSetup(["DrawInfo": .shadow])
        defer { setup.server.stop() }
        let draws = try await setup.repository.draws(gameId: "5x36")
        let expected = try await setup.repository.rest.draws(gameId: "5x36")
        #expect(draws == expected)
        let results = await setup.publisher.waitForResults(count: 1)
        #expect(setup.counter["graphql"] == 1)
        #expect(results.count == 1)
        #expect(results.first?.isMatch == true)
        #expect(results.first?.name == "DrawInfo")
    }

    @Test(".shadow: a GraphQL failure never reaches the caller; it is published")
    func shadowCandidateFailure() async throws {
        let setup = try makeSetup(["GameInfo": .shadow], graphQLURL: deadGraphQL)
        defer { setup.server.stop() }
        let game = try await setup.repository.game(id: "7x49")
        #expect(game.drawsTotal == Int64.max)
        // A generous bound: the refused connection's failure is published off the caller's path, and a loaded
        // 2-core machine can hold the cooperative pool for seconds.
        let results = await setup.publisher.waitForResults(count: 1)
        guard case .candidateFailed? = results.first?.outcome else {
            Issue.record("expected candidateFailed, got \(String(describing: results.first?.outcome))")
            return
        }
    }

    @Test(".shadow: a REST error is rethrown unchanged to the caller")
    func shadowControlError() async throws {
        let setup = try makeSetup(["GameInfo": .shadow])
        defer { setup.server.stop() }
        await #expect {
            _ = try await setup.repository.game(id: "no-such-game")
        } throws: { error in
            guard case .server(.notFound, _, 404)? = error as? LegacyAPIError else { return false }
            return true
        }
    }

    @Test(".shadow against a backend whose APIs disagree: the mismatch is published with the field diff")
    func shadowMismatch() async throws {
        let backend = try await ReferenceBackend.start(ReferenceBackendOptions(injectDifferences: true))
        defer { backend.stop() }
        let publisher = RecordingExperimentPublisher()
        let repository = LotteryRepository(
            rest: LegacyAPIClient(baseURL: backend.restURL), graphQL: GraphQLClient(endpoint: backend.graphQLURL),
            router: MigrationRouter(settings: ["ImageInfo": .shadow], publisher: publisher))
        let image = try await repository.image(id: "logo-keno")
        let results = await publisher.waitForResults(count: 1)
        let differences = results.first?.differences ?? []
        #expect(differences.map(\.path) == ["width"])
        #expect(differences.first?.lhs == String(image.width), "REST's value is the control's, and the caller's")
    }

    @Test(".graphQLWithRESTFallback: GraphQL answers; on its failure REST answers and the fallback is reported")
    func fallback() async throws {
        let healthy = try makeSetup(["GameInfo": .graphQLWithRESTFallback])
        defer { healthy.server.stop() }
        _ = try await healthy.repository.game(id: "6x45")
        #expect(healthy.counter["graphql"] == 1)
        #expect(healthy.counter["rest"] == 0)

        let broken = try makeSetup(["GameInfo": .graphQLWithRESTFallback], graphQLURL: deadGraphQL)
        defer { broken.server.stop() }
        let game = try await broken.repository.game(id: "6x45")
        #expect(game.id == "6x45")
        #expect(broken.counter["rest"] == 1)
        let events = await broken.reporter.events
        #expect(events.count == 1)
        #expect(events.first?.model == "GameInfo")
        #expect(events.first?.graphQLError is APIError)
    }

    @Test("The shipped stages: one model at each of three stages")
    func shippedStages() {
        let settings = LotteryRepository.currentStages()
        #expect(settings.mode(for: "ImageInfo") == .graphQL)
        #expect(settings.mode(for: "GameInfo") == .graphQLWithRESTFallback)
        #expect(settings.mode(for: "DrawInfo") == .shadow)
        #expect(settings.mode(for: "SomethingNew") == .rest)
    }
}
