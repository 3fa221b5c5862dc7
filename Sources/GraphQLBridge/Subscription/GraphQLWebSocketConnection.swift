import Foundation

/// A message received on a WebSocket.
public enum GraphQLWebSocketMessage: Sendable, Hashable {
    /// A text message.
    case text(String)
    /// A binary message.
    case binary(Data)
}

/// An open WebSocket, as the `graphql-transport-ws` engine uses it: send text, receive messages in order, close.
///
/// ``URLSessionWebSocketConnector`` makes them with `URLSessionWebSocketTask`; a test (or a platform whose
/// `URLSession` cannot open WebSockets) can give ``GraphQLSubscriptionTransport/webSocket(url:connector:options:)``
/// a connector of its own. One task receives at a time; sends may come from any task.
public protocol GraphQLWebSocketConnection: Sendable {
    /// Sends a text message.
    /// - Throws: ``GraphQLWebSocketError`` (``GraphQLWebSocketError/Kind-swift.enum/closed(code:)``) or a transport error.
    func send(text: String) async throws
    /// The next message; throws ``GraphQLWebSocketError`` with ``GraphQLWebSocketError/Kind-swift.enum/closed(code:)`` and
    /// the close code (1006 when the connection dropped without a close frame) when the socket has ended.
    func receive() async throws -> GraphQLWebSocketMessage
    /// Closes the socket with `code` and `reason` (a close frame, then the connection); a pending ``receive()``
    /// ends. Safe to call more than once.
    func close(code: Int, reason: String) async
}

/// What opens WebSockets for ``GraphQLSubscriptionTransport/webSocket(url:connector:options:)``.
public protocol GraphQLWebSocketConnector: Sendable {
    /// Opens a WebSocket to `request.url` (`ws://` or `wss://`) with `request`'s header fields (the middlewares'
    /// `Authorization` among them), asking for `subprotocols`; `request.timeout` bounds the opening handshake.
    /// - Throws: ``GraphQLWebSocketError`` (``GraphQLWebSocketError/Kind-swift.enum/unavailable`` when the platform
    ///   cannot open WebSockets, ``GraphQLWebSocketError/Kind-swift.enum/upgradeRefused(status:)`` when the server
    ///   answered the upgrade with an HTTP status, with the response's header fields in
    ///   ``GraphQLWebSocketError/responseHeaders``), or a ``TransportError`` when no connection was made.
    func connect(_ request: HTTPRequest, subprotocols: [String]) async throws -> any GraphQLWebSocketConnection
}

/// Why a WebSocket could not be opened or used.
public struct GraphQLWebSocketError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What kind of failure.
    public enum Kind: Sendable, Hashable {
        /// The platform cannot open WebSockets at all (a libcurl without WebSocket support, on Linux).
        case unavailable
        /// The server answered the upgrade request with this HTTP status instead of 101.
        case upgradeRefused(status: Int)
        /// The socket was closed, with this close code (1006: dropped without a close frame).
        case closed(code: Int)
        /// The server broke the WebSocket protocol (a bad frame, a bad handshake, a subprotocol not asked for).
        case protocolViolation
    }

    /// The kind of failure.
    public var kind: Kind
    /// What happened, in words (the close reason, for ``Kind-swift.enum/closed(code:)``).
    public var message: String
    /// The header fields of the response that refused the upgrade (``Kind-swift.enum/upgradeRefused(status:)``),
    /// such as `Retry-After` on a 429 or 503, which the reconnections obey; empty otherwise.
    public var responseHeaders: HTTPHeaders

    /// Creates an error.
    /// - Parameters:
    ///   - kind: the kind of failure.
    ///   - message: what happened, in words.
    ///   - responseHeaders: for a refused upgrade, the response's header fields (a connector should pass them: the
    ///     reconnections wait at least what a `Retry-After` asks).
    public init(_ kind: Kind, _ message: String, responseHeaders: HTTPHeaders = HTTPHeaders()) {
        self.kind = kind
        self.message = message
        self.responseHeaders = responseHeaders
    }

    /// The kind and the message.
    public var description: String {
        switch kind {
        case .unavailable: return "WebSockets unavailable: \(message)"
        case .upgradeRefused(let status): return "WebSocket upgrade refused with HTTP \(status): \(message)"
        case .closed(let code): return "WebSocket closed with code \(code)" + (message.isEmpty ? "" : ": \(message)")
        case .protocolViolation: return "WebSocket protocol violation: \(message)"
        }
    }
}

extension GraphQLWebSocketError: LocalizedError {
    /// The same as ``description``, so that `localizedDescription` says it too.
    public var errorDescription: String? { description }
}
