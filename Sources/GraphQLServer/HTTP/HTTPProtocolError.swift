/// A request the server cannot read as HTTP/1.x; the connection answers with ``status`` and closes.
package enum HTTPProtocolError: Error, Equatable, CustomStringConvertible {
    /// The request line or a header field is malformed.
    case malformed(String)
    /// The request head (request line and header fields) is larger than the limit, in bytes.
    case headTooLarge(limit: Int)
    /// The body is larger than the limit, in bytes.
    case bodyTooLarge(limit: Int)
    /// A version other than HTTP/1.0 and HTTP/1.1.
    case unsupportedVersion(String)
    /// A transfer coding other than `chunked`.
    case unsupportedTransferEncoding(String)

    /// The HTTP status that answers this error.
    public var status: Int {
        switch self {
        case .malformed: return 400
        case .headTooLarge: return 431
        case .bodyTooLarge: return 413
        case .unsupportedVersion: return 505
        case .unsupportedTransferEncoding: return 501
        }
    }

    /// What is wrong.
    public var description: String {
        switch self {
        case .malformed(let reason): return "malformed request: \(reason)"
        case .headTooLarge(let limit): return "request head larger than \(limit) bytes"
        case .bodyTooLarge(let limit): return "request body larger than \(limit) bytes"
        case .unsupportedVersion(let version): return "unsupported HTTP version \(version)"
        case .unsupportedTransferEncoding(let coding): return "unsupported transfer coding \(coding)"
        }
    }
}
