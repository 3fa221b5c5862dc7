import Foundation
import GraphQLBridge
import LegacyModels
import LotteryAPI
import LotteryBridge
import LotteryTestSupport
import Testing

/// Both APIs of a real server (the Python reference backend on graphql-core), through the real
/// `URLSessionTransport` and the legacy `LegacyAPIClient`: every request gives equal legacy models.
@Suite("Against the reference backend", .serialized)
struct ReferenceBackendIntegrationTests {
    static let token = "integration-token"

    /// The clients of both APIs for one running backend.
    struct Clients {
        let backend: ReferenceBackend
        let rest: LegacyAPIClient
        let graphQL: GraphQLClient
    }

    private func withBackend(
        _ options: ReferenceBackendOptions = ReferenceBackendOptions(token: token),
        _ body: (Clients) async throws -> Void
    ) async throws {
        let backend = try await ReferenceBackend.start(options)
        defer { backend.stop() }
        let rest = LegacyAPIClient(baseURL: backend.restURL, token: options.token)
        let graphQL = GraphQLClient(endpoint: backend.graphQLURL, token: options.token)
        try await body(Clients(backend: backend, rest: rest, graphQL: graphQL))
    }

    @Test("Every request case gives equal legacy models through both APIs")
    func everyRequestCase() async throws {
        try await withBackend { clients in
            let restGames = try await clients.rest.games(activeOnly: false)
            let graphQLGames: [GameInfo] = try await clients.graphQL.fetch(
                requestType: .games(type: nil, activeOnly: false))
            #expect(restGames.count >= 8)
            #expect(graphQLGames == restGames)
            #expect(restGames.contains { $0.type == .unknown }, "the data set has a type the app does not know")

            let activeREST = try await clients.rest.games()
            let activeGraphQL = try await clients.graphQL.games()
            #expect(activeGraphQL == activeREST)
            #expect(activeGraphQL.allSatisfy { $0.isActive })
            #expect(activeGraphQL.count < graphQLGames.count)

            let kenoREST = try await clients.rest.games(type: .keno, activeOnly: false)
            let kenoGraphQL: [GameInfo] = try await clients.graphQL.fetch(
                requestType: .games(type: .keno, activeOnly: false))
            #expect(kenoGraphQL == kenoREST)
            #expect(!kenoGraphQL.isEmpty && kenoGraphQL.allSatisfy { $0.type == .keno })

            for game in restGames {
                let viaGraphQL: GameInfo = try await clients.graphQL.fetch(requestType: .gameInfo(gameId: game.id))
                #expect(viaGraphQL == game, "game \(game.id)")

                let restDraws = try await clients.rest.draws(gameId: game.id, limit: 10)
                let graphQLDraws: [DrawInfo] = try await clients.graphQL.fetch(
                    requestType: .draws(gameId: game.id, last: 10, before: nil))
                #expect(graphQLDraws == restDraws, "draws of \(game.id)")

                if let oldest = restDraws.last {
                    let olderREST = try await clients.rest.draws(gameId: game.id, limit: 3, before: oldest.number)
                    let olderGraphQL = try await clients.graphQL.draws(gameId: game.id, last: 3, before: oldest.number)
                    #expect(olderGraphQL == olderREST, "draws of \(game.id) before \(oldest.number)")
                }
                for draw in restDraws.prefix(3) {
                    let viaGraphQL: DrawInfo = try await clients.graphQL.fetch(
                        requestType: .drawInfo(gameId: game.id, number: draw.number))
                    #expect(viaGraphQL == draw, "draw \(draw.id)")
                }
                if let logo = game.logo {
                    let restImage = try await clients.rest.image(id: logo.id)
                    let graphQLImage: ImageInfo = try await clients.graphQL.fetch(requestType: .image(logo.id))
                    #expect(graphQLImage == restImage)
                }
            }
        }
    }

