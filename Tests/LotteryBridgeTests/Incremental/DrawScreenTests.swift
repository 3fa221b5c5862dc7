import Foundation
import GraphQLBridge
import GraphQLMigration
import LegacyModels
import LotteryAPI
import LotteryBackend
import LotteryBridge
import LotteryTestSupport
import RuntimeTestSupport
import Testing

/// The draw screen (`LotteryRepository.drawScreen(gameId:number:)`, `GraphQLRequest.drawScreen`): its `DrawScreen`
/// query defers the prize categories (`...DrawPrizes @defer(label: "prizes")`); the legacy `DrawInfo` is built when they
/// have arrived, equal to REST's and to the whole `Draw` query's, on GraphQL and in shadow (the completed model
/// compared), against the embedded backend (both formats, each increment genuinely later) and the reference backend.
@Suite("The draw screen: prize categories deferred")
struct DrawScreenTests {
    /// A repository whose `DrawInfo` is in `mode`, its GraphQL client recording what each exchange asked and got.
    static func repository(
        _ mode: MigrationMode, restURL: URL, graphQLURL: URL, publisher: RecordingExperimentPublisher,
        recorder: ContentTypeRecorder
    ) -> LotteryRepository {
        LotteryRepository(
            rest: LegacyAPIClient(baseURL: restURL),
            graphQL: GraphQLClient(endpoint: graphQLURL, middlewares: [recorder]),
            router: MigrationRouter(
                settings: MigrationSettings(defaultMode: .rest, modes: ["DrawInfo": mode]), publisher: publisher))
    }

