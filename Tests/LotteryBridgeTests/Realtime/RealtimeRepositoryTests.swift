import Foundation
import GraphQLBridge
import GraphQLMigration
import LegacyModels
import LotteryAPI
import LotteryBackend
import LotteryBridge
import RuntimeTestSupport
import Testing

/// The lottery app on the subscription: `.drawUpdates` gives legacy `DrawInfo`s equal to REST's, and the
/// repository's live games and draws update in every migration mode (the subscription through the cache in the
/// GraphQL modes, polling in `.rest`, polling and a realtime shadow in `.shadow`).
@Suite("Realtime legacy models (embedded backend)", .serialized)
struct RealtimeRepositoryTests {
    static func repository(
        _ server: EmbeddedLotteryServer, modes: [String: MigrationMode], counter: RequestCounter = RequestCounter(),
        restCalls: RESTCalls = RESTCalls(), publisher: RecordingExperimentPublisher? = nil,
        subscriptions: SubscriptionTransportCase = .serverSentEvents
    ) -> LotteryRepository {
        LotteryRepository(
            rest: LegacyAPIClient(baseURL: server.restURL, metrics: { _ in restCalls.add() }),
            graphQL: GraphQLClient(
                endpoint: server.graphQLURL, middlewares: [counter],
                cache: GraphQLCache(maxAge: .seconds(300), now: ManualClock().function),
                subscriptions: subscriptions.make(server)),
            router: MigrationRouter(
                settings: MigrationSettings(defaultMode: .rest, modes: modes), publisher: publisher,
                waitPolicy: .waitForCandidate),
            pollInterval: .milliseconds(50))
    }

    @Test(
        "drawUpdates gives legacy DrawInfos, equal to REST's model of the same draw",
        arguments: SubscriptionTransportCase.allCases)
    func drawUpdates(transport: SubscriptionTransportCase) async throws {
        let server = try EmbeddedLotteryServer.start(options: .init(webSocketInitTimeout: .seconds(300)))
        defer { server.stop() }
        let client = GraphQLClient(endpoint: server.graphQLURL, subscriptions: transport.make(server))
        let collector = Collector<DrawInfo>()
        let task = Task { for try await draw in client.drawUpdates(gameId: "5x36") { await collector.append(draw) } }
        defer { task.cancel() }
        try await waitUntil("the subscription on the server") { server.openSubscriptionCount == 1 }
        let published = server.drawClock.advance(gameId: "5x36") + server.drawClock.advance(gameId: "5x36")
        let models = try await collector.waitUntil("the events") { $0.count == published.count }
        let rest = LegacyAPIClient(baseURL: server.restURL)
        let completed = try #require(models.first { $0.state == .completed })
        #expect(completed == (try await rest.draw(gameId: "5x36", number: completed.number)))
        #expect(models.map(\.number) == published.map(\.number))
        #expect(models.map(\.state) == [.drawing, .completed, .selling])
    }

