import Foundation
import GraphQLBridgeSupport
import GraphQLBridgeTesting
import Testing

@testable import GraphQLBridge

/// The server's word obeyed (issue 29): `Retry-After` read as RFC 9110 says, GraphQL errors of a refused
/// subscription given to the caller, `PersistedQueryNotSupported` remembered per client, registered-only ids for
/// subscriptions.
@Suite("The server's word: Retry-After, refusals, persisted queries")
struct ServerWordTests {
    // MARK: - Retry-After

    @Test("Retry-After: delta-seconds, HTTP-dates (all three forms), a past date, the cap, malformed values")
    func retryAfterParsing() {
        let now = Date(timeIntervalSince1970: 784_111_777)  // Sun, 06 Nov 1994 08:49:37 GMT
        #expect(RetryAfter.delay("4", now: now) == .seconds(4))
        #expect(RetryAfter.delay(" 0 ", now: now) == .zero)
        #expect(RetryAfter.delay("Sun, 06 Nov 1994 08:49:41 GMT", now: now) == .seconds(4))
        #expect(RetryAfter.delay("Sunday, 06-Nov-94 08:49:47 GMT", now: now) == .seconds(10))
        #expect(RetryAfter.delay("Sun Nov  6 08:50:37 1994", now: now) == .seconds(60))
        #expect(RetryAfter.delay("Sun, 06 Nov 1994 08:49:00 GMT", now: now) == .zero, "a past date is no wait")
        #expect(RetryAfter.delay("86400", now: now) == RetryAfter.maximum)
        #expect(RetryAfter.delay("99999999999999999999999", now: now) == RetryAfter.maximum)
        #expect(RetryAfter.delay("Fri, 06 Nov 2026 08:49:37 GMT", now: now) == RetryAfter.maximum)
        for malformed in ["", "-1", "4.5", "soon", "4s", "Sun, 32 Nov 1994 08:49:37 GMT"] {
            #expect(RetryAfter.delay(malformed, now: now) == nil, "\(malformed)")
        }
        let headers: HTTPHeaders = ["retry-after": "4"]
        #expect(RetryAfter.delay(status: 503, headers: headers) == .seconds(4))
        #expect(RetryAfter.delay(status: 429, headers: headers) == .seconds(4))
        #expect(RetryAfter.delay(status: 500, headers: headers) == nil, "only 429 and 503")
        #expect(RetryAfter.delay(status: 503, headers: [:]) == nil)
    }

    // MARK: - A refused subscription's GraphQL errors (row 8)

    /// Answers every stream request with `head` and `body` (then ends it); records the requests' bodies.
    final class OneAnswer: GraphQLStreamingTransport, Sendable {
        private let bodies = Locked<[Data]>([])
        let head: HTTPResponse
        let body: String

        init(head: HTTPResponse, body: String) {
            self.head = head
            self.body = body
        }

        var requestBodies: [Data] { bodies.withLock { $0 } }

        func stream(_ request: HTTPRequest, body: Data, idleTimeout: Duration?) async throws -> GraphQLStreamingResponse
        {
            bodies.withLock { $0.append(body) }
            let (stream, continuation) = AsyncThrowingStream<Data, any Error>.makeStream()
            continuation.yield(Data(self.body.utf8))
            continuation.finish()
            return GraphQLStreamingResponse(head: head, body: stream, cancel: {})
        }
    }

    static let options = GraphQLSubscriptionOptions(
        initialRetryDelay: .milliseconds(1), maximumRetryDelay: .seconds(3_600), maximumRetries: 2)

    static func firstError(
        _ transport: GraphQLSubscriptionTransport, persistedQueries: PersistedQueries = .disabled
    ) async -> APIError? {
        var transport = transport
        transport.sleep = { _ in }
        let client = GraphQLHTTPClient(
            endpoint: testEndpoint, persistedQueries: persistedQueries, subscriptions: transport)
        do throws(APIError) {
            for try await _ in client.subscribe(ReconnectionModelTests.Tick()) {}
            return nil
        } catch {
            return error
        }
    }

