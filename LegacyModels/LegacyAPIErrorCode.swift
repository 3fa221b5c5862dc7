/// The `code` of a REST error envelope (`{"status":"error","error":{"code":"NOT_FOUND","message":...}}`).
public enum LegacyAPIErrorCode: Equatable, Hashable, Sendable, RawRepresentable, CustomStringConvertible {
    /// `NOT_FOUND` (HTTP 404): the game, draw or image does not exist.
    case notFound
    /// `BAD_REQUEST` (HTTP 400): a parameter is invalid.
    case badRequest
    /// `UNAUTHORIZED` (HTTP 401): the bearer token is missing or wrong.
    case unauthorized
    /// `INTERNAL` (HTTP 500): the server failed.
    case `internal`
    /// A code the contract does not list, kept verbatim. Create values with `init(rawValue:)`, which maps the
    /// known codes to their own cases (`.other("NOT_FOUND")` is not equal to `.notFound`).
    case other(String)

    /// Maps a wire code to its case; unknown codes give `.other(code)`.
    public init(rawValue: String) {
        switch rawValue {
        case "NOT_FOUND": self = .notFound
        case "BAD_REQUEST": self = .badRequest
        case "UNAUTHORIZED": self = .unauthorized
        case "INTERNAL": self = .internal
        default: self = .other(rawValue)
        }
    }

    /// The wire code, for example `"NOT_FOUND"`.
    public var rawValue: String {
        switch self {
        case .notFound: return "NOT_FOUND"
        case .badRequest: return "BAD_REQUEST"
        case .unauthorized: return "UNAUTHORIZED"
        case .internal: return "INTERNAL"
        case .other(let code): return code
        }
    }

    /// The wire code.
    public var description: String {
        rawValue
    }
}
