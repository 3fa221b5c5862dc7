import Foundation
import GraphQLBridge
import GraphQLBridgeSupport
import GraphQLBridgeTesting
import LotteryAPI
import Testing

/// Typed stubs of generated operations: answers built in Swift, sent as the server writes them, and the variables
/// read back typed.
@Suite("GraphQLStubTransport")
struct GraphQLStubTransportTests {
    static func client(_ transport: GraphQLStubTransport) throws -> GraphQLHTTPClient {
        GraphQLHTTPClient(endpoint: try #require(URL(string: "https://api.example/graphql")), transport: transport)
    }

    @Test("a stubbed Data comes back equal through the runtime client, with Long at Int64.max")
    func stubbedData() async throws {
        var game = SampleLottery.gameDetails(SampleLottery.games[0])
        game = GameDetails(
            id: game.id, name: game.name, type: .unknown("SCRATCH"), isActive: false, ticketPrice: Int64.max,
            currency: game.currency, superPrize: nil, numbersCount: 6, numbersRange: 45, bonusRange: 1, logo: nil,
            nextDraw: nil, lastDraw: game.lastDraw, drawsCount: Int64.max, rulesUrl: "https://lottery.example/rules",
            isFavorite: true)
        let transport = GraphQLStubTransport()
        transport.stub(GameQuery.self, data: GameQuery.Data(game: game))
        let result = try await Self.client(transport).execute(GameQuery(id: "6x45"))
        #expect(result.data == GameQuery.Data(game: game))
        #expect(result.data?.game?.drawsCount == Int64.max)
        #expect(result.data?.game?.type == .unknown("SCRATCH"))
    }

    @Test("the body is the server's JSON: Long as a number, DateTime as RFC 3339, enums raw, nil as null")
    func wireFormat() async throws {
        let transport = GraphQLStubTransport()
        let draw = SampleLottery.drawDetails(SampleLottery.games[0].lastDraw)
        transport.stub(DrawQuery.self, data: DrawQuery.Data(draw: draw))
        let recorder = BodyRecorder()
        let client = GraphQLHTTPClient(
            endpoint: try #require(URL(string: "https://api.example/graphql")), transport: transport,
            middlewares: [recorder])
        _ = try await client.execute(DrawQuery(gameId: "6x45", number: 9_007_199_254_740_993))
        let body = try #require(recorder.lastBody)
        #expect(body.hasPrefix(#"{"data":{"draw":{"#))
        #expect(body.contains(#""number":9007199254740993"#))
        #expect(body.contains(#""date":"2026-12-31T20:00:00Z""#))
        #expect(body.contains(#""status":"COMPLETED""#))
        #expect(body.contains(#""prizePool":null"#))
        #expect(body.contains(#""__typename":"Draw""#))
    }

    @Test("stubs per variables: the most recent match answers; the variables are recorded typed")
    func perVariables() async throws {
        let transport = GraphQLStubTransport()
        transport.stub(GamesQuery.self, data: GamesQuery.Data(games: []))
        let lotto = SampleLottery.gameDetails(SampleLottery.games[1])
        transport.stub(GamesQuery(type: .some(.lotto), activeOnly: false), data: GamesQuery.Data(games: [lotto]))
        let client = try Self.client(transport)
        #expect(try await client.execute(GamesQuery(type: .some(.lotto), activeOnly: false)).data?.games == [lotto])
        #expect(try await client.execute(GamesQuery(type: .null)).data?.games == [])
        #expect(try await client.execute(GamesQuery()).data?.games == [])
        #expect(
            try transport.variables(of: GamesQuery.self) == [
                .init(type: .some(.lotto), activeOnly: .some(false)), .init(type: .null), .init(),
            ])
        #expect(try transport.variables(of: GameQuery.self).isEmpty)
        #expect(transport.requests.count == 3)
    }

    @Test("an answer computed from the typed variables; errors beside the data")
    func computedAnswerAndErrors() async throws {
        let transport = GraphQLStubTransport()
        let ledgerDown = GraphQLResponseFixture.error("Prize ledger unavailable", path: [.field("draws")])
        transport.stub(DrawsQuery.self, errors: [ledgerDown]) { variables in
            let game = SampleLottery.games.first { $0.id == variables.gameId }
            return DrawsQuery.Data(
                draws: (game?.recentDraws ?? []).prefix(variables.last.unwrapped ?? 10).map(SampleLottery.drawDetails))
        }
        let result = try await Self.client(transport).execute(
            DrawsQuery(gameId: "5x36", last: 1), errorPolicy: .returnPartialData)
        #expect(result.data?.draws.map(\.number) == [123_459])
        #expect(result.errors.map(\.message) == ["Prize ledger unavailable"])
    }

    @Test("a request without a stub fails saying which operation to stub and how")
    func missingStub() async throws {
        let transport = GraphQLStubTransport()
        transport.stub(GameQuery(id: "5x36"), data: GameQuery.Data(game: nil))
        do {
            _ = try await Self.client(transport).execute(GameQuery(id: "6x45"))
            Issue.record("a request without a stub was answered")
        } catch {
            let message = "\(error)"
            #expect(message.contains(#"GameQuery with variables {"id":"6x45"} (request 1)"#), "\(message)")
            #expect(message.contains("`transport.stub(GameQuery.self, data: GameQuery.Data(...))`"), "\(message)")
            // A test's missing stub, not a network failure: no advice about the endpoint or the network.
            #expect(message.hasSuffix("to answer per variables."), "\(message)")
            #expect(!message.contains("Check the endpoint URL and the network"), "\(message)")
            guard let apiError = error as? APIError, case .unimplemented(let operation, _, _) = apiError else {
                Issue.record("expected APIError.unimplemented, got \(error)")
                return
            }
            #expect(operation == "Game")
        }
        #expect(transport.unstubbedRequests.map(\.operationName) == ["Game"])
    }
}

/// Keeps the last response body the client got.
final class BodyRecorder: GraphQLMiddleware, @unchecked Sendable {
    private struct State {
        var body: String?
    }

    private let state = Locked(State())

    var lastBody: String? { state.withLock { $0.body } }

    func intercept(_ request: HTTPRequest, body: Data, operationName: String, next: Next) async throws
        -> (HTTPResponse, Data)
    {
        let (response, data) = try await next(request, body, operationName)
        state.withLock { $0.body = String(decoding: data, as: UTF8.self) }
        return (response, data)
    }
}
