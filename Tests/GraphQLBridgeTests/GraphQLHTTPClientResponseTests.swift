import Foundation
import GraphQLBridge
import GraphQLBridgeTesting
import Testing

/// How the client reads responses: status codes, media types, data and errors, and the error policies.
@Suite("GraphQLHTTPClient responses")
struct GraphQLHTTPClientResponseTests {
    static let fieldError = GraphQLResponseFixture.error(
        "Prize ledger unavailable", path: [.field("item"), .field("name")], line: 1, column: 40, code: "UNAVAILABLE")

    @Test("200 with data decodes it")
    func data() async throws {
        let transport = MockTransport()
        let body = #"{"data":{"item":{"name":"6x45","count":"9007199254740993"}},"extensions":{"cost":3}}"#
        transport.enqueue(json: body)
        let result = try await makeClient(transport).execute(ItemQuery(id: "6x45"))
        #expect(result.data == ItemQuery.Data(item: .init(name: "6x45", count: 9_007_199_254_740_993)))
        #expect(result.errors.isEmpty)
        #expect(!result.isPartial)
        #expect(result.extensions == ["cost": .number("3")])
        #expect(result.httpResponse.status == 200)
        #expect(result.byteCount == body.utf8.count)
    }

    @Test("200 with data: null and no errors is a result without data")
    func nullData() async throws {
        let transport = MockTransport()
        transport.enqueue(json: #"{"data":null}"#)
        let result = try await makeClient(transport).execute(PingQuery())
        #expect(result.data == nil)
        #expect(result.errors.isEmpty)
    }

    @Test("200 with data and errors fails under .failOnAnyError with the errors")
    func partialFailOnAnyError() async throws {
        let itemError = GraphQLResponseFixture.error(
            "Item store unavailable", path: [.field("item")], line: 1, column: 40, code: "UNAVAILABLE")
        let transport = MockTransport()
        transport.enqueue(data: #"{"item":null}"#, errors: [itemError])
        let error = try #require(await executionError(makeClient(transport), ItemQuery(id: "1")))
        #expect(error == .graphQL(operation: "Item", status: 200, errors: [itemError]))
        #expect(error.graphQLErrors.first?.pathDescription == "item")
        #expect(error.graphQLErrors.first?.code == "UNAVAILABLE")
        #expect(error.httpStatus == 200)
        #expect(!error.isAuthenticationFailure)
    }

    @Test("200 with data and errors returns both under .returnPartialData")
    func partialReturnPartialData() async throws {
        struct Partial: GraphQLQuery {
            static let operationName = "Partial"
            static let document = "query Partial{item{name count}}"
            struct Data: Decodable, Sendable {
                let item: Item
                struct Item: Decodable, Sendable {
                    let name: String?
                    let count: Long
                }
            }
        }
        let transport = MockTransport()
        transport.enqueue(data: #"{"item":{"name":null,"count":12}}"#, errors: [Self.fieldError])
        let result = try await makeClient(transport).execute(Partial(), errorPolicy: .returnPartialData)
        #expect(result.data?.item.count == 12)
        #expect(result.data?.item.name == nil)
        #expect(result.errors == [Self.fieldError])
        #expect(result.isPartial)
    }

    @Test("errors without data fail under both policies")
    func errorsWithoutData() async throws {
        for policy in [GraphQLErrorPolicy.failOnAnyError, .returnPartialData] {
            for data in [nil, "null"] as [String?] {
                let transport = MockTransport()
                transport.enqueue(data: data, errors: [Self.fieldError])
                let error = try #require(await executionError(makeClient(transport), PingQuery(), errorPolicy: policy))
                #expect(error == .graphQL(operation: "Ping", status: 200, errors: [Self.fieldError]))
            }
        }
    }

    @Test("400 application/graphql-response+json with errors only is a GraphQL request error")
    func requestError() async throws {
        let syntax = GraphQLResponseFixture.error("Syntax Error: Expected Name, found <EOF>.", line: 1, column: 12)
        let transport = MockTransport()
        transport.enqueue(
            status: 400, headers: ["Content-Type": "application/graphql-response+json; charset=utf-8"],
            body: GraphQLResponseFixture.errorsBody([syntax]))
        let error = try #require(await executionError(makeClient(transport), PingQuery()))
        #expect(error == .graphQL(operation: "Ping", status: 400, errors: [syntax]))
        #expect(error.httpStatus == 400)
        #expect(error.description.contains("Syntax Error: Expected Name, found <EOF>. (at 1:12)"))
    }

    @Test("400 application/json is an HTTP status error with an excerpt of the body")
    func badRequestPlainJSON() async throws {
        let transport = MockTransport()
        let body = #"{"errors":[{"message":"Variable \"$id\" of required type \"ID!\" was not provided."}]}"#
        transport.enqueue(json: body, status: 400, contentType: "application/json")
        let error = try #require(await executionError(makeClient(transport), PingQuery()))
        #expect(error == .httpStatus(operation: "Ping", status: 400, bodyExcerpt: body))
    }

    @Test("401 is an HTTP status error and an authentication failure")
    func unauthorized() async throws {
        let transport = MockTransport()
        transport.enqueue(
            json: #"{"errors":[{"message":"unauthorized"}]}"#, status: 401, contentType: "application/json")
        let error = try #require(await executionError(makeClient(transport), PingQuery()))
        guard case .httpStatus(let operation, let status, let excerpt) = error else {
            Issue.record("expected .httpStatus, got \(error)")
            return
        }
        #expect(operation == "Ping")
        #expect(status == 401)
        #expect(excerpt.contains("unauthorized"))
        #expect(error.isAuthenticationFailure)
        #expect(error.description.contains("check the bearer token"))
    }

    @Test("403 is an authentication failure too")
    func forbidden() async throws {
        let transport = MockTransport()
        transport.enqueue(status: 403, headers: ["Content-Type": "text/plain"], body: "forbidden")
        let error = try #require(await executionError(makeClient(transport), PingQuery()))
        #expect(error == .httpStatus(operation: "Ping", status: 403, bodyExcerpt: "forbidden"))
        #expect(error.isAuthenticationFailure)
    }

    @Test("500 with an HTML page is an HTTP status error, the excerpt shortened")
    func serverErrorHTML() async throws {
        let transport = MockTransport()
        let page = "<html>\n<body>" + String(repeating: "Internal Server Error ", count: 40) + "</body></html>"
        transport.enqueue(status: 500, headers: ["Content-Type": "text/html"], body: page)
        let error = try #require(await executionError(makeClient(transport), PingQuery()))
        guard case .httpStatus(_, let status, let excerpt) = error else {
            Issue.record("expected .httpStatus, got \(error)")
            return
        }
        #expect(status == 500)
        #expect(excerpt.hasPrefix("<html> <body>Internal Server Error"))
        #expect(excerpt.hasSuffix("…"))
        #expect(excerpt.count == 301)
    }

    @Test("404 says to check the endpoint")
    func notFound() async throws {
        let transport = MockTransport()
        transport.enqueue(status: 404, headers: [:], body: "")
        let error = try #require(await executionError(makeClient(transport), PingQuery()))
        #expect(error == .httpStatus(operation: "Ping", status: 404, bodyExcerpt: ""))
        #expect(error.description == "Ping: HTTP 404. Check the GraphQL endpoint URL.")
    }

    @Test("a 2xx body that is not JSON is an invalid response")
    func notJSON() async throws {
        let transport = MockTransport()
        transport.enqueue(status: 200, headers: ["Content-Type": "text/html"], body: "<html>maintenance</html>")
        let error = try #require(await executionError(makeClient(transport), PingQuery()))
        #expect(
            error
                == .invalidResponse(
                    operation: "Ping", status: 200, reason: "the body is not JSON: unexpected character at byte 0",
                    bodyExcerpt: "<html>maintenance</html>"))
    }

    @Test(
        "a 2xx JSON body that is not a GraphQL response is an invalid response",
        arguments: [
            ("{}", #"the response has neither "data" nor "errors""#),
            (#"{"extensions":{"a":1}}"#, #"the response has neither "data" nor "errors""#),
            (#"{"errors":[]}"#, #"the response has neither "data" nor "errors""#),
            ("[1,2]", "the body is not a JSON object"),
            (#""text""#, "the body is not a JSON object"),
            ("null", "the body is not a JSON object"),
            ("", "the body is not JSON: unexpected end of the text at byte 0"),
        ])
    func notAGraphQLResponse(body: String, reason: String) async throws {
        let transport = MockTransport()
        transport.enqueue(json: body, status: 203)
        let error = try #require(await executionError(makeClient(transport), PingQuery()))
        #expect(error == .invalidResponse(operation: "Ping", status: 203, reason: reason, bodyExcerpt: body))
    }

    @Test("a 2xx response of any media type is read as a GraphQL response")
    func mediaTypeIgnoredOn2xx() async throws {
        let transport = MockTransport()
        transport.enqueue(status: 200, headers: ["Content-Type": "text/plain"], body: #"{"data":{"ping":"p"}}"#)
        #expect(try await makeClient(transport).execute(PingQuery()).data?.ping == "p")
    }

    @Test("a 5xx of the GraphQL media type with errors only is a GraphQL error with that status")
    func serverErrorGraphQL() async throws {
        let transport = MockTransport()
        transport.enqueue(status: 503, body: GraphQLResponseFixture.errorsBody([.init(message: "overloaded")]))
        let error = try #require(await executionError(makeClient(transport), PingQuery()))
        #expect(error == .graphQL(operation: "Ping", status: 503, errors: [GraphQLError(message: "overloaded")]))
    }
}
