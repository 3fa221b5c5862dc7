import Foundation
import GraphQLBridge
import GraphQLBridgeSupport
import GraphQLMigration
import LegacyModels
import LotteryBackend
import LotteryBridge
import LotteryTestSupport
import Testing

/// Writing favourites: both clients against both backends (per token, one API's write seen through the other),
/// and the migration switch's write rules through `LotteryRepository.setFavorite` and `routeWrite` with the
/// real clients.
@Suite("Favourite writes")
struct FavoriteWriteTests {
    /// Counts requests per API, and the GraphQL operations by name.
    final class Counter: Sendable {
        private struct State {
            var counts: [String: Int] = [:]
        }

        private let state = Locked(State())
        func add(_ key: String) { state.withLock { $0.counts[key, default: 0] += 1 } }
        subscript(key: String) -> Int { state.withLock { $0.counts[key, default: 0] } }
    }

    struct CountingMiddleware: GraphQLMiddleware {
        let counter: Counter
        func intercept(_ request: GraphQLBridge.HTTPRequest, body: Data, operationName: String, next: Next)
            async throws -> (GraphQLBridge.HTTPResponse, Data)
        {
            counter.add("graphql")
            counter.add("graphql \(operationName)")
            return try await next(request, body, operationName)
        }
    }

    /// A repository whose REST client talks to `restURL` and GraphQL client to `graphQLURL`, counting requests.
    static func repository(
        restURL: URL, graphQLURL: URL, mode: MigrationMode, counter: Counter,
        publisher: RecordingExperimentPublisher, reporter: RecordingMigrationEventReporter, token: String? = nil
    ) -> LotteryRepository {
        LotteryRepository(
            rest: LegacyAPIClient(
                baseURL: restURL, token: token,
                metrics: { metrics in
                    counter.add("rest"); counter.add("rest \(metrics.url.lastPathComponent)")
                }),
            graphQL: GraphQLClient(
                endpoint: graphQLURL, token: token, middlewares: [CountingMiddleware(counter: counter)]),
            router: MigrationRouter(
                settings: MigrationSettings(defaultMode: .rest, modes: ["GameInfo": mode]), publisher: publisher,
                eventReporter: reporter))
    }

    /// An endpoint where nothing listens: connection refused, so the request certainly never left.
    static let deadGraphQL = URL(string: "http://127.0.0.1:9/graphql")

    // MARK: Clients