    @Test(
        "row 8: a subscription refused with a JSON body carrying GraphQL errors gives those errors (SSE, multipart)",
        arguments: [
            (200, "application/json"), (200, "application/graphql-response+json"),
            (400, "application/graphql-response+json"), (422, "application/json; charset=utf-8"),
        ])
    func refusalErrorsReachTheCaller(status: Int, contentType: String) async {
        let body =
            #"{"errors":[{"message":"subscriptions are disabled for this client","extensions":{"code":"FORBIDDEN_OPERATION"}}]}"#
        for multipart in [false, true] {
            let answer = OneAnswer(
                head: HTTPResponse(status: status, headers: ["Content-Type": contentType]), body: body)
            let transport: GraphQLSubscriptionTransport =
                multipart
                ? .multipartHTTP(transport: answer, options: Self.options)
                : .serverSentEvents(transport: answer, options: Self.options)
            let error = await Self.firstError(transport)
            guard case .graphQL(let operation, let reportedStatus, let errors)? = error else {
                Issue.record("\(status) \(contentType) multipart \(multipart): got \(String(describing: error))")
                continue
            }
            #expect(operation == "Tick")
            #expect(reportedStatus == status)
            #expect(errors.map(\.message) == ["subscriptions are disabled for this client"])
            #expect(errors.first?.code == "FORBIDDEN_OPERATION")
            #expect(answer.requestBodies.count == 1, "a refusal with GraphQL errors is not retried")
        }
    }

