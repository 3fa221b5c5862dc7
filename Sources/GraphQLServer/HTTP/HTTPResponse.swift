/// An HTTP response to write: status, header fields and a body (always sent with `Content-Length`).
package struct HTTPResponse: Sendable {
    /// The status code.
    public var status: Int
    /// Header fields besides `Content-Length` and `Connection`, which the server adds.
    public var headers: [(name: String, value: String)]
    /// The body.
    public var body: [UInt8]
    /// When set, the connection is handed over instead (a subscription's stream, a WebSocket): see
    /// ``ConnectionHandover``.
    package var handover: ConnectionHandover? = nil

    /// Creates a response.
    public init(status: Int, headers: [(name: String, value: String)] = [], body: [UInt8] = []) {
        self.status = status
        self.headers = headers
        self.body = body
    }

    /// A JSON response with `Content-Type: <contentType>; charset=utf-8`.
    public static func json(
        status: Int, _ value: JSONValue, contentType: String = "application/json",
        extraHeaders: [(name: String, value: String)] = []
    ) -> HTTPResponse {
        HTTPResponse(
            status: status,
            headers: [("Content-Type", "\(contentType); charset=utf-8")] + extraHeaders,
            body: Array(value.serialized()))
    }

    /// A plain-text response (used for protocol-level errors such as a malformed request line).
    public static func text(status: Int, _ text: String) -> HTTPResponse {
        HTTPResponse(
            status: status, headers: [("Content-Type", "text/plain; charset=utf-8")], body: Array((text + "\n").utf8))
    }

    /// The standard reason phrase of `status`.
    public var reasonPhrase: String {
        switch status {
        case 100: return "Continue"
        case 200: return "OK"
        case 400: return "Bad Request"
        case 401: return "Unauthorized"
        case 404: return "Not Found"
        case 405: return "Method Not Allowed"
        case 406: return "Not Acceptable"
        case 408: return "Request Timeout"
        case 411: return "Length Required"
        case 413: return "Content Too Large"
        case 415: return "Unsupported Media Type"
        case 431: return "Request Header Fields Too Large"
        case 500: return "Internal Server Error"
        case 501: return "Not Implemented"
        case 503: return "Service Unavailable"
        case 505: return "HTTP Version Not Supported"
        default: return "Status \(status)"
        }
    }

    /// The bytes of the status line, the header fields (plus `Content-Length` and `Connection`) and the body.
    /// A response to `HEAD` has no body but keeps its `Content-Length`.
    package func serialized(keepAlive: Bool, minorVersion: Int, omitBody: Bool = false) -> [UInt8] {
        var head = "HTTP/1.1 \(status) \(reasonPhrase)\r\n"
        for header in headers {
            head += "\(header.name): \(header.value)\r\n"
        }
        head += "Content-Length: \(body.count)\r\n"
        if !keepAlive {
            head += "Connection: close\r\n"
        } else if minorVersion == 0 {
            head += "Connection: keep-alive\r\n"
        }
        head += "\r\n"
        return Array(head.utf8) + (omitBody ? [] : body)
    }
}
