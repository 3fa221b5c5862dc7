import Foundation

/// What sends an HTTP request and returns the response: the one thing the runtime needs from the network.
///
/// ``URLSessionTransport`` is the production implementation; tests use a transport that answers from
/// memory (see the `GraphQLBridgeTesting` product). A transport reports its failures as
/// ``TransportError`` or `URLError`; anything else is reported as a transport failure too.
public protocol GraphQLTransport: Sendable {
    /// Sends `request` with `body` and returns the response head and its whole body.
    /// - Parameters:
    ///   - request: the request's method, URL, header fields and timeout.
    ///   - body: the request's body (empty for a `GET`).
    ///   - operationName: the GraphQL operation, for logs and metrics.
    func send(_ request: HTTPRequest, body: Data, operationName: String) async throws -> (HTTPResponse, Data)
}

/// A step around the transport: sees and may change each request and its response.
///
/// ```swift
/// struct Logging: GraphQLMiddleware {
///     func intercept(_ request: HTTPRequest, body: Data, operationName: String,
///                    next: Next) async throws -> (HTTPResponse, Data) {
///         print("→", operationName)
///         return try await next(request, body, operationName)
///     }
/// }
/// ```
public protocol GraphQLMiddleware: Sendable {
    /// The rest of the chain: the next middleware, then the transport.
    typealias Next = @Sendable (HTTPRequest, Data, String) async throws -> (HTTPResponse, Data)

    /// Handles one request; call `next` to pass it on (or don't, to answer it here).
    func intercept(_ request: HTTPRequest, body: Data, operationName: String, next: Next) async throws
        -> (HTTPResponse, Data)
}

/// A transport-level failure with a reason a developer can act on.
public struct TransportError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What kind of failure.
    public enum Kind: Sendable, Hashable {
        /// The connection failed or was lost.
        case connection
        /// No bytes for longer than the request's timeout.
        case timedOut
        /// The task was cancelled.
        case cancelled
        /// The response body was larger than the transport's limit.
        case responseTooLarge(limit: Int)
        /// Anything else.
        case other
    }

    /// The kind of failure.
    public var kind: Kind
    /// What happened, in words.
    public var message: String
    /// Whether the request certainly never reached the server (no connection was made: the host name did not
    /// resolve, the connection was refused, the device is offline), so repeating it cannot apply a write twice.
    /// `false` when unknown.
    public var requestCertainlyNotSent: Bool

    /// Creates an error.
    public init(_ kind: Kind, _ message: String, requestCertainlyNotSent: Bool = false) {
        self.kind = kind
        self.message = message
        self.requestCertainlyNotSent = requestCertainlyNotSent
    }

    /// The message.
    public var description: String { message }
}

extension TransportError: LocalizedError {
    /// The same as ``description``, so that `localizedDescription` says it too.
    public var errorDescription: String? { description }
}