    @Test("Reference backend: favourites per token, each API's write seen through the other, unknown game")
    func referenceBackendPerToken() async throws {
        var options = ReferenceBackendOptions(token: "alice")
        options.additionalArguments = ["--token", "bob"]
        let backend = try await ReferenceBackend.start(options)
        defer { backend.stop() }
        let aliceREST = LegacyAPIClient(baseURL: backend.restURL, token: "alice")
        let aliceGraphQL = GraphQLClient(endpoint: backend.graphQLURL, token: "alice")
        let bobREST = LegacyAPIClient(baseURL: backend.restURL, token: "bob")
        let bobGraphQL = GraphQLClient(endpoint: backend.graphQLURL, token: "bob")

        #expect(try await aliceREST.game(id: "6x45").isFavorite == false)
        let written = try await aliceREST.setFavorite(gameId: "6x45", favorite: true)
        #expect(written.isFavorite)
        let readBack = try await aliceGraphQL.gameInfo(gameId: "6x45")
        #expect(readBack.isFavorite)
        #expect(readBack == written, "the whole legacy model agrees across the APIs")
        #expect(try await bobGraphQL.gameInfo(gameId: "6x45").isFavorite == false)
        #expect(try await bobREST.game(id: "6x45").isFavorite == false)

        let viaGraphQL = try await bobGraphQL.setFavorite(gameId: "5x36", favorite: true)
        #expect(viaGraphQL.isFavorite)
        #expect(viaGraphQL == (try await bobREST.game(id: "5x36")))
        #expect(try await aliceREST.game(id: "5x36").isFavorite == false)
        let again = try await bobGraphQL.setFavorite(gameId: "5x36", favorite: true)
        #expect(again.isFavorite, "idempotent")
        #expect(try await bobGraphQL.setFavorite(gameId: "5x36", favorite: false).isFavorite == false)
        #expect(try await bobREST.game(id: "5x36").isFavorite == false)
        #expect(try await aliceREST.setFavorite(gameId: "6x45", favorite: false).isFavorite == false)

        await #expect {
            _ = try await aliceGraphQL.setFavorite(gameId: "no-such-game", favorite: true)
        } throws: { error in
            guard case .graphQL(let operation, _, let errors)? = error as? APIError else { return false }
            return operation == "SetFavorite" && errors.first?.path == [.field("setFavorite")]
        }
        await #expect {
            _ = try await aliceREST.setFavorite(gameId: "no-such-game", favorite: true)
        } throws: { error in
            guard case .server(.notFound, _, 404)? = error as? LegacyAPIError else { return false }
            return true
        }
    }

    @Test("Embedded backend: completion forms, and one shared set without tokens")
    func embeddedCompletionForms() async throws {
        let server = try EmbeddedLotteryServer.start()
        defer { server.stop() }
        let rest = LegacyAPIClient(baseURL: server.restURL)
        let graphQL = GraphQLClient(endpoint: server.graphQLURL)
        let viaREST = await withCheckedContinuation { continuation in
            rest.setFavorite(gameId: "6x45", favorite: true) { continuation.resume(returning: $0) }
        }
        #expect((try? viaREST.get())?.isFavorite == true)
        let viaGraphQL = await withCheckedContinuation { continuation in
            graphQL.setFavorite(gameId: "6x45", favorite: false) { continuation.resume(returning: $0) }
        }
        #expect((try? viaGraphQL.get())?.isFavorite == false)
        #expect(try await rest.game(id: "6x45").isFavorite == false)
        #expect(try await graphQL.games(activeOnly: false) == (try await rest.games(activeOnly: false)))
    }

    @Test("APIError.requestCertainlyNotSent: true for a refused connection, false for an answer with an error")
    func requestCertainlyNotSent() async throws {
        let dead = GraphQLClient(endpoint: try #require(Self.deadGraphQL))
        await #expect {
            _ = try await dead.setFavorite(gameId: "6x45", favorite: true)
        } throws: { error in
            (error as? APIError)?.requestCertainlyNotSent == true
        }
        let server = try EmbeddedLotteryServer.start(options: EmbeddedBackendOptions(failMutations: true))
        defer { server.stop() }
        await #expect {
            _ = try await GraphQLClient(endpoint: server.graphQLURL).setFavorite(gameId: "6x45", favorite: true)
        } throws: { error in
            guard let error = error as? APIError, case .graphQL = error else { return false }
            return !error.requestCertainlyNotSent
        }
    }

    // MARK: The migration switch

    @Test(".shadow: REST writes once, GraphQL only reads the game back, and the match is published")
    func shadowWrite() async throws {
        let server = try EmbeddedLotteryServer.start()
        defer { server.stop() }
        let counter = Counter()
        let publisher = RecordingExperimentPublisher()
        let repository = Self.repository(
            restURL: server.restURL, graphQLURL: server.graphQLURL, mode: .shadow, counter: counter,
            publisher: publisher, reporter: RecordingMigrationEventReporter())
        let game = try await repository.setFavorite(gameId: "6x45", favorite: true)
        #expect(game.isFavorite)
        let results = await publisher.waitForResults(count: 1)
        let result = try #require(results.first)
        #expect(result.isMatch, "\(result)")
        #expect(result.context["operation"] == "write")
        #expect(counter["rest"] == 1)
        #expect(counter["rest favorite"] == 1, "REST wrote once")
        #expect(counter["graphql SetFavorite"] == 0, "GraphQL never wrote")
        #expect(counter["graphql Game"] == 1, "GraphQL read the game back")
        #expect(try await repository.rest.game(id: "6x45").isFavorite)
    }

    @Test(".shadow against a GraphQL side that disagrees: the read-back mismatch is published")
    func shadowWriteMismatch() async throws {
        // REST and GraphQL on two servers: GraphQL's server never saw the write.
        let restServer = try EmbeddedLotteryServer.start()
        defer { restServer.stop() }
        let graphQLServer = try EmbeddedLotteryServer.start()
        defer { graphQLServer.stop() }
        let publisher = RecordingExperimentPublisher()
        let repository = Self.repository(
            restURL: restServer.restURL, graphQLURL: graphQLServer.graphQLURL, mode: .shadow, counter: Counter(),
            publisher: publisher, reporter: RecordingMigrationEventReporter())
        _ = try await repository.setFavorite(gameId: "6x45", favorite: true)
        let results = await publisher.waitForResults(count: 1)
        #expect(results.first?.differences.map(\.path) == ["isFavorite"])
    }

    @Test(".graphQLWithRESTFallback: GraphQL writes alone when it works")
    func fallbackModeHealthy() async throws {
        let server = try EmbeddedLotteryServer.start()
        defer { server.stop() }
        let counter = Counter()
        let repository = Self.repository(
            restURL: server.restURL, graphQLURL: server.graphQLURL, mode: .graphQLWithRESTFallback, counter: counter,
            publisher: RecordingExperimentPublisher(), reporter: RecordingMigrationEventReporter())
        #expect(try await repository.setFavorite(gameId: "6x45", favorite: true).isFavorite)
        #expect(counter["graphql SetFavorite"] == 1)
        #expect(counter["rest"] == 0)
    }

    @Test(".graphQLWithRESTFallback: a request that never left falls back to REST, even when not idempotent")
    func fallbackWhenNotSent() async throws {
        let server = try EmbeddedLotteryServer.start()
        defer { server.stop() }
        let counter = Counter()
        let reporter = RecordingMigrationEventReporter()
        let repository = Self.repository(
            restURL: server.restURL, graphQLURL: try #require(Self.deadGraphQL), mode: .graphQLWithRESTFallback,
            counter: counter, publisher: RecordingExperimentPublisher(), reporter: reporter)
        let game = try await Self.write(repository, idempotency: .notIdempotent)
        #expect(game.isFavorite)
        #expect(counter["rest favorite"] == 1)
        guard case .fellBack(_, let error)? = await reporter.events.first else {
            Issue.record("expected fellBack, got \(await reporter.events)")
            return
        }
        #expect((error as? APIError)?.requestCertainlyNotSent == true)
        #expect(try await repository.rest.game(id: "6x45").isFavorite)
    }

    @Test(".graphQLWithRESTFallback: a non-idempotent write that reached the server and failed is not repeated")
    func noFallbackWhenSent() async throws {
        let restServer = try EmbeddedLotteryServer.start()
        defer { restServer.stop() }
        let failing = try EmbeddedLotteryServer.start(options: EmbeddedBackendOptions(failMutations: true))
        defer { failing.stop() }
        let counter = Counter()
        let reporter = RecordingMigrationEventReporter()
        let repository = Self.repository(
            restURL: restServer.restURL, graphQLURL: failing.graphQLURL, mode: .graphQLWithRESTFallback,
            counter: counter, publisher: RecordingExperimentPublisher(), reporter: reporter)
        await #expect {
            _ = try await Self.write(repository, idempotency: .notIdempotent)
        } throws: { error in
            guard case .graphQL(let operation, _, _)? = error as? APIError else { return false }
            return operation == "SetFavorite"
        }
        #expect(counter["graphql SetFavorite"] == 1)
        #expect(counter["rest"] == 0, "REST never called")
        guard case .writeNotRetried? = await reporter.events.first else {
            Issue.record("expected writeNotRetried, got \(await reporter.events)")
            return
        }
        #expect(try await repository.rest.game(id: "6x45").isFavorite == false)
    }

    @Test(".graphQLWithRESTFallback: setFavorite is idempotent, so a write that failed on the server falls back")
    func idempotentFallback() async throws {
        let restServer = try EmbeddedLotteryServer.start()
        defer { restServer.stop() }
        let failing = try EmbeddedLotteryServer.start(options: EmbeddedBackendOptions(failMutations: true))
        defer { failing.stop() }
        let counter = Counter()
        let reporter = RecordingMigrationEventReporter()
        let repository = Self.repository(
            restURL: restServer.restURL, graphQLURL: failing.graphQLURL, mode: .graphQLWithRESTFallback,
            counter: counter, publisher: RecordingExperimentPublisher(), reporter: reporter)
        let game = try await repository.setFavorite(gameId: "6x45", favorite: true)
        #expect(game.isFavorite)
        #expect(counter["graphql SetFavorite"] == 1)
        #expect(counter["rest favorite"] == 1)
        guard case .fellBack(_, let error)? = await reporter.events.first else {
            Issue.record("expected fellBack, got \(await reporter.events)")
            return
        }
        #expect((error as? APIError)?.requestCertainlyNotSent == false)
    }

    /// The repository's favourite write, routed as a non-idempotent one (what a write such as "buy a ticket"
    /// would be), to test the rule with the real clients.
    static func write(_ repository: LotteryRepository, idempotency: WriteIdempotency) async throws -> GameInfo {
        let rest = repository.rest
        let graphQL = repository.graphQL
        return try await repository.router.routeWrite(
            LotteryRepository.ModelName.gameInfo, idempotency: idempotency,
            requestCertainlyNotSent: { ($0 as? APIError)?.requestCertainlyNotSent == true },
            rest: { try await rest.setFavorite(gameId: "6x45", favorite: true) },
            graphQL: { try await graphQL.setFavorite(gameId: "6x45", favorite: true) },
            readBack: { try await graphQL.gameInfo(gameId: "6x45") })
    }
}
