import Foundation
import GraphQLBridge

/// How ``MockTransport`` answers one request: a response, a failure, a server that never answers, or a
/// handler, each possibly after a delay.
///
/// Delays are `Task.sleep`s: cancelling the task that sends the request ends the wait at once with a
/// `CancellationError`, as cancelling a real request does.
public struct MockReply: Sendable {
    enum Action: Sendable {
        case respond(HTTPResponse, Data)
        case fail(any Error)
        case timeout
        case handle(MockTransport.Handler)
    }

    let action: Action
    /// How long the transport waits before answering.
    public var delay: Duration

    init(_ action: Action, delay: Duration) {
        self.action = action
        self.delay = delay
    }

    /// An HTTP response.
    /// - Parameters:
    ///   - status: the status code.
    ///   - headers: the response header fields; by default `Content-Type: application/graphql-response+json`.
    ///   - body: the response body.
    ///   - delay: how long to wait before answering.
    public static func response(
        status: Int = 200,
        headers: HTTPHeaders = ["Content-Type": GraphQLResponseDecoder.graphQLResponseMediaType],
        body: Data, delay: Duration = .zero
    ) -> MockReply {
        MockReply(.respond(HTTPResponse(status: status, headers: headers), body), delay: delay)
    }

    /// A response whose body is the JSON text `json`.
    /// - Parameters:
    ///   - json: the whole body.
    ///   - status: the status code; 200 by default.
    ///   - contentType: the `Content-Type`; `application/graphql-response+json` by default.
    ///   - delay: how long to wait before answering.
    public static func json(
        _ json: String, status: Int = 200,
        contentType: String = GraphQLResponseDecoder.graphQLResponseMediaType, delay: Duration = .zero
    ) -> MockReply {
        response(status: status, headers: ["Content-Type": contentType], body: Data(json.utf8), delay: delay)
    }

    /// A transport failure: the transport throws `error` (a `TransportError`, a `URLError`, ...).
    public static func failure(_ error: any Error, delay: Duration = .zero) -> MockReply {
        MockReply(.fail(error), delay: delay)
    }

    /// A server that never answers: the transport waits for the request's `timeout`, then
    /// throws a `TransportError` of kind `timedOut`, as `URLSessionTransport` does.
    public static var timeout: MockReply { MockReply(.timeout, delay: .zero) }

    /// An answer computed by `handler` from the request and its body.
    public static func handler(_ handler: @escaping MockTransport.Handler, delay: Duration = .zero) -> MockReply {
        MockReply(.handle(handler), delay: delay)
    }

    /// Waits for the delay, then answers.
    func answer(_ request: HTTPRequest, body: Data) async throws -> (HTTPResponse, Data) {
        if delay > .zero { try await Task.sleep(for: delay) }
        switch action {
        case .respond(let response, let data):
            return (response, data)
        case .fail(let error):
            throw error
        case .timeout:
            try await Task.sleep(for: request.timeout)
            throw TransportError(
                .timedOut, "MockTransport simulated no answer within the request's timeout of \(request.timeout)")
        case .handle(let handler):
            return try await handler(request, body)
        }
    }
}
