import GraphQLServer

/// A REST error: the envelope's `code` and `message`, and its HTTP status.
struct RESTError: Error, Sendable {
    /// `NOT_FOUND`, `BAD_REQUEST`, `UNAUTHORIZED` or `INTERNAL`.
    let code: String
    /// A human-readable message.
    let message: String
    /// The HTTP status that goes with `code`.
    let status: Int

    /// HTTP 404, `NOT_FOUND`.
    static func notFound(_ message: String) -> RESTError {
        RESTError(code: "NOT_FOUND", message: message, status: 404)
    }

    /// HTTP 400, `BAD_REQUEST`.
    static func badRequest(_ message: String) -> RESTError {
        RESTError(code: "BAD_REQUEST", message: message, status: 400)
    }

    /// HTTP 401, `UNAUTHORIZED`.
    static func unauthorized(_ message: String) -> RESTError {
        RESTError(code: "UNAUTHORIZED", message: message, status: 401)
    }

    /// HTTP 500, `INTERNAL`.
    static func internalError(_ message: String) -> RESTError {
        RESTError(code: "INTERNAL", message: message, status: 500)
    }

    /// The error envelope: `{"status": "error", "error": {"code", "message"}}`.
    var envelope: JSONValue {
        .object([
            ("status", .string("error")),
            ("error", .object([("code", .string(code)), ("message", .string(message))])),
        ])
    }

    /// The HTTP response carrying the envelope.
    func response(extraHeaders: [(name: String, value: String)] = []) -> HTTPResponse {
        .json(status: status, envelope, extraHeaders: extraHeaders)
    }
}
