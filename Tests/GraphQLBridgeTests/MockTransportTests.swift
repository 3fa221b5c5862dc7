import Foundation
import GraphQLBridge
import GraphQLBridgeTesting
import Testing

/// The test-support product itself: replies, recording, fixtures.
@Suite("MockTransport and GraphQLResponseFixture")
struct MockTransportTests {
    let request = HTTPRequest(url: testEndpoint, headers: ["Content-Type": "application/json"], timeout: .seconds(1))

    @Test("queued replies answer in order, then the handler")
    func order() async throws {
        let transport = MockTransport(handler: { request, body in
            (HTTPResponse(status: 299, headers: ["X-Echo": request.headers["Content-Type"] ?? ""]), body)
        })
        transport.enqueue(json: #"{"n":1}"#)
        transport.enqueue(status: 201, headers: ["A": "b"], body: "two")
        #expect(transport.pendingReplyCount == 2)

        let (first, firstBody) = try await transport.send(request, body: Data("1".utf8), operationName: "One")
        #expect(first.status == 200)
        #expect(first.mediaType == "application/graphql-response+json")
        #expect(firstBody == Data(#"{"n":1}"#.utf8))
        let (second, secondBody) = try await transport.send(request, body: Data(), operationName: "Two")
        #expect(second == HTTPResponse(status: 201, headers: ["a": "b"]))
        #expect(secondBody == Data("two".utf8))
        let (third, thirdBody) = try await transport.send(request, body: Data("echo".utf8), operationName: "Three")
        #expect(third.status == 299)
        #expect(third.headers["x-echo"] == "application/json")
        #expect(thirdBody == Data("echo".utf8))

        #expect(transport.pendingReplyCount == 0)
        #expect(transport.requests.map(\.transportOperationName) == ["One", "Two", "Three"])
        #expect(transport.requests.map(\.bodyText) == ["1", "", "echo"])
        #expect(transport.requests[0].json == .number("1"))
        #expect(transport.requests[1].json == nil)
    }

    @Test("a queued handler and a queued failure")
    func handlerAndFailure() async throws {
        let transport = MockTransport()
        transport.enqueue(handler: { _, _ in (HTTPResponse(status: 202), Data("h".utf8)) })
        transport.enqueue(error: URLError(.networkConnectionLost))
        transport.enqueue(.failure(TransportError(.connection, "reset"), delay: .milliseconds(1)))
        #expect(try await transport.send(request, body: Data(), operationName: "A").0.status == 202)
        await #expect(throws: URLError.self) { try await transport.send(request, body: Data(), operationName: "B") }
        await #expect(throws: TransportError(.connection, "reset")) {
            try await transport.send(request, body: Data(), operationName: "C")
        }
    }

    @Test("the timeout reply waits for the request's timeout, then throws a timedOut TransportError")
    func timeoutReply() async throws {
        let transport = MockTransport()
        transport.enqueue(.timeout)
        let short = HTTPRequest(url: testEndpoint, timeout: .milliseconds(50))
        let start = ContinuousClock.now
        do {
            _ = try await transport.send(short, body: Data(), operationName: "A")
            Issue.record("expected a timeout")
        } catch let error as TransportError {
            #expect(error.kind == .timedOut)
        }
        #expect(ContinuousClock.now - start >= .milliseconds(50))
    }

    @Test("setHandler replaces the handler; reset forgets replies and requests")
    func handlerAndReset() async throws {
        let transport = MockTransport()
        transport.enqueue(json: "{}")
        transport.setHandler { _, _ in (HTTPResponse(status: 204), Data()) }
        _ = try await transport.send(request, body: Data(), operationName: "A")
        transport.enqueue(json: "{}")
        transport.reset()
        #expect(transport.requests.isEmpty)
        #expect(transport.pendingReplyCount == 0)
        #expect(try await transport.send(request, body: Data(), operationName: "B").0.status == 204)
        #expect(transport.lastRequest?.transportOperationName == "B")
        transport.setHandler(nil)
        // Nothing to answer with: the test's mistake, said as such (not a network failure).
        await #expect(
            throws: APIError.unimplemented(
                operation: "C", request: "request 2 (operation C)",
                advice: "MockTransport has no reply for it: enqueue one or set a handler.")
        ) {
            try await transport.send(request, body: Data(), operationName: "C")
        }
    }

    @Test("waitForRequests reports whether the requests arrived in time")
    func waitForRequests() async throws {
        let transport = MockTransport()
        #expect(!(await transport.waitForRequests(1, timeout: .milliseconds(20))))
        transport.enqueue(json: "{}")
        _ = try await transport.send(request, body: Data(), operationName: "A")
        #expect(await transport.waitForRequests(1, timeout: .milliseconds(20)))
    }

    @Test("requests are recorded from many tasks at once")
    func concurrentRequests() async throws {
        let transport = MockTransport { _, body in (HTTPResponse(status: 200), body) }
        let request = self.request
        try await withThrowingTaskGroup(of: Void.self) { group in
            for index in 0..<50 {
                group.addTask {
                    _ = try await transport.send(request, body: Data("\(index)".utf8), operationName: "Op\(index)")
                }
            }
            try await group.waitForAll()
        }
        #expect(Set(transport.requests.map(\.bodyText)) == Set((0..<50).map { "\($0)" }))
    }

    @Test("fixture bodies: data, errors and extensions")
    func fixtureText() throws {
        let error = GraphQLResponseFixture.error(
            "boom", path: [.field("draws"), .index(0), .field("prizePool")], line: 1, column: 2, code: "X")
        #expect(
            GraphQLResponseFixture.text(
                data: #"{"a":9007199254740993}"#, errors: [error], extensions: ["t": .number("1")])
                == #"{"data":{"a":9007199254740993},"errors":[{"extensions":{"code":"X"},"#
                + #""locations":[{"column":2,"line":1}],"message":"boom","path":["draws",0,"prizePool"]}],"#
                + #""extensions":{"t":1}}"#)
        #expect(GraphQLResponseFixture.text(data: "null") == #"{"data":null}"#)
        #expect(GraphQLResponseFixture.text(data: nil) == "{}")
        #expect(
            GraphQLResponseFixture.errorsBody([GraphQLError(message: "bad")])
                == Data(#"{"errors":[{"message":"bad"}]}"#.utf8))
        #expect(GraphQLResponseFixture.body(data: JSONValue.null) == Data(#"{"data":null}"#.utf8))
    }

    @Test("fixture errors decode back to the same GraphQLError values")
    func fixtureErrorsRoundTrip() throws {
        struct Errors: Decodable {
            let errors: [GraphQLError]
        }
        let errors = [
            GraphQLResponseFixture.error("a", path: [.field("x"), .index(3)], line: 2, column: 7, code: "C"),
            GraphQLResponseFixture.error("b"),
            GraphQLError(message: "c", extensions: ["retry": .bool(true), "after": .number("1.5")]),
        ]
        let decoded = try JSONDecoder().decode(Errors.self, from: GraphQLResponseFixture.errorsBody(errors))
        #expect(decoded.errors == errors)
    }
}
