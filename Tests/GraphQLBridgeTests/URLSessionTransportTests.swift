import Foundation
@_spi(Testing) import GraphQLBridge
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// ``URLSessionTransport`` against a real HTTP server on 127.0.0.1.
///
/// No test bounds how long a request took: a busy machine can stretch any of them. They check what the transport
/// decided (which error, with which message: its own timer's, not `URLSession`'s backstop) and, for time limits, a
/// lower bound the transport guarantees. Timeouts that a test does not exercise are 60 s: they only tell a hang.
@Suite("URLSessionTransport over loopback")
struct URLSessionTransportTests {
    static let itemBody = #"{"data":{"item":{"name":"six","count":"9007199254740993"}}}"#

    func client(
        _ server: LoopbackHTTPServer, configuration: URLSessionTransport.Configuration = .init(),
        timeout: Duration = .seconds(60), middlewares: [any GraphQLMiddleware] = []
    ) throws -> GraphQLHTTPClient {
        GraphQLHTTPClient(
            endpoint: try server.url, transport: URLSessionTransport(configuration: configuration),
            middlewares: middlewares, timeout: timeout)
    }

    @Test("a round trip: the request's headers and body arrive, the response's headers read case-insensitively")
    func roundTrip() async throws {
        let server = try LoopbackHTTPServer(
            .respond(
                status: 200,
                headers: ["content-type": "application/graphql-response+json; charset=utf-8", "X-Trace-Id": "t-1"],
                body: Data(Self.itemBody.utf8)))
        defer { server.stop() }
        let client = try client(server, middlewares: [BearerTokenMiddleware(token: "tok")])
        let result = try await client.execute(ItemQuery(id: "6x45", limit: 3))

        #expect(result.data == ItemQuery.Data(item: .init(name: "six", count: 9_007_199_254_740_993)))
        #expect(result.httpResponse.status == 200)
        #expect(result.httpResponse.headers["Content-Type"] == "application/graphql-response+json; charset=utf-8")
        #expect(result.httpResponse.headers["x-trace-id"] == "t-1")
        #expect(result.httpResponse.headers["X-TRACE-ID"] == "t-1")
        #expect(result.httpResponse.mediaType == "application/graphql-response+json")
        #expect(result.byteCount == Self.itemBody.utf8.count)

        let request = try #require(server.requests.first)
        #expect(server.requests.count == 1)
        #expect(request.method == "POST")
        #expect(request.target == "/graphql")
        #expect(request.header("content-type") == "application/json")
        #expect(request.header("Accept") == "application/graphql-response+json, application/json;q=0.9")
        #expect(request.header("Authorization") == "Bearer tok")
        let body = try JSONDecoder().decode(JSONValue.self, from: request.body)
        #expect(body["query"] == .string(ItemQuery.document))
        #expect(body["operationName"] == .string("Item"))
        #expect(body["variables"] == .object(["id": .string("6x45"), "limit": .number("3")]))
    }

