import Foundation
import GraphQLBridge
import GraphQLBridgeTesting
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Transport failures, timeouts and cancellation as the client reports them, and the completion-handler API.
@Suite("GraphQLHTTPClient transport failures")
struct GraphQLHTTPClientTransportTests {
    struct Unexpected: Error, CustomStringConvertible {
        var description: String { "something odd" }
    }

    static let mappings: [(thrown: any Error, expected: APIError)] = [
        (
            TransportError(.connection, "connection refused"),
            .transport(operation: "Ping", message: "connection refused")
        ),
        (TransportError(.other, "TLS failure"), .transport(operation: "Ping", message: "TLS failure")),
        (TransportError(.timedOut, "no answer"), .timedOut(operation: "Ping", message: "no answer")),
        (TransportError(.cancelled, "cancelled"), .cancelled(operation: "Ping")),
        (
            TransportError(.responseTooLarge(limit: 1024), "too large"),
            .responseTooLarge(operation: "Ping", limit: 1024)
        ),
        (CancellationError(), .cancelled(operation: "Ping")),
        (URLError(.cancelled), .cancelled(operation: "Ping")),
        (Unexpected(), .transport(operation: "Ping", message: "something odd")),
        (APIError.notFound(operation: "Other", path: "game"), .notFound(operation: "Other", path: "game")),
    ]

    @Test("transport errors map to APIError cases", arguments: 0..<mappings.count)
    func mapping(index: Int) async throws {
        let (thrown, expected) = Self.mappings[index]
        let transport = MockTransport()
        transport.enqueue(error: thrown)
        let error = try #require(await executionError(makeClient(transport), PingQuery()))
        #expect(error == expected)
    }

    @Test("URLError: a timeout is .timedOut, a connection failure is .transport with the code")
    func urlErrors() async throws {
        let transport = MockTransport()
        transport.enqueue(error: URLError(.timedOut))
        transport.enqueue(error: URLError(.notConnectedToInternet))
        transport.enqueue(error: URLError(.cannotConnectToHost))
        let client = makeClient(transport)

        let timedOut = try #require(await executionError(client, PingQuery()))
        guard case .timedOut(let operation, _) = timedOut else {
            Issue.record("expected .timedOut, got \(timedOut)")
            return
        }
        #expect(operation == "Ping")

        for code in [URLError.notConnectedToInternet.rawValue, URLError.cannotConnectToHost.rawValue] {
            let error = try #require(await executionError(client, PingQuery()))
            guard case .transport(_, let message, _) = error else {
                Issue.record("expected .transport, got \(error)")
                continue
            }
            #expect(message.contains("URLError \(code)"), "message: \(message)")
        }
    }

    @Test("a server that never answers times out after the client's timeout")
    func timeout() async throws {
        let transport = MockTransport()
        transport.enqueueTimeout()
        let client = makeClient(transport, timeout: .milliseconds(100))
        let start = ContinuousClock.now
        let error = try #require(await executionError(client, PingQuery()))
        let elapsed = ContinuousClock.now - start
        guard case .timedOut(let operation, let message) = error else {
            Issue.record("expected .timedOut, got \(error)")
            return
        }
        #expect(operation == "Ping")
        // The transport's own message, with the client's timeout (not the 30 s default).
        #expect(message.contains("timeout of \(Duration.milliseconds(100))"), "\(message)")
        #expect(elapsed >= .milliseconds(100))
        #expect(transport.lastRequest?.request.timeout == .milliseconds(100))
    }

    @Test("cancelling the task while the transport waits gives .cancelled, not the late reply")
    func cancellation() async throws {
        let transport = MockTransport()
        // Not ended by the cancellation, the request would succeed after 60 s (a hang detector only).
        transport.enqueue(json: #"{"data":{"ping":"late"}}"#, delay: .seconds(60))
        let client = makeClient(transport)
        let task = Task { await executionError(client, PingQuery()) }
        #expect(await transport.waitForRequests(1))
        task.cancel()
        #expect(await task.value == .cancelled(operation: "Ping"))
    }

    @Test("a task cancelled before it starts sends nothing")
    func cancelledBeforeSending() async throws {
        let transport = MockTransport()
        transport.enqueue(json: #"{"data":{"ping":"p"}}"#)
        let client = makeClient(transport)
        let task = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            return await executionError(client, PingQuery())
        }
        #expect(await task.value == .cancelled(operation: "Ping"))
        #expect(transport.requests.isEmpty)
    }

    @Test("a delayed reply arrives after its delay")
    func delay() async throws {
        let transport = MockTransport()
        transport.enqueue(json: #"{"data":{"ping":"slow"}}"#, delay: .milliseconds(150))
        let start = ContinuousClock.now
        let result = try await makeClient(transport).execute(PingQuery())
        #expect(result.data?.ping == "slow")
        #expect(ContinuousClock.now - start >= .milliseconds(150))
    }

    @Test("the completion-handler API delivers the same success as async")
    func completionSuccess() async throws {
        let transport = MockTransport()
        let body = #"{"data":{"item":{"name":"x","count":"-9223372036854775808"}}}"#
        transport.enqueue(json: body)
        transport.enqueue(json: body)
        let client = makeClient(transport)
        let asyncData = try await client.execute(ItemQuery(id: "1")).data
        let result = await withCheckedContinuation { continuation in
            client.execute(ItemQuery(id: "1")) { continuation.resume(returning: $0) }
        }
        let completionData = try result.get().data
        #expect(completionData == asyncData)
        #expect(completionData?.item?.count == .min)
    }

    @Test("the completion-handler API delivers the same failure as async")
    func completionFailure() async throws {
        let transport = MockTransport()
        transport.enqueue(status: 401, headers: ["Content-Type": "application/json"], body: "no")
        transport.enqueue(status: 401, headers: ["Content-Type": "application/json"], body: "no")
        let client = makeClient(transport)
        let asyncError = try #require(await executionError(client, PingQuery()))
        let result = await withCheckedContinuation { continuation in
            client.execute(PingQuery()) { continuation.resume(returning: $0) }
        }
        guard case .failure(let completionError) = result else {
            Issue.record("expected a failure, got \(result)")
            return
        }
        #expect(completionError == asyncError)
        #expect(completionError == .httpStatus(operation: "Ping", status: 401, bodyExcerpt: "no"))
    }

    @Test("cancelling the task the completion-handler API returns delivers .cancelled")
    func completionCancelled() async throws {
        let transport = MockTransport()
        transport.enqueue(json: #"{"data":{"ping":"late"}}"#, delay: .seconds(60))  // a hang detector only
        let client = makeClient(transport)
        let result = await withCheckedContinuation { continuation in
            let task = client.execute(PingQuery()) { continuation.resume(returning: $0) }
            Task {
                _ = await transport.waitForRequests(1)
                task.cancel()
            }
        }
        guard case .failure(let error) = result else {
            Issue.record("expected a failure, got \(result)")
            return
        }
        #expect(error == .cancelled(operation: "Ping"))
    }

    @Test("a MockTransport without a reply fails with a message that says so, not as a network failure")
    func noReply() async throws {
        let error = try #require(await executionError(makeClient(MockTransport()), PingQuery()))
        guard case .unimplemented(let operation, let request, let advice) = error else {
            Issue.record("expected .unimplemented, got \(error)")
            return
        }
        #expect(operation == "Ping")
        #expect(request == "request 1 (operation Ping)")
        #expect(advice.contains("MockTransport has no reply for it: enqueue one or set a handler"))
        #expect(!error.description.contains("network"), "\(error)")
    }
}
