import Foundation
import GraphQLBridgeSupport

/// Why a subscription's connection (a stream or the socket) ended, before it is named for an operation as an
/// ``APIError``; and whether that ends the subscription or is tried again.
enum SubscriptionConnectionError: Error, Sendable {
    /// The connection could not be made or was lost (a transport failure).
    case transport(TransportError)
    /// The server answered with an HTTP status instead of a stream, with the start of its body and its GraphQL
    /// errors if the body had any.
    case httpStatus(status: Int, body: Data, errors: [GraphQLError])
    /// The server answered 2xx, but not with the stream asked for.
    case invalidResponse(status: Int, reason: String, body: Data)
    /// The server ended the subscription with GraphQL errors (a multipart part with top-level `errors`, a
    /// `graphql-transport-ws` `error` message).
    case graphQL([GraphQLError])
    /// The WebSocket was closed with this code.
    case closed(code: Int, reason: String)
    /// The platform cannot open WebSockets.
    case unavailable(String)
    /// No `connection_ack` within the acknowledgement timeout.
    case acknowledgementTimeout(Duration)
    /// Nothing (no `pong`) within the keep-alive's timeout.
    case keepAliveTimeout(Duration)
    /// The server broke the protocol (a frame or message that is not what the protocol allows).
    case protocolViolation(String)
    /// A middleware failed (the app's own, or its token provider): tried again with backoff, as a network failure.
    case middleware(String)
    /// A refusal (429, 503) whose `Retry-After` asks for at least this wait before the next try.
    indirect case throttled(SubscriptionConnectionError, retryAfter: Duration)

    /// The wait the server asked for before the next try (`Retry-After` on a 429 or 503), if it asked.
    var retryAfter: Duration? {
        if case .throttled(_, let retryAfter) = self { return retryAfter }
        return nil
    }
    /// An event, part or message, or the unread events, exceeded a limit of ``GraphQLSubscriptionLimits``.
    case tooLarge(String, limit: Int)

    /// What becomes of the subscription.
    enum Disposition {
        /// It ends with this error.
        case fatal
        /// The credentials were refused: tried again a bounded number of times, the token read again.
        case authentication
        /// Tried again with backoff.
        case transient
    }

    /// The close codes of `graphql-transport-ws` that end the subscriptions: 4400 invalid message, 4401
    /// unauthorized (subscribe before the acknowledgement), 4406 subprotocol not acceptable, 4409 duplicate
    /// subscriber id, 4429 too many initialisation requests, 4500 internal server error.
    static let fatalCloseCodes: Set<Int> = [4400, 4401, 4406, 4409, 4429, 4500]

    /// What becomes of the subscription after this error.
    var disposition: Disposition {
        switch self {
        case .transport(let error):
            if case .responseTooLarge = error.kind { return .fatal }
            return .transient
        case .tooLarge: return .fatal
        case .httpStatus(let status, _, _):
            if status == 401 || status == 403 { return .authentication }
            return status >= 500 || status == 408 || status == 429 ? .transient : .fatal
        case .invalidResponse, .graphQL, .unavailable, .protocolViolation: return .fatal
        case .middleware: return .transient
        case .throttled(let error, _): return error.disposition
        case .closed(let code, _):
            if code == 4403 { return .authentication }
            return Self.fatalCloseCodes.contains(code) ? .fatal : .transient
        case .acknowledgementTimeout, .keepAliveTimeout: return .transient
        }
    }

    /// The error as a connection step reported it.
    init(_ error: any Error) {
        switch error {
        case let error as SubscriptionConnectionError: self = error
        case let error as TransportError: self = .transport(error)
        case let error as URLError: self = .transport(TransportError(error))
        case let error as GraphQLWebSocketError:
            switch error.kind {
            case .unavailable: self = .unavailable(error.message)
            case .upgradeRefused(let status):
                let refusal = SubscriptionConnectionError.httpStatus(
                    status: status, body: Data(error.message.utf8), errors: [])
                if let wait = RetryAfter.delay(status: status, headers: error.responseHeaders) {
                    self = .throttled(refusal, retryAfter: wait)
                } else {
                    self = refusal
                }
            case .closed(let code): self = .closed(code: code, reason: error.message)
            case .protocolViolation: self = .protocolViolation(error.message)
            }
        case is CancellationError: self = .transport(TransportError(.cancelled, "cancelled"))
        default: self = .transport(TransportError(.other, "\(error)"))
        }
    }

    /// The error as the ``APIError`` of `operation`.
    func apiError(operation: String) -> APIError {
        switch self {
        case .transport(let error):
            switch error.kind {
            case .timedOut: return .timedOut(operation: operation, message: error.message)
            case .cancelled: return .cancelled(operation: operation)
            case .responseTooLarge(let limit): return .responseTooLarge(operation: operation, limit: limit)
            case .connection, .other:
                return .transport(
                    operation: operation, message: error.message,
                    requestCertainlyNotSent: error.requestCertainlyNotSent)
            }
        case .httpStatus(let status, let body, let errors):
            if !errors.isEmpty { return .graphQL(operation: operation, status: status, errors: errors) }
            return .httpStatus(operation: operation, status: status, bodyExcerpt: Self.excerpt(body))
        case .invalidResponse(let status, let reason, let body):
            return .invalidResponse(
                operation: operation, status: status, reason: reason, bodyExcerpt: Self.excerpt(body))
        case .graphQL(let errors):
            return .graphQL(operation: operation, status: 200, errors: errors)
        case .closed(let code, let reason):
            return .webSocketClosed(operation: operation, code: code, reason: reason)
        case .unavailable(let reason):
            return .webSocketUnavailable(operation: operation, reason: reason)
        case .acknowledgementTimeout(let timeout):
            return .timedOut(
                operation: operation,
                message: "the server did not acknowledge the WebSocket connection (connection_ack) within "
                    + "\(timeout.wholeMilliseconds) ms (GraphQLSubscriptionOptions.connectionAckTimeout)")
        case .keepAliveTimeout(let timeout):
            return .timedOut(
                operation: operation,
                message: "the server did not answer a ping within \(timeout.wholeMilliseconds) ms "
                    + "(GraphQLSubscriptionOptions.pongTimeout)")
        case .protocolViolation(let message):
            return .invalidResponse(operation: operation, status: 101, reason: message, bodyExcerpt: "")
        case .middleware(let message):
            return .transport(operation: operation, message: "a middleware failed: \(message)")
        case .throttled(let error, _):
            return error.apiError(operation: operation)
        case .tooLarge(_, let limit):
            return .responseTooLarge(operation: operation, limit: limit)
        }
    }

    /// The start of a body, as text.
    static func excerpt(_ body: Data) -> String {
        let text = String(decoding: body.prefix(300), as: UTF8.self)
        return text.trimmingCharacters(in: .whitespacesAndNewlines)
    }
}