    @Test("row 8: a 2xx JSON body without errors is a typed error that keeps the body's start")
    func refusalWithoutErrorsKeepsTheBody() async {
        let answer = OneAnswer(
            head: HTTPResponse(status: 200, headers: ["Content-Type": "application/json"]),
            body: #"{"data":null,"note":"use the websocket"}"#)
        let error = await Self.firstError(.serverSentEvents(transport: answer, options: Self.options))
        guard case .invalidResponse(_, 200, let reason, let excerpt)? = error else {
            Issue.record("expected invalidResponse, got \(String(describing: error))")
            return
        }
        #expect(reason.contains("text/event-stream"))
        #expect(excerpt.contains("use the websocket"))
    }

    // MARK: - PersistedQueryNotSupported remembered (row 9)

    static let notSupported =
        #"{"errors":[{"message":"PersistedQueryNotSupported","extensions":{"code":"PERSISTED_QUERY_NOT_SUPPORTED"}}]}"#

    /// A server without persisted queries: refuses any request that carries the extension, answers the others.
    static func serverWithoutPersistedQueries() -> MockTransport {
        let transport = MockTransport()
        transport.setHandler { _, body in
            let headers: HTTPHeaders = ["Content-Type": "application/json"]
            if String(decoding: body, as: UTF8.self).contains("persistedQuery") {
                return (HTTPResponse(status: 200, headers: headers), Data(Self.notSupported.utf8))
            }
            return (HTTPResponse(status: 200, headers: headers), Data(#"{"data":{"ping":"pong","level":1}}"#.utf8))
        }
        return transport
    }

    @Test("row 9: after PersistedQueryNotSupported, the client sends documents directly (no extension), per client")
    func notSupportedRemembered() async throws {
        let transport = Self.serverWithoutPersistedQueries()
        let client = GraphQLHTTPClient(endpoint: testEndpoint, transport: transport, persistedQueries: .automatic())
        for _ in 0..<3 { #expect(try await client.execute(PingQuery()).data?.ping == "pong") }
        let requests = transport.requests
        #expect(requests.count == 4, "one hash-only request, then documents only")
        #expect(requests.map { $0.query == nil } == [true, false, false, false])
        #expect(requests.dropFirst().allSatisfy { $0.extensions == nil })
        // Another client (another server) starts afresh.
        let other = client.withEndpoint(testEndpoint)
        _ = try await other.execute(PingQuery())
        #expect(transport.requests.count == 6)
        #expect(transport.requests[4].query == nil)
    }

    @Test("row 9: many calls in flight at once; after the refusal is known no call sends a hash-only request")
    func notSupportedUnderConcurrency() async throws {
        let transport = Self.serverWithoutPersistedQueries()
        let client = GraphQLHTTPClient(endpoint: testEndpoint, transport: transport, persistedQueries: .automatic())
        // A first wave racing the refusal: each call answers, with at most one hash-only request each.
        let wave = 16
        try await withThrowingTaskGroup(of: String?.self) { group in
            for _ in 0..<wave { group.addTask { try await client.execute(PingQuery()).data?.ping } }
            for try await ping in group { #expect(ping == "pong") }
        }
        let first = transport.requests
        let hashOnly = first.filter { $0.query == nil }.count
        #expect(hashOnly >= 1 && hashOnly <= wave)
        #expect(first.count == wave + hashOnly, "every hash-only request was followed by one document")
        // A second wave: the refusal is known, documents only.
        try await withThrowingTaskGroup(of: String?.self) { group in
            for _ in 0..<wave { group.addTask { try await client.execute(PingQuery()).data?.ping } }
            for try await ping in group { #expect(ping == "pong") }
        }
        let second = transport.requests.dropFirst(first.count)
        #expect(second.count == wave)
        #expect(second.allSatisfy { $0.query != nil && $0.extensions == nil })
    }

    @Test("row 9: PersistedQueryNotFound stays per request: the next call sends the id alone again")
    func notFoundNotRemembered() async throws {
        let transport = MockTransport()
        transport.enqueue(
            body:
                #"{"errors":[{"message":"PersistedQueryNotFound","extensions":{"code":"PERSISTED_QUERY_NOT_FOUND"}}]}"#)
        transport.enqueue(data: #"{"ping":"pong","level":1}"#)
        transport.enqueue(data: #"{"ping":"pong","level":2}"#)
        let client = GraphQLHTTPClient(endpoint: testEndpoint, transport: transport, persistedQueries: .automatic())
        _ = try await client.execute(PingQuery())
        _ = try await client.execute(PingQuery())
        #expect(transport.requests.map { $0.query == nil } == [true, false, true])
    }

    // MARK: - Registered-only subscriptions (row 10)

    @Test("row 10: registered-only sends a subscription's id alone over SSE and multipart, as queries do")
    func registeredOnlyHTTP() async throws {
        for multipart in [false, true] {
            let answer = OneAnswer(
                head: HTTPResponse(status: 200, headers: ["Content-Type": "text/event-stream"]),
                body: "event: complete\ndata:\n\n")
            let transport: GraphQLSubscriptionTransport =
                multipart
                ? .multipartHTTP(transport: answer, options: Self.options)
                : .serverSentEvents(transport: answer, options: Self.options)
            _ = await Self.firstError(transport, persistedQueries: .registeredOnly)
            let body = try #require(answer.requestBodies.first)
            let json = try JSONValue(parsing: body)
            #expect(json["query"] == nil, "no document")
            #expect(json["operationName"] == .string("Tick"))
            #expect(
                json["extensions"]
                    == .object([
                        "persistedQuery": .object([
                            "version": .number("1"),
                            "sha256Hash": .string(ReconnectionModelTests.Tick.operationIdentifier),
                        ])
                    ]))
        }
    }

    /// A socket that acknowledges, records what the client sends, and completes every subscription at once.
    final class CompletingSocket: GraphQLWebSocketConnector, GraphQLWebSocketConnection, Sendable {
        private let sent = Locked<[String]>([])
        private let inbox: AsyncStream<String>
        private let continuation: AsyncStream<String>.Continuation

        init() {
            (inbox, continuation) = AsyncStream<String>.makeStream()
        }

        var messages: [String] { sent.withLock { $0 } }

        func connect(_ request: HTTPRequest, subprotocols: [String]) async throws -> any GraphQLWebSocketConnection {
            self
        }

        func send(text: String) async throws {
            sent.withLock { $0.append(text) }
            guard let message = try? JSONValue(parsing: Data(text.utf8)) else { return }
            switch message["type"]?.stringValue {
            case "connection_init": continuation.yield(#"{"type":"connection_ack"}"#)
            case "subscribe":
                let id = message["id"]?.stringValue ?? ""
                continuation.yield(#"{"id":"\#(id)","type":"complete"}"#)
            default: break
            }
        }

        func receive() async throws -> GraphQLWebSocketMessage {
            var iterator = inbox.makeAsyncIterator()
            guard let text = await iterator.next() else {
                throw GraphQLWebSocketError(.closed(code: 1000), "closed")
            }
            return .text(text)
        }

        func close(code: Int, reason: String) async {
            continuation.finish()
        }
    }

    @Test("row 10: registered-only sends a subscription's id alone in the WebSocket subscribe payload")
    func registeredOnlyWebSocket() async throws {
        let socket = CompletingSocket()
        let client = GraphQLHTTPClient(
            endpoint: testEndpoint, persistedQueries: .registeredOnly,
            subscriptions: .webSocket(
                url: URL(string: "ws://api.example/graphql") ?? testEndpoint, connector: socket,
                options: Self.options))
        for try await _ in client.subscribe(ReconnectionModelTests.Tick()) {}
        let subscribe = try #require(
            socket.messages.compactMap { try? JSONValue(parsing: Data($0.utf8)) }
                .first { $0["type"] == .string("subscribe") })
        let payload = try #require(subscribe["payload"])
        #expect(payload["query"] == nil, "no document")
        #expect(payload["operationName"] == .string("Tick"))
        #expect(
            payload["extensions"]?["persistedQuery"]?["sha256Hash"]
                == .string(ReconnectionModelTests.Tick.operationIdentifier))
    }

    /// A middleware (a token provider) whose first call fails, as a refresh failing on the network.
    final class FailsOnce: GraphQLMiddleware, Sendable {
        struct RefreshFailed: Error {}
        private let calls = Locked(0)
        var count: Int { calls.withLock { $0 } }

        func intercept(_ request: HTTPRequest, body: Data, operationName: String, next: Next) async throws
            -> (HTTPResponse, Data)
        {
            let call = calls.withLock { calls in
                calls += 1
                return calls
            }
            if call == 1 { throw RefreshFailed() }
            return try await next(request, body, operationName)
        }
    }

    @Test("row 7 over a WebSocket: a middleware failing at the upgrade is retried with backoff, not the end")
    func webSocketMiddlewareRetried() async throws {
        let socket = CompletingSocket()
        let middleware = FailsOnce()
        let client = GraphQLHTTPClient(
            endpoint: testEndpoint, middlewares: [middleware],
            subscriptions: .webSocket(
                url: URL(string: "ws://api.example/graphql") ?? testEndpoint, connector: socket,
                options: Self.options))
        for try await _ in client.subscribe(ReconnectionModelTests.Tick()) {}
        #expect(middleware.count == 2)
        #expect(socket.messages.contains { $0.contains("\"subscribe\"") })
    }

    /// An HTTP-date `seconds` from now (RFC 9110's IMF-fixdate).
    static func httpDate(secondsFromNow seconds: Int) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "GMT")
        formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss 'GMT'"
        return formatter.string(from: Date().addingTimeInterval(TimeInterval(seconds)))
    }

    @Test(
        "row 6 over a WebSocket: an upgrade refused with 503/429 and Retry-After makes the reconnections wait that long",
        arguments: [(503, false), (429, false), (503, true)])
    func webSocketUpgradeRetryAfter(status: Int, asDate: Bool) async throws {
        let start = Date()
        // An HTTP-date has whole seconds: the server's date is at most a second before start + 60 s.
        let value = asDate ? Self.httpDate(secondsFromNow: 60) : "4"
        // A small hostile server on a real socket: every upgrade request is answered `status` + Retry-After.
        let server = try LoopbackHTTPServer(
            .respond(status: status, headers: ["Retry-After": value], body: Data("slow down".utf8)))
        defer { server.stop() }
        let waits = Locked<[Duration]>([])
        let engine = GraphQLWebSocketClient(
            connector: POSIXWebSocketConnector(), options: Self.options, random: { 0 },
            sleep: { delay in waits.withLock { $0.append(delay) } })
        let url = try #require(URL(string: "ws://127.0.0.1:\(server.port)/graphql"))
        let client = GraphQLHTTPClient(
            endpoint: testEndpoint,
            subscriptions: GraphQLSubscriptionTransport(
                kind: .webSocket(url: url, engine: engine), options: Self.options))
        do throws(APIError) {
            for try await _ in client.subscribe(ReconnectionModelTests.Tick()) {}
            Issue.record("the subscription ended without the refusal")
        } catch {
            #expect(error == .httpStatus(operation: "Tick", status: status, bodyExcerpt: "slow down"))
        }
        // maximumRetries 2: three upgrades refused, two waits between them, each the server's (the backoff is 1-2 ms).
        #expect(server.requests.count == 3)
        let recorded = waits.value
        #expect(recorded.count == 2)
        // Each wait runs from the moment its refusal was read (between start and end) to the server's date.
        let elapsed = Date().timeIntervalSince(start)
        for wait in recorded {
            if asDate {
                #expect(
                    wait.timeInterval > 59 - elapsed && wait.timeInterval <= 60.001, "\(wait), \(elapsed) s elapsed")
            } else {
                #expect(wait == .seconds(4))
            }
        }
    }
}
