import Foundation

/// What opens an HTTP request whose response body arrives over time (a subscription over Server-Sent Events or
/// multipart HTTP): the one thing ``GraphQLSubscriptionTransport/serverSentEvents`` and
/// ``GraphQLSubscriptionTransport/multipartHTTP`` need from the network.
///
/// ``URLSessionStreamingTransport`` is the production implementation. Failures are reported as ``TransportError``
/// (or `URLError`), as for ``GraphQLTransport``.
public protocol GraphQLStreamingTransport: Sendable {
    /// Sends `request` with `body` and returns as soon as the response head has arrived; the body follows in
    /// ``GraphQLStreamingResponse/body``.
    /// - Parameters:
    ///   - request: the request; its `timeout` bounds the wait for the response head.
    ///   - body: the request's body.
    ///   - idleTimeout: the longest gap between two pieces of the body before the stream fails with
    ///     ``TransportError/Kind-swift.enum/timedOut``; `nil` for none.
    func stream(_ request: HTTPRequest, body: Data, idleTimeout: Duration?) async throws -> GraphQLStreamingResponse
}

/// A response whose body is still arriving: its head, the body's pieces as they come, and a way to close it.
public struct GraphQLStreamingResponse: Sendable {
    /// The response head.
    public var head: HTTPResponse
    /// The body's pieces in order; the stream ends with the body, or fails with the connection.
    public var body: AsyncThrowingStream<Data, any Error>
    private let onCancel: @Sendable () -> Void

    /// Creates a response; `cancel` closes the connection (it may be called more than once).
    public init(head: HTTPResponse, body: AsyncThrowingStream<Data, any Error>, cancel: @escaping @Sendable () -> Void)
    {
        self.head = head
        self.body = body
        self.onCancel = cancel
    }

    /// Closes the connection: the server sees the request end, and ``body`` ends.
    public func cancel() {
        onCancel()
    }
}
