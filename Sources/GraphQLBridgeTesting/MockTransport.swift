import Foundation
import GraphQLBridge
import GraphQLBridgeSupport

/// A `GraphQLTransport` for tests: answers each request from a queue of ``MockReply`` values (first in,
/// first out) or, when the queue is empty, from a handler closure, and records every request it gets.
///
/// ```swift
/// let transport = MockTransport()
/// transport.enqueue(json: #"{"data":{"game":{"id":"6x45","drawsCount":"9007199254740993"}}}"#)
/// let client = GraphQLHTTPClient(endpoint: URL(string: "https://api.example/graphql")!, transport: transport)
/// let result = try await client.execute(GameQuery(id: "6x45"))
/// #expect(transport.lastRequest?.variables?["id"] == .string("6x45"))
/// ```
///
/// Replies can be delayed (the delay is a `Task.sleep`, so cancelling the calling task ends it with a
/// `CancellationError`), fail with any error (`TransportError`, `URLError`, ...), or simulate a server
/// that never answers (``MockReply/timeout``). With neither a queued reply nor a handler, a request fails
/// with `APIError.unimplemented`, which says so. The type is safe to use from any task: its state is behind a lock.
public final class MockTransport: GraphQLTransport, Sendable {
    /// Answers one request: gets the request and its body, returns the response head and body, or throws
    /// as a transport would.
    public typealias Handler = @Sendable (HTTPRequest, Data) async throws -> (HTTPResponse, Data)

    private struct State {
        var replies: [MockReply] = []
        var handler: Handler?
        var recorded: [RecordedRequest] = []
    }

    private let state: Locked<State>

    /// Creates a transport.
    /// - Parameter handler: answers the requests for which no reply is queued; `nil` makes such a request
    ///   fail with `APIError.unimplemented`, which says to enqueue a reply.
    public init(handler: Handler? = nil) {
        state = Locked(State(handler: handler))
    }

    /// Every request received so far, in order (including those still waiting for their reply).
    public var requests: [RecordedRequest] { state.withLock { $0.recorded } }

    /// The most recent request, if any.
    public var lastRequest: RecordedRequest? { state.withLock { $0.recorded.last } }

    /// How many queued replies have not been used yet.
    public var pendingReplyCount: Int { state.withLock { $0.replies.count } }

    /// Replaces the handler that answers requests for which no reply is queued.
    public func setHandler(_ handler: Handler?) {
        state.withLock { $0.handler = handler }
    }

    /// Queues a reply for the next request that finds the queue empty of earlier replies.
    public func enqueue(_ reply: MockReply) {
        state.withLock { $0.replies.append(reply) }
    }

    /// Queues an HTTP response.
    /// - Parameters:
    ///   - status: the status code.
    ///   - headers: the response header fields; by default `Content-Type: application/graphql-response+json`.
    ///   - body: the response body.
    ///   - delay: how long to wait before answering.
    public func enqueue(
        status: Int = 200,
        headers: HTTPHeaders = ["Content-Type": GraphQLResponseDecoder.graphQLResponseMediaType],
        body: Data, delay: Duration = .zero
    ) {
        enqueue(.response(status: status, headers: headers, body: body, delay: delay))
    }

    /// Queues an HTTP response whose body is `body` in UTF-8.
    /// - Parameters:
    ///   - status: the status code.
    ///   - headers: the response header fields; by default `Content-Type: application/graphql-response+json`.
    ///   - body: the response body as text.
    ///   - delay: how long to wait before answering.
    public func enqueue(
        status: Int = 200,
        headers: HTTPHeaders = ["Content-Type": GraphQLResponseDecoder.graphQLResponseMediaType],
        body: String, delay: Duration = .zero
    ) {
        enqueue(.response(status: status, headers: headers, body: Data(body.utf8), delay: delay))
    }

    /// Queues a JSON response, `{"data":...}` as the server would write it.
    /// - Parameters:
    ///   - json: the whole body, JSON text.
    ///   - status: the status code; 200 by default.
    ///   - contentType: the `Content-Type`; `application/graphql-response+json` by default.
    ///   - delay: how long to wait before answering.
    public func enqueue(
        json: String, status: Int = 200, contentType: String = GraphQLResponseDecoder.graphQLResponseMediaType,
        delay: Duration = .zero
    ) {
        enqueue(.json(json, status: status, contentType: contentType, delay: delay))
    }

    /// Queues a GraphQL response built by ``GraphQLResponseFixture``: `data` (JSON text, `nil` for no
    /// `data` member) and `errors`, as `application/graphql-response+json`.
    public func enqueue(data: String?, errors: [GraphQLError] = [], status: Int = 200, delay: Duration = .zero) {
        enqueue(
            status: status, body: GraphQLResponseFixture.body(data: data, errors: errors), delay: delay)
    }

    /// Queues a transport failure: `send` throws `error` (after `delay`).
    public func enqueue(error: any Error, delay: Duration = .zero) {
        enqueue(.failure(error, delay: delay))
    }

    /// Queues a server that never answers: `send` waits for the request's timeout, then throws a
    /// `TransportError` of kind `timedOut`.
    public func enqueueTimeout() {
        enqueue(.timeout)
    }

    /// Queues a handler that answers the next request.
    public func enqueue(handler: @escaping Handler) {
        enqueue(.handler(handler))
    }

    /// Forgets the queued replies and the recorded requests (the handler stays).
    public func reset() {
        state.withLock { state in
            state.replies.removeAll()
            state.recorded.removeAll()
        }
    }

    /// Waits until at least `count` requests have been received, checking every few milliseconds.
    ///
    /// The default `timeout` (five minutes) is a hang detector, not a timing bound: a test waits on the requests and
    /// is never failed by a loaded machine. Pass a short one only to check that no request is sent.
    /// - Returns: whether they arrived before `timeout`.
    public func waitForRequests(_ count: Int = 1, timeout: Duration = .seconds(300)) async -> Bool {
        let deadline = ContinuousClock.now + timeout
        while state.withLock({ $0.recorded.count }) < count {
            guard ContinuousClock.now < deadline else { return false }
            do {
                try await Task.sleep(for: .milliseconds(5))
            } catch {
                return false
            }
        }
        return true
    }

    /// Records the request, then answers it with the next queued reply or the handler.
    public func send(_ request: HTTPRequest, body: Data, operationName: String) async throws -> (HTTPResponse, Data) {
        let record = RecordedRequest(request: request, body: body, transportOperationName: operationName)
        let (reply, handler, number) = state.withLock { state -> (MockReply?, Handler?, Int) in
            state.recorded.append(record)
            return (state.replies.isEmpty ? nil : state.replies.removeFirst(), state.handler, state.recorded.count)
        }
        guard let reply else {
            guard let handler else {
                throw APIError.unimplemented(
                    operation: operationName, request: "request \(number) (operation \(operationName))",
                    advice: "MockTransport has no reply for it: enqueue one or set a handler.")
            }
            return try await handler(request, body)
        }
        return try await reply.answer(request, body: body)
    }
}
