import Foundation

/// Everything that can go wrong when the legacy app talks to the REST API.
public enum LegacyAPIError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The server answered with an error envelope (`{"status":"error","error":{"code","message"}}`).
    /// `httpStatus` is `nil` when the body was decoded without a network response (`decodeEnvelope`).
    case server(code: LegacyAPIErrorCode, message: String, httpStatus: Int?)
    /// The request did not get an HTTP response (connection refused, timeout, TLS failure...).
    case transport(message: String)
    /// The response body is not a REST envelope (not JSON, no `status`, malformed `error`), or an `ok`
    /// envelope came with a non-2xx HTTP status. `bodyExcerpt` is the start of the body.
    case invalidResponse(httpStatus: Int?, bodyExcerpt: String)
    /// The envelope is fine but its `result` does not match the contract. `path` is the JSON path of the bad
    /// value, like `"result.last_draw.draw_date"` or `"result[2].ticket_price"`.
    case decoding(path: String, message: String)
    /// The task was cancelled before the response was decoded.
    case cancelled
    /// The request cannot be made from the given arguments (empty id, unknown game type filter, bad limit...).
    case invalidRequest(message: String)
    /// A test's ``LegacyAPIClient/unimplemented()`` client got a request that no override answers. `request` is
    /// the request as Swift source (`.game(id: "6x45")`), `advice` says how to override it.
    case unimplemented(request: String, advice: String)

    /// What went wrong, where, and what to do about it.
    public var description: String {
        switch self {
        case .server(let code, let message, let httpStatus):
            let status = httpStatus.map { "HTTP \($0) with " } ?? ""
            return "The REST server answered \(status)error \(code.rawValue): \(message). \(advice(for: code))"
        case .transport(let message):
            return "The REST request failed before any response: \(message). "
                + "Check the base URL, the network connection and that the server is running."
        case .invalidResponse(let httpStatus, let bodyExcerpt):
            let status = httpStatus.map { "HTTP \($0)" } ?? "a body"
            return "The REST server answered \(status) that is not a valid REST envelope "
                + "({\"status\":\"ok\",\"result\":...} or {\"status\":\"error\",\"error\":{...}}); "
                + "body starts with: \(bodyExcerpt). "
                + "Check that the base URL points at the REST API (.../api/v1) and not at a proxy or web page."
        case .decoding(let path, let message):
            return "The REST response does not match the contract at \(path): \(message). "
                + "The server sent a value the legacy models cannot represent; fix the server data or the contract."
        case .cancelled:
            return "The REST request was cancelled before it completed; nothing to do unless it was unexpected."
        case .invalidRequest(let message):
            return "Invalid REST request: \(message). Fix the arguments passed to LegacyAPIClient."
        case .unimplemented(let request, let advice):
            return "Unimplemented REST request \(request): the test did not override it. \(advice)."
        }
    }

    private func advice(for code: LegacyAPIErrorCode) -> String {
        switch code {
        case .notFound:
            return "The requested entity does not exist on this server, or the path does not: check the id or "
                + "number, and that the base URL is the REST API's root (.../api/v1)."
        case .badRequest: return "A request parameter was rejected; check the arguments against the contract."
        case .unauthorized:
            return "The bearer token is missing or refused: pass the API's token (the client's token parameter)."
        case .internal: return "The server failed; retry later or check the server's logs."
        case .other: return "This error code is not in the contract; check the server's documentation."
        }
    }
}

extension LegacyAPIError: LocalizedError {
    /// The same as ``description``, so that `localizedDescription` says it too.
    public var errorDescription: String? { description }
}
