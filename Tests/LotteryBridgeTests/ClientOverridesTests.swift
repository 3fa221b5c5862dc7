import Foundation
import GraphQLBridge
import GraphQLBridgeTesting
import GraphQLMigration
import LegacyModels
import LotteryAPI
import LotteryBridge
import Testing

/// `unimplemented()` and `override` on both app clients: the same async and completion-handler calls as the live
/// clients, errors that name the request, and the requests recorded.
@Suite("Client overrides and unimplemented clients")
struct ClientOverridesTests {
    static let game = SampleLottery.gameInfo(SampleLottery.games[0])
    static let draws = SampleLottery.games[0].recentDraws.map(SampleLottery.drawInfo)

    /// The completion-handler call's result, awaited.
    static func completion<Response: Sendable>(
        _ client: GraphQLClient, _ request: GraphQLRequest, as type: Response.Type
    ) async -> QLRequestResult<Response> {
        await withCheckedContinuation { continuation in
            client.fetch(requestType: request) { (result: QLRequestResult<Response>) in
                continuation.resume(returning: result)
            }
        }
    }

    @Test("GraphQLClient.unimplemented(): every call fails naming the request, and is recorded")
    func graphQLUnimplemented() async {
        let client = GraphQLClient.unimplemented()
        await #expect(throws: APIError.self) { try await client.gameInfo(gameId: "6x45") }
        do {
            _ = try await client.fetch(requestType: .games(type: .lotto, activeOnly: false), as: [GameInfo].self)
            Issue.record("an unimplemented client answered")
        } catch {
            guard case .unimplemented(let operation, let request, let advice) = error else {
                Issue.record("expected .unimplemented, got \(error)")
                return
            }
            #expect(operation == "Games")
            #expect(request == ".games(type: .lotto, activeOnly: false)")
            #expect(advice.contains("`.override(.games(type: .lotto, activeOnly: false), with: <[GameInfo]>)`"))
            #expect(error.description.contains("the test did not override .games(type: .lotto, activeOnly: false)"))
        }
        let viaCompletion = await Self.completion(client, .image(nil), as: ImageInfo.self)
        #expect(throws: APIError.self) { try viaCompletion.get() }
        #expect(
            client.unimplementedRequests == [
                .gameInfo(gameId: "6x45"), .games(type: .lotto, activeOnly: false), .image(nil),
            ])
        #expect(client.requests == client.unimplementedRequests)
    }

    @Test("GraphQLClient overrides answer through async, typed and completion calls alike")
    func graphQLOverrides() async throws {
        let client = GraphQLClient.unimplemented()
            .override(.gameInfo(gameId: "6x45"), with: Self.game)
            .override(matching: { if case .draws = $0 { true } else { false } }, with: Self.draws)
            .override(
                .image("logo-none"), with: APIError.notFound(operation: "Image", path: "image(id: \"logo-none\")"))

        #expect(try await client.gameInfo(gameId: "6x45") == Self.game)
        #expect(try await client.fetch(requestType: .gameInfo(gameId: "6x45"), as: GameInfo.self) == Self.game)
        #expect(try await Self.completion(client, .gameInfo(gameId: "6x45"), as: GameInfo.self).get() == Self.game)
        #expect(try await client.draws(gameId: "any", last: 7) == Self.draws)
        await #expect(throws: APIError.notFound(operation: "Image", path: "image(id: \"logo-none\")")) {
            try await client.image(id: "logo-none")
        }
        #expect(client.unimplementedRequests.isEmpty)
        #expect(client.requests.count == 5)

        // The most recent matching override wins.
        client.override(.draws(gameId: "5x36"), with: [DrawInfo]())
        #expect(try await client.draws(gameId: "5x36").isEmpty)
        #expect(try await client.draws(gameId: "6x45") == Self.draws)
    }

    @Test("an override of the wrong type is a typed error, not a crash")
    func wrongType() async {
        let client = GraphQLClient.unimplemented().override(.gameInfo(gameId: "6x45"), with: Self.draws)
        await #expect(throws: APIError.self) { try await client.gameInfo(gameId: "6x45") }
        do {
            _ = try await client.gameInfo(gameId: "6x45")
        } catch {
            guard case .unexpectedResponseType(_, let expected, let actual) = error else {
                Issue.record("expected .unexpectedResponseType, got \(error)")
                return
            }
            #expect(expected == "GameInfo")
            #expect(actual.contains("Array<DrawInfo>"))
        }
    }

    @Test("on a live client an override answers just its request; the others reach the server")
    func liveClientOverride() async throws {
        let transport = GraphQLStubTransport()
        transport.stub(GameQuery.self) { variables in
            GameQuery.Data(game: SampleLottery.gameDetails(SampleLottery.games[1]))
        }
        let endpoint = try #require(URL(string: "https://api.example/graphql"))
        let client = GraphQLClient(endpoint: endpoint, transport: transport)
            .override(.gameInfo(gameId: "6x45"), with: Self.game)
        #expect(try await client.gameInfo(gameId: "6x45") == Self.game)
        #expect(try await client.gameInfo(gameId: "5x36").title == "Gosloto 5 of 36 plus")
        #expect(try transport.variables(of: GameQuery.self) == [.init(id: "5x36")])
        #expect(client.requests.isEmpty)
    }

    @Test(
        "LegacyAPIClient.unimplemented(): every call fails naming the request; overrides answer async and completion calls"
    )
    func legacyClient() async throws {
        let rest = LegacyAPIClient.unimplemented()
            .override(.game(id: "6x45"), with: Self.game)
            .override(matching: { if case .draws = $0 { true } else { false } }, with: Self.draws)
            .override(
                .image(id: "logo-none"),
                with: LegacyAPIError.server(code: .notFound, message: "no image", httpStatus: 404))

        #expect(try await rest.game(id: "6x45") == Self.game)
        #expect(try await rest.draws(gameId: "6x45", limit: 2) == Self.draws)
        let viaCompletion = await withCheckedContinuation { continuation in
            rest.game(id: "6x45") { continuation.resume(returning: $0) }
        }
        #expect(try viaCompletion.get() == Self.game)
        await #expect(throws: LegacyAPIError.server(code: .notFound, message: "no image", httpStatus: 404)) {
            try await rest.image(id: "logo-none")
        }
        await #expect(
            throws: LegacyAPIError.unimplemented(
                request: #".draw(gameId: "6x45", number: 9007199254740993)"#,
                advice: "Add `.override(.draw(gameId: \"6x45\", number: 9007199254740993), with: <DrawInfo>)` "
                    + "(or `with: LegacyAPIError...`) to the test's LegacyAPIClient.unimplemented()")
        ) {
            try await rest.draw(gameId: "6x45", number: 9_007_199_254_740_993)
        }
        await #expect(throws: LegacyAPIError.self) { try await rest.send(GameInfo.self, path: ["games", "6x45"]) }
        #expect(rest.unimplementedRequests == [.draw(gameId: "6x45", number: 9_007_199_254_740_993)])
        #expect(rest.requests.count == 5)
    }

    @Test("repository overrides: a failure per API, a family of requests, in the mode's own way")
    func repositoryFailuresAndFamilies() async throws {
        let notFound = APIError.notFound(operation: "Game", path: "game(id: \"gone\")")
        let restNotFound = LegacyAPIError.server(code: .notFound, message: "no game", httpStatus: 404)
        for mode in [MigrationMode.rest, .graphQL, .graphQLWithRESTFallback] {
            let repository = LotteryRepository.unimplemented(stages: MigrationSettings(defaultMode: mode))
                .override(.gameInfo(gameId: "gone"), graphQLError: notFound, restError: restNotFound)
                .override(
                    matching: { if case .draws(let gameId, _, _) = $0 { gameId == "6x45" } else { false } },
                    with: Self.draws)
            do {
                _ = try await repository.game(id: "gone")
                Issue.record("\(mode): an overridden failure succeeded")
            } catch let error as APIError {
                #expect(mode == .graphQL && error == notFound, "\(mode): \(error)")
            } catch let error as LegacyAPIError {
                // With a fallback, GraphQL's failure falls back to REST, whose error reaches the caller.
                #expect(mode != .graphQL && error == restNotFound, "\(mode): \(error)")
            }
            #expect(try await repository.draws(gameId: "6x45", limit: 5) == Self.draws)
            await #expect(throws: (any Error).self) { try await repository.draws(gameId: "5x36") }
            // With a fallback, both APIs were asked, and neither was overridden.
            let asked = mode == .graphQLWithRESTFallback ? 2 : 1
            #expect(
                repository.unimplementedRequests == Array(repeating: .draws(gameId: "5x36", last: 10), count: asked))
        }
    }

    @Test("GraphQLRequest and LegacyRequest name the same requests")
    func requestMapping() {
        let requests: [GraphQLRequest] = [
            .gameInfo(gameId: "6x45"), .games(type: .keno, activeOnly: false),
            .draws(gameId: "5x36", last: 3, before: 99),
            .drawInfo(gameId: "5x36", number: Int64.max), .image("logo-5x36"),
        ]
        for request in requests {
            let legacy = LegacyRequest(graphQL: request)
            #expect(legacy.map(GraphQLRequest.init(legacy:)) == request)
            #expect(legacy?.responseTypeDescription == request.responseTypeDescription)
        }
        #expect(LegacyRequest(graphQL: .image(nil)) == nil)
        // The draw screen asks REST for the same draw (REST has no deferred parts: one answer).
        let screen = GraphQLRequest.drawScreen(gameId: "5x36", number: 7)
        #expect(LegacyRequest(graphQL: screen) == .draw(gameId: "5x36", number: 7))
        #expect(screen.responseTypeDescription == "DrawInfo" && screen.operationName == "DrawScreen")
        #expect(screen.description == #".drawScreen(gameId: "5x36", number: 7)"#)
        #expect(
            GraphQLRequest.draws(gameId: "5x36", last: 3, before: 99).description
                == #".draws(gameId: "5x36", last: 3, before: 99)"#)
    }
}