    @Test("fetch refuses .drawUpdates (a stream) with a typed error that says to watch it")
    func fetchRefused() async throws {
        let client = GraphQLClient(endpoint: try #require(URL(string: "http://127.0.0.1:9/graphql")))
        do {
            let _: DrawInfo = try await client.fetch(requestType: .drawUpdates(gameId: "6x45"))
            Issue.record("expected an error")
        } catch {
            guard case .unexpectedResponseType(let operation, _, let actual) = error else { throw error }
            #expect(operation == "DrawUpdated" && actual.contains("watch"))
        }
        #expect(GraphQLRequest.drawUpdates(gameId: "6x45").description == ".drawUpdates(gameId: \"6x45\")")
        #expect(LegacyRequest(graphQL: .drawUpdates(gameId: "6x45")) == nil)
    }

    @Test(
        "GraphQL modes: the game follows the subscription: a status through the cache, a new draw by one refetch",
        arguments: [MigrationMode.graphQL, .graphQLWithRESTFallback], SubscriptionTransportCase.allCases)
    func graphQLModes(mode: MigrationMode, transport: SubscriptionTransportCase) async throws {
        let server = try EmbeddedLotteryServer.start(options: .init(webSocketInitTimeout: .seconds(300)))
        defer { server.stop() }
        let counter = RequestCounter()
        let restCalls = RESTCalls()
        let repository = Self.repository(
            server, modes: ["GameInfo": mode], counter: counter, restCalls: restCalls, subscriptions: transport)
        let games = Collector<GameInfo>()
        let task = Task { for try await game in repository.watchGame(id: "5x36") { await games.append(game) } }
        defer { task.cancel() }
        let first = try await games.waitForCount(1)
        #expect(first.nextDraw?.state == .selling)
        try await waitUntil("the subscription on the server") { server.openSubscriptionCount == 1 }
        server.drawClock.advance(gameId: "5x36")
        try await games.waitUntil("the draw's new status") { $0.last?.nextDraw?.state == .drawing }
        #expect(counter.count("Game") == 1, "a status change arrives through the cache, with no query")
        let completedDraw = try #require(first.nextDraw?.number)
        server.drawClock.advance(gameId: "5x36")
        let last = try await games.waitUntil("the completed draw and the next one") {
            $0.last?.lastDraw?.number == completedDraw && $0.last?.nextDraw?.number == completedDraw + 1
        }
        #expect(last.last?.lastDraw?.state == .completed && last.last?.nextDraw?.state == .selling)
        #expect(restCalls.count == 0)
        task.cancel()
        try await waitUntil("the subscription ended with the watch") { server.openSubscriptionCount == 0 }
    }

    @Test("GraphQL mode: the draws follow the subscription: changes through the cache, a new draw by one refetch")
    func graphQLDraws() async throws {
        let server = try EmbeddedLotteryServer.start(options: .init(webSocketInitTimeout: .seconds(300)))
        defer { server.stop() }
        let counter = RequestCounter()
        let repository = Self.repository(server, modes: ["DrawInfo": .graphQL], counter: counter)
        let lists = Collector<[DrawInfo]>()
        let task = Task {
            for try await draws in repository.watchDraws(gameId: "5x36", limit: 3) { await lists.append(draws) }
        }
        defer { task.cancel() }
        let first = try await lists.waitForCount(1)
        let newest = try #require(first.first?.number)
        try await waitUntil("the subscription on the server") { server.openSubscriptionCount == 1 }
        let changed = try #require(server.drawClock.advance(gameId: "5x36").first)
        try await lists.waitUntil("the change through the cache") {
            $0.last?.contains { $0.number == changed.number && $0.state == .drawing } == true
        }
        #expect(counter.count("Draws") == 1)
        // Until a draw past the listed ones opens: then the list is fetched again, once.
        var opened: Int64 = 0
        while opened <= newest {
            opened = server.drawClock.advance(gameId: "5x36").map(\.number).max() ?? opened
        }
        let top = opened
        let last = try await lists.waitUntil("the new draw at the top") { $0.last?.first?.number == top }
        #expect(last.last?.first?.state == .selling)
        #expect(counter.count("Draws") == 2)
    }

    @Test("REST mode: the draws are polled (the legacy app's way), no subscription")
    func restMode() async throws {
        let server = try EmbeddedLotteryServer.start(options: .init(webSocketInitTimeout: .seconds(300)))
        defer { server.stop() }
        let counter = RequestCounter()
        let repository = Self.repository(server, modes: ["DrawInfo": .rest], counter: counter)
        let lists = Collector<[DrawInfo]>()
        let task = Task {
            for try await draws in repository.watchDraws(gameId: "5x36", limit: 3) { await lists.append(draws) }
        }
        defer { task.cancel() }
        let first = try await lists.waitForCount(1)
        let changed = try #require(server.drawClock.advance(gameId: "5x36").first)
        #expect(first.contains { $0.number == changed.number && $0.state == .selling })
        try await lists.waitUntil("the polled change") {
            $0.last?.contains { $0.number == changed.number && $0.state == .drawing } == true
        }
        #expect(counter.total == 0)
        #expect(server.openSubscriptionCount == 0)
    }

    @Test("Shadow mode: REST polls, and each event is compared with a REST read of that draw and published")
    func shadowMode() async throws {
        let server = try EmbeddedLotteryServer.start(options: .init(webSocketInitTimeout: .seconds(300)))
        defer { server.stop() }
        let publisher = RecordingExperimentPublisher()
        let repository = Self.repository(server, modes: ["DrawInfo": .shadow], publisher: publisher)
        let lists = Collector<[DrawInfo]>()
        let task = Task {
            for try await draws in repository.watchDraws(gameId: "5x36", limit: 3) { await lists.append(draws) }
        }
        defer { task.cancel() }
        _ = try await lists.waitForCount(1)
        try await waitUntil("the shadow's subscription on the server") { server.openSubscriptionCount == 1 }
        let changed = try #require(server.drawClock.advance(gameId: "5x36").first)
        try await lists.waitUntil("the polled change") {
            $0.last?.contains { $0.number == changed.number && $0.state == .drawing } == true
        }
        let results = await publisher.waitForResults(count: 1)
        let result = try #require(results.first { $0.context["realtime"] == "drawUpdated" })
        #expect(result.name == "DrawInfo" && result.isMatch, "\(result)")
        #expect(result.context["id"] == changed.id)
        task.cancel()
        try await waitUntil("the shadow's subscription ended with the watch") { server.openSubscriptionCount == 0 }
    }
}
