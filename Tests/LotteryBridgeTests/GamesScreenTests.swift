import Foundation
import GraphQLBridge
import GraphQLBridgeTesting
import GraphQLMigration
import LegacyModels
import LotteryAPI
import LotteryBackend
import LotteryBridge
import Testing

/// A sample screen (favourite games with their last draws) tested three ways that must give the same, hand-written
/// state: overrides of legacy models (in every migration mode), typed stubs of the generated operations, and the
/// embedded backend. And a test that forgets an override fails with the request named.
@Suite("Testing a screen: overrides, typed stubs, embedded backend")
struct GamesScreenTests {
    static let modes: [MigrationMode] = [.rest, .shadow, .graphQLWithRESTFallback, .graphQL]

    @Test("overrides of legacy models give the screen's state in every migration mode", arguments: modes)
    func overrides(mode: MigrationMode) async {
        let repository = LotteryRepository.unimplemented(stages: MigrationSettings(defaultMode: mode))
        for game in SampleLottery.games {
            repository.override(.gameInfo(gameId: game.id), with: SampleLottery.gameInfo(game))
            repository.override(.draws(gameId: game.id, last: 2), with: game.recentDraws.map(SampleLottery.drawInfo))
        }

        let state = await GamesScreenModel(repository: repository).load()

        #expect(state == SampleLottery.expectedState)
        #expect(repository.unimplementedRequests.isEmpty)
        // The mode decided which API answered: each override serves both.
        let expectedRequests: [GraphQLRequest] = [
            .gameInfo(gameId: "6x45"), .draws(gameId: "6x45", last: 2), .gameInfo(gameId: "5x36"),
            .draws(gameId: "5x36", last: 2),
        ]
        let asked = (
            rest: repository.rest.requests.map(GraphQLRequest.init(legacy:)), graphQL: repository.graphQL.requests
        )
        switch mode {
        case .rest: #expect(asked.rest == expectedRequests && asked.graphQL.isEmpty)
        case .shadow: #expect(asked.rest == expectedRequests && asked.graphQL == expectedRequests)
        case .graphQL, .graphQLWithRESTFallback: #expect(asked.graphQL == expectedRequests && asked.rest.isEmpty)
        }
    }

    @Test("typed stubs of the generated operations give the same state, through the real decoding and adapters")
    func typedStubs() async throws {
        let transport = GraphQLStubTransport()
        for game in SampleLottery.games {
            transport.stub(GameQuery(id: game.id), data: GameQuery.Data(game: SampleLottery.gameDetails(game)))
            transport.stub(
                DrawsQuery(gameId: game.id, last: 2),
                data: DrawsQuery.Data(draws: game.recentDraws.map(SampleLottery.drawDetails)))
        }
        let endpoint = try #require(URL(string: "https://api.example/graphql"))
        let repository = LotteryRepository(
            rest: .unimplemented(), graphQL: GraphQLClient(endpoint: endpoint, transport: transport),
            router: MigrationRouter(settings: MigrationSettings(defaultMode: .graphQL)))

        let state = await GamesScreenModel(repository: repository).load()

        #expect(state == SampleLottery.expectedState)
        #expect(transport.unstubbedRequests.isEmpty)
        #expect(repository.rest.requests.isEmpty)
        #expect(try transport.variables(of: GameQuery.self) == [.init(id: "6x45"), .init(id: "5x36")])
        #expect(
            try transport.variables(of: DrawsQuery.self) == [
                .init(gameId: "6x45", last: 2, before: .none), .init(gameId: "5x36", last: 2, before: .none),
            ])
    }

    @Test("the embedded backend gives the same state through either API", arguments: [MigrationMode.rest, .graphQL])
    func embeddedBackend(mode: MigrationMode) async throws {
        let server = try EmbeddedLotteryServer.start()
        defer { server.stop() }
        let repository = LotteryRepository(
            rest: LegacyAPIClient(baseURL: server.restURL), graphQL: GraphQLClient(endpoint: server.graphQLURL),
            router: MigrationRouter(settings: MigrationSettings(defaultMode: mode)))

        let state = await GamesScreenModel(repository: repository).load()

        #expect(state == SampleLottery.expectedState)
    }

    @Test("a forgotten override fails the screen with the request named and the override to add")
    func forgottenOverride() async {
        for mode in [MigrationMode.graphQL, .rest] {
            let repository = LotteryRepository.unimplemented(stages: MigrationSettings(defaultMode: mode))
            repository.override(.gameInfo(gameId: "6x45"), with: SampleLottery.gameInfo(SampleLottery.games[0]))

            let state = await GamesScreenModel(repository: repository).load()

            #expect(state.rows.isEmpty)
            #expect(repository.unimplementedRequests == [.draws(gameId: "6x45", last: 2)])
            let failure = state.failure ?? ""
            if mode == .graphQL {
                #expect(failure.contains(#".draws(gameId: "6x45", last: 2, before: nil)"#), "\(failure)")
                #expect(
                    failure.contains(
                        #"Add `.override(.draws(gameId: "6x45", last: 2, before: nil), with: <[DrawInfo]>)`"#),
                    "\(failure)")
            } else {
                #expect(failure.contains(#".draws(gameId: "6x45", limit: 2, before: nil)"#), "\(failure)")
                #expect(failure.contains("with: <[DrawInfo]>"), "\(failure)")
            }
        }
    }
}