    @Test("the transport returns any status with its body; the client reads a 401 as an HTTP status error")
    func statusPassesThrough() async throws {
        let server = try LoopbackHTTPServer(
            .respond(status: 401, headers: ["Content-Type": "application/json"], body: Data(#"{"errors":[]}"#.utf8)))
        defer { server.stop() }
        let transport = URLSessionTransport()
        let (response, body) = try await transport.send(
            HTTPRequest(url: try server.url, timeout: .seconds(60)), body: Data("{}".utf8), operationName: "Ping")
        #expect(response.status == 401)
        #expect(body == Data(#"{"errors":[]}"#.utf8))

        let error = try #require(await executionError(try client(server), PingQuery()))
        #expect(error == .httpStatus(operation: "Ping", status: 401, bodyExcerpt: #"{"errors":[]}"#))
        #expect(error.isAuthenticationFailure)
    }

    @Test("a Content-Length above the limit fails with .responseTooLarge without reading the body")
    func announcedTooLarge() async throws {
        let server = try LoopbackHTTPServer(.announce(contentLength: 50 << 20))
        defer { server.stop() }
        let client = try client(server, configuration: .init(maximumResponseSize: 64 << 10))
        let error = try #require(await executionError(client, PingQuery()))
        #expect(error == .responseTooLarge(operation: "Ping", limit: 64 << 10))

        // Decided on the announced length, before the body: a body read until it passes the limit says "more bytes".
        let transport = URLSessionTransport(configuration: .init(maximumResponseSize: 64 << 10))
        do {
            _ = try await transport.send(
                HTTPRequest(url: try server.url, timeout: .seconds(60)), body: Data("{}".utf8), operationName: "Ping")
            Issue.record("a 50 MiB response passed a 64 KiB limit")
        } catch let error as TransportError {
            #expect(error.kind == .responseTooLarge(limit: 64 << 10))
            #expect(error.message.contains("(announced \(50 << 20) bytes)"), "\(error.message)")
        }
    }

    @Test("a streamed body without a length fails with .responseTooLarge once it passes the limit")
    func streamedTooLarge() async throws {
        // 2048 chunks of 16 KiB, 2 ms apart: more than 4 s to send them all, had the client not left.
        let server = try LoopbackHTTPServer(.stream(totalBytes: 32 << 20, chunkSize: 16 << 10, pause: .milliseconds(2)))
        defer { server.stop() }
        let client = try client(server, configuration: .init(maximumResponseSize: 64 << 10))
        let error = try #require(await executionError(client, PingQuery()))
        #expect(error == .responseTooLarge(operation: "Ping", limit: 64 << 10))
        // The client left: the server's next write failed and it stopped, short of the whole body. A client that kept
        // reading would take it all (the server ends its connection only then); one that stopped reading without
        // closing would leave the server blocked, and the wait (a hang detector) fails.
        #expect(await server.waitForEndedConnections(1))
        #expect(server.bodyBytesWritten < 32 << 20, "the server wrote \(server.bodyBytesWritten) bytes")
    }

    @Test("a streamed body up to the limit is read whole")
    func streamedWithinLimit() async throws {
        let server = try LoopbackHTTPServer(.stream(totalBytes: 64 << 10, chunkSize: 4 << 10))
        defer { server.stop() }
        let transport = URLSessionTransport(configuration: .init(maximumResponseSize: 64 << 10))
        let (response, body) = try await transport.send(
            HTTPRequest(url: try server.url, timeout: .seconds(60)), body: Data("{}".utf8), operationName: "Ping")
        #expect(response.status == 200)
        #expect(body.count == 64 << 10)
    }

    @Test("a server that never answers times out after the request's timeout, by the transport's own timer")
    func timeout() async throws {
        let server = try LoopbackHTTPServer(.neverAnswer)
        defer { server.stop() }
        let start = ContinuousClock.now
        let error = try #require(await executionError(try client(server, timeout: .seconds(1)), PingQuery()))
        let elapsed = ContinuousClock.now - start
        guard case .timedOut(let operation, let message) = error else {
            Issue.record("expected .timedOut, got \(error)")
            return
        }
        #expect(operation == "Ping")
        // The transport's timer, not URLSession's backstop (2 s here, with its own message) nor a hang.
        #expect(message.contains("nothing received for 1000 ms"), "\(message)")
        #expect(elapsed >= .milliseconds(900))
    }

    @Test("the whole-request deadline holds against a server that trickles a byte every 0.5 s")
    func resourceDeadline() async throws {
        // 120 one-byte chunks 0.5 s apart: a minute to send (only the deadline can end the request before), each byte
        // well within the 5 s idle timeout.
        let server = try LoopbackHTTPServer(.stream(totalBytes: 120, chunkSize: 1, pause: .milliseconds(500)))
        defer { server.stop() }
        let transport = URLSessionTransport(configuration: .init(resourceTimeout: .seconds(2)))
        let start = ContinuousClock.now
        do {
            _ = try await transport.send(
                HTTPRequest(url: try server.url, timeout: .seconds(5)), body: Data("{}".utf8), operationName: "Ping")
            Issue.record("the request succeeded after \(ContinuousClock.now - start), past its 2 s deadline")
        } catch let error as TransportError {
            // The deadline's own error (not the idle timeout's): the decisive check.
            #expect(error.kind == .timedOut)
            #expect(error.message.contains("within its deadline of 2000 ms"), "\(error.message)")
        }
        #expect(ContinuousClock.now - start >= .milliseconds(1900))
    }

    @Test("a 900 ms timeout is not truncated to zero: a server that never answers fails after 900 ms, not at once")
    func subSecondTimeout() async throws {
        // Truncated to whole seconds, the timeout is zero and the request fails at once: the lower bound is the check.
        // (A server answering within the timeout was checked before; a loaded machine delayed such an answer past it.)
        let server = try LoopbackHTTPServer(.neverAnswer)
        defer { server.stop() }
        let outcome = await Self.outcome(URLSessionTransport(), try server.url, timeout: .milliseconds(900))
        guard case .timedOut(let elapsed, let message) = outcome else {
            Issue.record("expected a timeout, got \(outcome)")
            return
        }
        #expect(elapsed >= .milliseconds(850))
        // The transport's timer, not URLSession's backstop (2 s here), and with the timeout as given.
        #expect(message.contains("nothing received for 900 ms"), "\(message)")
    }

    @Test("a 1.5 s timeout is not truncated to 1 s")
    func fractionalTimeout() async throws {
        let server = try LoopbackHTTPServer(.neverAnswer)
        defer { server.stop() }
        let start = ContinuousClock.now
        do {
            _ = try await URLSessionTransport().send(
                HTTPRequest(url: try server.url, timeout: .milliseconds(1500)), body: Data("{}".utf8),
                operationName: "P")
            Issue.record("a server that never answers did not time out")
        } catch let error as TransportError {
            #expect(error.kind == .timedOut)
            // The transport's timer, not URLSession's backstop (3 s here).
            #expect(error.message.contains("nothing received for 1500 ms"), "\(error.message)")
        }
        // Truncated, it would time out after 1 s: the lower bound is the check.
        #expect(ContinuousClock.now - start >= .milliseconds(1450))
    }

    /// How a request sent straight through a transport ended.
    enum Outcome: Equatable {
        case answered
        case timedOut(after: Duration, message: String)
        case failed(TransportError.Kind)
    }

    static func outcome(_ transport: URLSessionTransport, _ url: URL, timeout: Duration) async -> Outcome {
        let start = ContinuousClock.now
        do {
            _ = try await transport.send(
                HTTPRequest(url: url, timeout: timeout), body: Data("{}".utf8), operationName: "P")
            return .answered
        } catch let error as TransportError {
            guard error.kind == .timedOut else { return .failed(error.kind) }
            return .timedOut(after: ContinuousClock.now - start, message: error.message)
        } catch {
            return .failed(.other)
        }
    }

    @Test("concurrent requests on one transport each time out at their own deadline (one shared timer)")
    func concurrentTimeouts() async throws {
        let silent = try LoopbackHTTPServer(.neverAnswer)
        defer { silent.stop() }
        let quick = try LoopbackHTTPServer(.delayed(.milliseconds(50), body: Data(Self.itemBody.utf8)))
        defer { quick.stop() }
        let transport = URLSessionTransport()
        let url = try silent.url
        // The long timeout first: the shorter one, registered while it is in flight, must bring the timer forward.
        // (Ten minutes: it must not pass before the cancel below, however slow the machine; under ThreadSanitizer on a
        // loaded machine, 60 s did.)
        let long = Task { await Self.outcome(transport, url, timeout: .seconds(600)) }
        #expect(await silent.waitForRequests(1))
        async let short = Self.outcome(transport, url, timeout: .milliseconds(800))
        // A third request, answered meanwhile, is not disturbed.
        #expect(await Self.outcome(transport, try quick.url, timeout: .seconds(600)) == .answered)

        let shortOutcome = await short
        guard case .timedOut(let elapsed, let message) = shortOutcome else {
            Issue.record("expected the 800 ms request to time out, got \(shortOutcome)")
            return
        }
        #expect(elapsed >= .milliseconds(750))
        // The transport's own timeout, not URLSession's backstop (2 s here): had the timer stayed armed for the first
        // request's 60 s, the backstop would have ended this one, with URLSession's message.
        #expect(message.contains("nothing received for 800 ms"))
        // The first request is still waiting for its own deadline: cancelled, not timed out.
        long.cancel()
        #expect(await long.value == .failed(.cancelled))
    }

    @Test("cancelling an in-flight request ends it with .cancelled, not at its timeout")
    func cancellation() async throws {
        let server = try LoopbackHTTPServer(.neverAnswer)
        defer { server.stop() }
        let client = try client(server, timeout: .seconds(600))
        let task = Task { await executionError(client, PingQuery()) }
        #expect(await server.waitForRequests(1))
        task.cancel()
        // Not ended by the cancellation, it would end at its 60 s timeout, as .timedOut.
        #expect(await task.value == .cancelled(operation: "Ping"))
    }

    @Test("the transport forgets each request when it ends: answered, too large, timed out, cancelled, refused")
    func requestStatesAreDropped() async throws {
        let answering = try LoopbackHTTPServer(
            .respond(status: 200, headers: ["Content-Type": "application/json"], body: Data(Self.itemBody.utf8)))
        defer { answering.stop() }
        let tooLarge = try LoopbackHTTPServer(.announce(contentLength: 50 << 20))
        defer { tooLarge.stop() }
        let silent = try LoopbackHTTPServer(.neverAnswer)
        defer { silent.stop() }
        let transport = URLSessionTransport(configuration: .init(maximumResponseSize: 64 << 10))
        @Sendable func send(_ url: URL, timeout: Duration = .seconds(600)) async -> Bool {
            (try? await transport.send(
                HTTPRequest(url: url, timeout: timeout), body: Data("{}".utf8), operationName: "Ping")) != nil
        }
        #expect(transport.requestsInFlight == 0)

        // 40 answered, 4 at a time.
        let answeringURL = try answering.url
        let answered = await withTaskGroup(of: Int.self) { group in
            for _ in 0..<4 {
                group.addTask {
                    var count = 0
                    for _ in 0..<10 where await send(answeringURL) { count += 1 }
                    return count
                }
            }
            return await group.reduce(0, +)
        }
        #expect(answered == 40)
        #expect(transport.requestsInFlight == 0)

        #expect(await !send(try tooLarge.url))
        #expect(transport.requestsInFlight == 0)

        #expect(await !send(try silent.url, timeout: .milliseconds(300)))
        #expect(transport.requestsInFlight == 0)

        let silentURL = try silent.url
        let waiting = Task { await send(silentURL) }
        #expect(await silent.waitForRequests(2))
        #expect(transport.requestsInFlight == 1)
        waiting.cancel()
        #expect(await !waiting.value)
        #expect(transport.requestsInFlight == 0)

        let port = try LoopbackHTTPServer.closedPort()
        #expect(await !send(try #require(URL(string: "http://127.0.0.1:\(port)/graphql"))))
        #expect(transport.requestsInFlight == 0)
    }

    @Test("a closed port is a transport error")
    func connectionRefused() async throws {
        let port = try LoopbackHTTPServer.closedPort()
        let endpoint = try #require(URL(string: "http://127.0.0.1:\(port)/graphql"))
        let client = GraphQLHTTPClient(endpoint: endpoint, transport: URLSessionTransport(), timeout: .seconds(60))
        let error = try #require(await executionError(client, PingQuery()))
        // Reported as refused (not waited out to the timeout, which would be .timedOut).
        guard case .transport(let operation, let message, _) = error else {
            Issue.record("expected .transport, got \(error)")
            return
        }
        #expect(operation == "Ping")
        #expect(message.contains("URLError"))
    }
}