    @Test("Without the token both APIs answer 401")
    func unauthorized() async throws {
        try await withBackend { clients in
            let rest = LegacyAPIClient(baseURL: clients.backend.restURL)
            let graphQL = GraphQLClient(endpoint: clients.backend.graphQLURL)
            await #expect {
                _ = try await rest.game(id: "6x45")
            } throws: { error in
                guard case .server(.unauthorized, _, 401)? = error as? LegacyAPIError else { return false }
                return true
            }
            await #expect {
                _ = try await graphQL.gameInfo(gameId: "6x45")
            } throws: { error in
                guard let error = error as? APIError else { return false }
                return error.httpStatus == 401 && error.isAuthenticationFailure
            }
            let wrong = GraphQLClient(endpoint: clients.backend.graphQLURL, token: "wrong")
            await #expect(throws: APIError.self) { _ = try await wrong.gameInfo(gameId: "6x45") }
        }
    }

    /// A query the schema rejects: `nope` is not a field of `Game`.
    struct InvalidQuery: GraphQLQuery {
        static let operationName = "Invalid"
        static let document = #"query Invalid{game(id:"6x45"){nope}}"#
        struct Data: Decodable, Sendable {}
    }

    @Test("A validation error: 400 with application/graphql-response+json, 200 with application/json")
    func validationError() async throws {
        try await withBackend { clients in
            let bearer = BearerTokenMiddleware(token: Self.token)
            let preferred = GraphQLHTTPClient(endpoint: clients.backend.graphQLURL, middlewares: [bearer])
            do throws(APIError) {
                _ = try await preferred.execute(InvalidQuery())
                Issue.record("the invalid query succeeded")
            } catch {
                guard case .graphQL(_, let status, let errors) = error else {
                    Issue.record("unexpected error \(error)")
                    return
                }
                #expect(status == 400)
                #expect(errors.first?.message.contains("nope") == true)
                #expect(errors.first?.locations?.isEmpty == false)
            }
            let legacyMediaType = GraphQLHTTPClient(
                endpoint: clients.backend.graphQLURL,
                middlewares: [bearer, HeadersMiddleware(["Accept": "application/json"])])
            do throws(APIError) {
                _ = try await legacyMediaType.execute(InvalidQuery())
                Issue.record("the invalid query succeeded")
            } catch {
                guard case .graphQL(_, let status, let errors) = error else {
                    Issue.record("unexpected error \(error)")
                    return
                }
                #expect(status == 200)
                #expect(errors.first?.message.contains("nope") == true)
            }
        }
    }

    @Test("Partial data: failOnAnyError throws with the errors, returnPartialData returns data and errors")
    func partialData() async throws {
        try await withBackend { clients in
            let runtime = GraphQLHTTPClient(
                endpoint: clients.backend.graphQLURL, middlewares: [BearerTokenMiddleware(token: Self.token)])
            do throws(APIError) {
                _ = try await runtime.execute(GameQuery(id: "ruslotto"), errorPolicy: .failOnAnyError)
                Issue.record("partial data did not fail under failOnAnyError")
            } catch {
                #expect(error.graphQLErrors.count == 2)
                #expect(error.httpStatus == 200)
            }
            let result = try await runtime.execute(GameQuery(id: "ruslotto"), errorPolicy: .returnPartialData)
            #expect(result.isPartial)
            #expect(result.data?.game?.lastDraw?.prizePool == nil)
            #expect(result.data?.game?.id == "ruslotto")
            #expect(
                Set(result.errors.compactMap(\.pathDescription)) == [
                    "game.lastDraw.prizePool", "game.lastDraw.superPrize",
                ])

            let bridged = try await clients.graphQL.fetchResponse(
                requestType: .gameInfo(gameId: "ruslotto"), as: GameInfo.self)
            #expect(bridged.warnings.count == 2)
            let viaREST = try await clients.rest.game(id: "ruslotto")
            #expect(bridged.value == viaREST)
        }
    }

    @Test("A missing entity: REST 404 NOT_FOUND, GraphQL null → APIError.notFound")
    func missingEntity() async throws {
        try await withBackend { clients in
            await #expect {
                _ = try await clients.rest.game(id: "9x99")
            } throws: { error in
                guard case .server(.notFound, _, 404)? = error as? LegacyAPIError else { return false }
                return true
            }
            await #expect {
                _ = try await clients.graphQL.gameInfo(gameId: "9x99")
            } throws: { error in
                guard case .notFound(let operation, _)? = error as? APIError else { return false }
                return operation == "Game"
            }
            await #expect(throws: APIError.self) { _ = try await clients.graphQL.drawInfo(gameId: "6x45", number: 1) }
            await #expect(throws: APIError.self) { _ = try await clients.graphQL.image(id: "nope") }
            await #expect(throws: APIError.self) { _ = try await clients.graphQL.image(id: nil) }
        }
    }

    @Test("Long serialized as strings decodes to the same models")
    func longAsStrings() async throws {
        try await withBackend(ReferenceBackendOptions(token: Self.token, longAsString: true)) { clients in
            for id in ["6x45", "7x49"] {
                let rest = try await clients.rest.game(id: id)
                let graphQL = try await clients.graphQL.gameInfo(gameId: id)
                #expect(graphQL == rest)
            }
        }
    }

    @Test("The completion-handler API gives the same results as async/await")
    func completionHandlers() async throws {
        try await withBackend { clients in
            let expected = try await clients.graphQL.gameInfo(gameId: "6x45")
            let viaCompletion: QLRequestResult<GameInfo> = await withCheckedContinuation { continuation in
                clients.graphQL.fetch(requestType: .gameInfo(gameId: "6x45")) { (result: QLRequestResult<GameInfo>) in
                    continuation.resume(returning: result)
                }
            }
            #expect(try viaCompletion.get() == expected)

            let wrongType: QLRequestResult<[DrawInfo]> = await withCheckedContinuation { continuation in
                clients.graphQL.fetch(requestType: .gameInfo(gameId: "6x45")) { (result: QLRequestResult<[DrawInfo]>) in
                    continuation.resume(returning: result)
                }
            }
            guard case .failure(.unexpectedResponseType(_, let asked, let actual)) = wrongType else {
                Issue.record("asking for the wrong type did not fail with unexpectedResponseType: \(wrongType)")
                return
            }
            #expect(asked == "Array<DrawInfo>" && actual == "GameInfo")

            let legacy: Result<GameInfo, LegacyAPIError> = await withCheckedContinuation { continuation in
                clients.rest.game(id: "6x45") { continuation.resume(returning: $0) }
            }
            #expect(try legacy.get() == expected)
        }
    }

    @Test("Cancelling a request in flight fails it with .cancelled")
    func cancellation() async throws {
        // The server answers after 60 s and the client times out after 60 s: not ended by the cancellation, the request
        // succeeds or times out then (a hang detector only; no bound on how soon the cancellation takes effect).
        try await withBackend(ReferenceBackendOptions(token: Self.token, delayMilliseconds: 60_000)) { clients in
            let client = GraphQLClient(endpoint: clients.backend.graphQLURL, token: Self.token, timeout: .seconds(60))
            let task = Task { () async -> QLRequestResult<GameInfo> in
                do throws(APIError) {
                    return .success(try await client.gameInfo(gameId: "6x45"))
                } catch {
                    return .failure(error)
                }
            }
            try await Task.sleep(for: .milliseconds(200))  // most likely in flight by then; .cancelled either way
            task.cancel()
            let result = await task.value
            guard case .failure(.cancelled) = result else {
                Issue.record("expected .cancelled, got \(result)")
                return
            }

            let handle = clients.graphQL.fetch(requestType: .gameInfo(gameId: "6x45")) {
                (_: QLRequestResult<GameInfo>) in
            }
            handle.cancel()
            await handle.value
        }
    }
}