    /// Every draw of the newest three of each game, through the draw screen on GraphQL and in shadow: REST's
    /// `DrawInfo`, the prize categories there; each GraphQL exchange asked for incremental delivery and (when
    /// `incremental`) got `multipart/mixed`.
    static func check(restURL: URL, graphQLURL: URL, incremental: Bool) async throws {
        let rest = LegacyAPIClient(baseURL: restURL)
        let publisher = RecordingExperimentPublisher()
        let recorder = ContentTypeRecorder()
        let onGraphQL = repository(
            .graphQL, restURL: restURL, graphQLURL: graphQLURL, publisher: publisher, recorder: recorder)
        let inShadow = repository(
            .shadow, restURL: restURL, graphQLURL: graphQLURL, publisher: publisher, recorder: recorder)
        var checked = 0
        // Draws not drawn yet have no prize categories: some of those checked have.
        var withPrizes = 0
        for game in try await rest.games(activeOnly: false) {
            for draw in try await rest.draws(gameId: game.id, limit: 3) {
                let expected = try await rest.draw(gameId: game.id, number: draw.number)
                let screen = try await onGraphQL.drawScreen(gameId: game.id, number: draw.number)
                #expect(screen == expected, "\(game.id) #\(draw.number)")
                #expect(screen.categories == expected.categories)
                if !screen.categories.isEmpty { withPrizes += 1 }
                // The whole `Draw` query gives the same model.
                #expect(try await onGraphQL.graphQL.drawInfo(gameId: game.id, number: draw.number) == screen)
                #expect(try await inShadow.drawScreen(gameId: game.id, number: draw.number) == expected)
                checked += 1
            }
        }
        #expect(checked > 3 && withPrizes > 0, "\(checked) draws, \(withPrizes) with prize categories")
        // The shadow's GraphQL side runs after REST has answered: waited for (a hang detector, not a bound).
        let shadowed = await publisher.waitForResults(count: checked).filter { $0.name == "DrawInfo" }
        #expect(shadowed.count == checked)
        #expect(shadowed.allSatisfy { $0.isMatch }, "\(shadowed.filter { !$0.isMatch })")
        let screens = recorder.recorded.filter { $0.accept == GraphQLHTTPClient.incrementalAcceptHeader }
        #expect(screens.count == 2 * checked, "each draw screen asked for incremental delivery")
        #expect(
            screens.allSatisfy { $0.contentType.hasPrefix("multipart/mixed") == incremental },
            "\(screens.map(\.contentType))")
    }

    @Test(
        "the embedded backend, each increment 20 ms after the one before: the completed model equals REST's",
        arguments: IncrementalDeliveryOption.Format.allCases)
    func embedded(format: IncrementalDeliveryOption.Format) async throws {
        let server = try EmbeddedLotteryServer.start(
            options: EmbeddedBackendOptions(
                port: 0, incrementalDelivery: IncrementalDeliveryOption(format: format, delay: .milliseconds(20))))
        defer { server.stop() }
        try await Self.check(restURL: server.restURL, graphQLURL: server.graphQLURL, incremental: true)
    }

    @Test("the reference backend (graphql-core 3.3) with --incremental, each format", arguments: ["current", "apollo"])
    func reference(format: String) async throws {
        var options = ReferenceBackendOptions()
        options.additionalArguments = ["--incremental", format]
        let backend = try await ReferenceBackend.start(options)
        defer { backend.stop() }
        try await Self.check(restURL: backend.restURL, graphQLURL: backend.graphQLURL, incremental: true)
    }

    @Test(
        "watched: the numbers first, then the whole draw, one request, the cache complete after; the enum's watch: whole",
        arguments: IncrementalDeliveryOption.Format.allCases)
    func watched(format: IncrementalDeliveryOption.Format) async throws {
        let server = try EmbeddedLotteryServer.start(
            options: EmbeddedBackendOptions(
                port: 0, incrementalDelivery: IncrementalDeliveryOption(format: format, delay: .milliseconds(200))))
        defer { server.stop() }
        let rest = LegacyAPIClient(baseURL: server.restURL)
        var drawn: DrawInfo?
        for draw in try await rest.draws(gameId: "6x45", limit: 10) where !draw.categories.isEmpty {
            drawn = draw
            break
        }
        let expected = try await rest.draw(gameId: "6x45", number: try #require(drawn).number)
        let query = DrawScreenQuery(gameId: "6x45", number: expected.number)
        let recorder = ContentTypeRecorder()
        let http = GraphQLHTTPClient(
            endpoint: server.graphQLURL, middlewares: [recorder], cache: GraphQLCache(maxAge: .seconds(3600)))
        var states: [GraphQLResult<DrawScreenQuery.Data>] = []
        for try await result in http.watch(query, fetchPolicy: .serverOnly) {
            states.append(result)
            if result.data?.draw?.fragments.drawPrizes != nil { break }
        }
        // Each state before the last is the numbers only, marked as not the whole answer; the increments are 200 ms
        // apart, but a loaded machine may read both before the first state is made: one state is not a failure.
        #expect((1...2).contains(states.count), "\(states.count) states")
        for state in states.dropLast() {
            #expect(state.hasNext && state.data?.draw?.fragments.drawPrizes == nil)
            #expect(state.data?.draw?.number == expected.number && state.data?.draw?.winningNumbers != nil)
        }
        let last = try #require(states.last?.data?.draw)
        #expect(states.last?.hasNext == false)
        #expect(try DrawInfo(graphQL: last) == expected)
        #expect(recorder.recorded.count == 1, "one request for every state")
        // The cache is complete afterwards: the deferred query itself is answered from it, whole.
        let cached = try await http.execute(query, fetchPolicy: .cacheOnly)
        #expect(cached.source == .cache && cached.data?.draw == last)

        // The request enum's watch makes legacy models, which are whole: the initial payload is passed over.
        let client = GraphQLClient(endpoint: server.graphQLURL, cache: GraphQLCache(maxAge: .seconds(3600)))
        var models: [DrawInfo] = []
        for try await model in client.watch(
            requestType: .drawScreen(gameId: "6x45", number: expected.number), as: DrawInfo.self,
            fetchPolicy: .serverOnly)
        {
            models.append(model)
            break
        }
        #expect(models == [expected])
    }

    @Test("a server whose schema does not declare @defer refuses the query: a typed error that names the directive")
    func undeclared() async throws {
        let server = try EmbeddedLotteryServer.start()
        defer { server.stop() }
        let client = GraphQLClient(endpoint: server.graphQLURL)
        do {
            _ = try await client.drawScreen(gameId: "6x45", number: 1)
            Issue.record("the query was answered")
        } catch {
            #expect("\(error)".contains("defer"), "\(error)")
        }
    }

    @Test("the adapter builds no DrawInfo from the initial payload (the prize categories not arrived): a typed error")
    func initialPayload() throws {
        let draw = DrawScreenQuery.Data.Draw(
            id: "6x45-1", gameId: "6x45", number: 1, date: Date(timeIntervalSince1970: 0), status: .completed,
            winningNumbers: [1, 2, 3, 4, 5, 6], bonusNumbers: [], prizePool: nil, superPrize: nil, ticketsSold: 0,
            videoUrl: nil, prizeCategories: nil, fragments: .init(drawPrizes: nil))
        #expect(throws: GraphQLDecodingError.self) { try DrawInfo(graphQL: draw) }
        do {
            _ = try DrawInfo(graphQL: draw)
        } catch {
            #expect(error.path == "prizeCategories" && error.reason.contains("not arrived"), "\(error)")
        }
    }
}
