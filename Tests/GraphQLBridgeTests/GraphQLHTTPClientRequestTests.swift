import Foundation
import GraphQLBridge
import GraphQLBridgeSupport
import GraphQLBridgeTesting
import Testing

/// What the client sends: method, headers, body, and the middleware chain around the transport.
@Suite("GraphQLHTTPClient requests")
struct GraphQLHTTPClientRequestTests {
    @Test("POSTs the query, operationName and variables as JSON with the GraphQL-over-HTTP headers")
    func requestShape() async throws {
        let transport = MockTransport()
        transport.enqueue(data: #"{"item":null}"#)
        let client = makeClient(transport, timeout: .seconds(7))
        _ = try await client.execute(ItemQuery(id: "6x45", limit: 5))

        let recorded = try #require(transport.lastRequest)
        #expect(transport.requests.count == 1)
        #expect(recorded.request.method == "POST")
        #expect(recorded.request.url == testEndpoint)
        #expect(recorded.request.timeout == .seconds(7))
        #expect(recorded.header("Content-Type") == "application/json")
        #expect(recorded.header("accept") == "application/graphql-response+json, application/json;q=0.9")
        #expect(GraphQLHTTPClient.acceptHeader == "application/graphql-response+json, application/json;q=0.9")
        #expect(recorded.transportOperationName == "Item")
        #expect(recorded.query == ItemQuery.document)
        #expect(recorded.operationName == "Item")
        #expect(recorded.variables == .object(["id": .string("6x45"), "limit": .number("5")]))
        guard case .object(let members) = recorded.json else {
            Issue.record("the body is not a JSON object: \(recorded.bodyText)")
            return
        }
        #expect(Set(members.keys) == ["query", "operationName", "variables"])
    }

    @Test("an omitted variable is left out, a null one is sent as null, no variables is {}")
    func variables() async throws {
        let transport = MockTransport()
        transport.setHandler { _, _ in
            (HTTPResponse(status: 200), GraphQLResponseFixture.body(data: #"{"item":null,"ping":"pong"}"#))
        }
        let client = makeClient(transport)
        _ = try await client.execute(ItemQuery(id: "1"))
        _ = try await client.execute(ItemQuery(id: "1", limit: .null))
        _ = try await client.execute(PingQuery())
        let variables = transport.requests.map(\.variables)
        #expect(variables[0] == .object(["id": .string("1")]))
        #expect(variables[1] == .object(["id": .string("1"), "limit": .null]))
        #expect(variables[2] == .object([:]))
        #expect(transport.requests[2].operationName == "Ping")
        #expect(transport.requests[2].query == "query Ping{ping level}")
    }

    @Test("middlewares run in order, the first outermost, and see each other's changes")
    func middlewareOrder() async throws {
        let transport = MockTransport()
        transport.enqueue(data: #"{"ping":"pong"}"#)
        let log = RecordingMiddleware.Log()
        let client = makeClient(
            transport,
            middlewares: [RecordingMiddleware(name: "A", log: log), RecordingMiddleware(name: "B", log: log)])
        let result = try await client.execute(PingQuery())

        #expect(log.events == ["A>", "B>", "<B", "<A"])
        #expect(transport.lastRequest?.header("X-Trail") == "A,B")
        #expect(result.httpResponse.headers["X-Response-Trail"] == "B,A")
    }

    @Test("a middleware can answer without calling the transport")
    func shortCircuit() async throws {
        struct Canned: GraphQLMiddleware {
            func intercept(_ request: HTTPRequest, body: Data, operationName: String, next: Next) async throws
                -> (HTTPResponse, Data)
            {
                (
                    HTTPResponse(status: 200, headers: ["Content-Type": "application/json"]),
                    Data(#"{"data":{"ping":"cached \#(operationName)"}}"#.utf8)
                )
            }
        }
        let transport = MockTransport()
        let log = RecordingMiddleware.Log()
        let client = makeClient(transport, middlewares: [RecordingMiddleware(name: "A", log: log), Canned()])
        let result = try await client.execute(PingQuery())

        #expect(result.data?.ping == "cached Ping")
        #expect(transport.requests.isEmpty)
        #expect(log.events == ["A>", "<A"])
    }

    @Test("a middleware can change the body and the operation name passed on")
    func middlewareRewritesBody() async throws {
        struct Rewrite: GraphQLMiddleware {
            func intercept(_ request: HTTPRequest, body: Data, operationName: String, next: Next) async throws
                -> (HTTPResponse, Data)
            {
                try await next(request, Data(#"{"query":"{ping}"}"#.utf8), "Renamed")
            }
        }
        let transport = MockTransport()
        transport.enqueue(data: #"{"ping":"pong"}"#)
        _ = try await makeClient(transport, middlewares: [Rewrite()]).execute(PingQuery())
        #expect(transport.lastRequest?.query == "{ping}")
        #expect(transport.lastRequest?.transportOperationName == "Renamed")
    }

    @Test("BearerTokenMiddleware sends Authorization: Bearer <token>")
    func bearerToken() async throws {
        let transport = MockTransport()
        transport.setHandler { _, _ in (HTTPResponse(status: 200), GraphQLResponseFixture.body(data: #"{"ping":"p"}"#))
        }
        _ = try await makeClient(transport, middlewares: [BearerTokenMiddleware(token: "s3cret")]).execute(PingQuery())
        #expect(transport.lastRequest?.header("authorization") == "Bearer s3cret")
    }

    @Test("BearerTokenMiddleware asks for the token on each request; nil sends no header")
    func bearerTokenProvider() async throws {
        final class Tokens: @unchecked Sendable {
            private struct State {
                var values: [String?] = ["first", nil, "refreshed"]
            }

            private let state = Locked(State())
            func next() -> String? {
                state.withLock { state in state.values.isEmpty ? nil : state.values.removeFirst() }
            }
        }
        let tokens = Tokens()
        let transport = MockTransport()
        transport.setHandler { _, _ in (HTTPResponse(status: 200), GraphQLResponseFixture.body(data: #"{"ping":"p"}"#))
        }
        let client = makeClient(transport, middlewares: [BearerTokenMiddleware(token: { tokens.next() })])
        for _ in 0..<3 { _ = try await client.execute(PingQuery()) }
        #expect(transport.requests.map { $0.header("Authorization") } == ["Bearer first", nil, "Bearer refreshed"])
    }

    @Test("a token provider that throws fails the call as a transport error, nothing is sent")
    func bearerTokenFailure() async throws {
        struct NoSession: Error, CustomStringConvertible {
            var description: String { "no session" }
        }
        let transport = MockTransport()
        let client = makeClient(transport, middlewares: [BearerTokenMiddleware(token: { throw NoSession() })])
        let error = try #require(await executionError(client, PingQuery()))
        #expect(error == .transport(operation: "Ping", message: "no session"))
        #expect(transport.requests.isEmpty)
    }

    @Test("HeadersMiddleware sets its fields, replacing those of the same name")
    func headersMiddleware() async throws {
        let transport = MockTransport()
        transport.enqueue(data: #"{"ping":"p"}"#)
        let client = makeClient(
            transport, middlewares: [HeadersMiddleware(["X-Client-Version": "3.1", "accept": "application/json"])])
        _ = try await client.execute(PingQuery())
        let recorded = try #require(transport.lastRequest)
        #expect(recorded.header("x-client-version") == "3.1")
        #expect(recorded.header("Accept") == "application/json")
        #expect(recorded.request.headers.filter { $0.name.lowercased() == "accept" }.count == 1)
    }
}
