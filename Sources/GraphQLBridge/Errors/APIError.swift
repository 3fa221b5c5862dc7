import Foundation

/// Why a GraphQL operation failed: one case per kind of failure, each with the operation's name and
/// what a developer needs to act on it. `description` says it in one line.
///
/// ```swift
/// do {
///     let result = try await client.execute(GameQuery(id: "6x45"))
/// } catch .httpStatus(_, let status, _) where status == 401 {
///     await session.refreshToken()
/// } catch {
///     logger.error("\(error)")
/// }
/// ```
public enum APIError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The request never got an HTTP response: no connection, connection lost, TLS failure, ...
    /// `requestCertainlyNotSent` is `true` when no connection was ever made (see
    /// ``requestCertainlyNotSent``).
    case transport(operation: String, message: String, requestCertainlyNotSent: Bool = false)
    /// The server did not answer within the request's timeout.
    case timedOut(operation: String, message: String)
    /// The calling task was cancelled.
    case cancelled(operation: String)
    /// The response body was larger than the transport accepts; for a subscription, an event larger than
    /// ``GraphQLSubscriptionLimits/maximumEventSize``, or more unread bytes than the subscription may hold.
    case responseTooLarge(operation: String, limit: Int)
    /// An HTTP status that is not a GraphQL response: 401 without a token, 404 for a wrong endpoint,
    /// 502 from a proxy, ... with the start of the body.
    case httpStatus(operation: String, status: Int, bodyExcerpt: String)
    /// The server answered with GraphQL errors: a request error (syntax, validation, variables; no data),
    /// or field errors when the error policy is ``GraphQLErrorPolicy/failOnAnyError``.
    case graphQL(operation: String, status: Int, errors: [GraphQLError])
    /// The response is JSON of a GraphQL response, but a value does not fit the generated type: the
    /// ``GraphQLDecodingError`` names the JSON path, the expected type and the value found.
    case decoding(operation: String, GraphQLDecodingError)
    /// The body is not a GraphQL response at all (not JSON, or neither `data` nor `errors`).
    case invalidResponse(operation: String, status: Int, reason: String, bodyExcerpt: String)
    /// The variables could not be encoded.
    case encoding(operation: String, reason: String)
    /// An entity the caller asked for does not exist (its field is `null`). Raised by app-level
    /// clients that treat a missing entity as an error, as REST's 404 was.
    case notFound(operation: String, path: String)
    /// A caller asked for a result type that the request does not produce.
    case unexpectedResponseType(operation: String, expected: String, actual: String)
    /// A test double (an app client's `unimplemented()` value) got a request that the test did not override.
    /// `request` is the request as Swift source (`.gameInfo(gameId: "6x45")`), `advice` says how to override it.
    case unimplemented(operation: String, request: String, advice: String)
    /// ``GraphQLFetchPolicy/cacheOnly``: the cache does not have the field at `path` (`game.lastDraw`), so
    /// the result cannot be served; no request was sent.
    case cacheMiss(operation: String, path: String)
    /// The server does not know the operation's persisted-query id (``GraphQLOperation/operationIdentifier``):
    /// with ``PersistedQueries/registeredOnly`` it answered `PERSISTED_QUERY_NOT_FOUND` or
    /// `PERSISTED_QUERY_NOT_IN_LIST`, or it accepts only the documents of its list and this one is not in it. The
    /// manifest the server was given is older than the app's operations. `serverMessage` is the server's error.
    case persistedQueryNotRegistered(operation: String, operationIdentifier: String, serverMessage: String)
    /// A subscription's WebSocket was closed by the server with a `graphql-transport-ws` close code that ends it
    /// (4400 bad message, 4401 unauthorized, 4406 subprotocol refused, 4409 duplicate id, 4429 too many
    /// initialisation requests, 4500 server error), or with a retried one (4403 forbidden: a refused token, 4408,
    /// 4499, a dropped socket) once the subscription's tries were used up. `code` 1006 means no close frame came.
    case webSocketClosed(operation: String, code: Int, reason: String)
    /// The platform cannot open WebSockets (on Linux, `URLSessionWebSocketTask` needs a libcurl built with WebSocket
    /// support; Debian 12's 7.88 has none): `reason` says what the platform reported. Nothing was sent.
    case webSocketUnavailable(operation: String, reason: String)

    /// The operation that failed.
    public var operation: String {
        switch self {
        case .transport(let operation, _, _), .timedOut(let operation, _), .cancelled(let operation),
            .responseTooLarge(let operation, _), .httpStatus(let operation, _, _), .graphQL(let operation, _, _),
            .decoding(let operation, _), .invalidResponse(let operation, _, _, _), .encoding(let operation, _),
            .notFound(let operation, _), .unexpectedResponseType(let operation, _, _),
            .unimplemented(let operation, _, _), .cacheMiss(let operation, _),
            .persistedQueryNotRegistered(let operation, _, _), .webSocketClosed(let operation, _, _),
            .webSocketUnavailable(let operation, _):
            return operation
        }
    }

    /// The HTTP status, when the server answered.
    public var httpStatus: Int? {
        switch self {
        case .httpStatus(_, let status, _), .graphQL(_, let status, _), .invalidResponse(_, let status, _, _):
            return status
        default: return nil
        }
    }

    /// Whether the request certainly never reached the server: the transport saw a failure to connect at all
    /// (unresolvable host, connection refused, offline), so nothing was applied and repeating the request,
    /// or sending it elsewhere, cannot apply a write twice. `false` for every other failure, including a
    /// timeout or a lost connection, after which the server may have applied the request.
    public var requestCertainlyNotSent: Bool {
        if case .transport(_, _, let notSent) = self { return notSent }
        return false
    }

    /// Whether the server refused the credentials (HTTP 401 or 403, or a WebSocket closed with 4403).
    public var isAuthenticationFailure: Bool {
        if case .webSocketClosed(_, 4403, _) = self { return true }
        return httpStatus == 401 || httpStatus == 403
    }

    /// The GraphQL errors, for ``graphQL(operation:status:errors:)``; empty otherwise.
    public var graphQLErrors: [GraphQLError] {
        if case .graphQL(_, _, let errors) = self { return errors }
        return []
    }

    /// One line: what failed, where, and what to look at.
    public var description: String {
        switch self {
        case .transport(let operation, let message, _):
            return "\(operation): transport failure: \(message). Check the endpoint URL and the network."
        case .timedOut(let operation, let message):
            return "\(operation): timed out: \(message). Raise the client's timeout or check the server."
        case .cancelled(let operation):
            return "\(operation): cancelled."
        case .responseTooLarge(let operation, let limit):
            return "\(operation): the response exceeds \(limit) bytes. "
                + "Raise URLSessionTransport.Configuration.maximumResponseSize or select less data "
                + "(for a subscription: GraphQLSubscriptionOptions.limits, URLSessionStreamingTransport's "
                + "maximumBufferedBytes, or a consumer that keeps up)."
        case .httpStatus(let operation, let status, let excerpt):
            let hint =
                switch status {
                case 401, 403: " The server refused the credentials: check the bearer token."
                case 404: " Check the GraphQL endpoint URL."
                default: ""
                }
            return "\(operation): HTTP \(status)\(excerpt.isEmpty ? "" : ": \(excerpt)").\(hint)"
        case .graphQL(let operation, let status, let errors):
            let list = errors.map(\.description).joined(separator: "; ")
            return "\(operation): GraphQL error\(errors.count == 1 ? "" : "s") (HTTP \(status)): \(list)"
        case .decoding(let operation, let error):
            return "\(operation): cannot decode the response: \(error). "
                + "Check the scalar mapping and that the generated types match the server's schema."
        case .invalidResponse(let operation, let status, let reason, let excerpt):
            return "\(operation): not a GraphQL response (HTTP \(status)): \(reason)"
                + (excerpt.isEmpty ? "" : ": \(excerpt)")
        case .encoding(let operation, let reason):
            return "\(operation): cannot encode the variables: \(reason)"
        case .notFound(let operation, let path):
            return "\(operation): not found: \(path) is null"
        case .unexpectedResponseType(let operation, let expected, let actual):
            return "\(operation): asked for a \(expected) but this request produces \(actual)"
        case .unimplemented(let operation, let request, let advice):
            return "\(operation): unimplemented: the test did not override \(request). \(advice)"
        case .cacheMiss(let operation, let path):
            return "\(operation): not in the cache: no cached value for \(path) (fetch policy cacheOnly sends no "
                + "request; use preferCache or serverFirst to fetch it)"
        case .persistedQueryNotRegistered(let operation, let identifier, let message):
            return "\(operation): the server does not know the operation's persisted-query id \(identifier) "
                + "(\(message)): the persisted-query manifest the server was given is out of date. Regenerate it "
                + "(\"persistedQueries\": {\"manifest\": ...} in graphql-codegen.json, or graphql-bridge codegen "
                + "--manifest PATH) and register it with the server before shipping this build"
        case .webSocketClosed(let operation, let code, let reason):
            let hint =
                code == 4403
                ? " The server refused the credentials: check the bearer token."
                : code == 1006 ? " The connection was lost." : ""
            return "\(operation): the subscription's WebSocket was closed with code \(code)"
                + (reason.isEmpty ? "" : " (\(reason))") + ".\(hint)"
        case .webSocketUnavailable(let operation, let reason):
            return "\(operation): this platform cannot open WebSockets: \(reason). Subscribe over .serverSentEvents "
                + "or .multipartHTTP, or give .webSocket(url:connector:) a connector that can."
        }
    }
}

extension APIError: LocalizedError {
    /// The same as ``description``, so that `localizedDescription` says it too.
    public var errorDescription: String? { description }
}
