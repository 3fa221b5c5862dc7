import Foundation

/// Why a migration configuration could not be read.
public enum MigrationSettingsError: Error, Sendable, Hashable, CustomStringConvertible, LocalizedError {
    /// The data is not valid JSON.
    case invalidJSON(message: String)
    /// The value at `path` (e.g. `"modes.GameInfo"`, `""` for the whole document) is wrong.
    case invalidValue(path: String, message: String)

    /// Converts a `DecodingError` from decoding a ``MigrationConfiguration``.
    init(_ error: DecodingError) {
        func path(_ context: DecodingError.Context) -> String {
            context.codingPath.map(\.stringValue).joined(separator: ".")
        }
        switch error {
        case .dataCorrupted(let context) where context.codingPath.isEmpty:
            let underlying = context.underlyingError.map { ": \($0)" } ?? ""
            self = .invalidJSON(message: context.debugDescription + underlying)
        case .dataCorrupted(let context):
            self = .invalidValue(path: path(context), message: context.debugDescription)
        case .typeMismatch(let type, let context):
            let expected = type == String.self ? "a mode name (a string)" : "a JSON object"
            self = .invalidValue(path: path(context), message: "expected \(expected): \(context.debugDescription)")
        case .valueNotFound(_, let context):
            self = .invalidValue(path: path(context), message: "expected a mode name, found null")
        case .keyNotFound(let key, let context):
            self = .invalidValue(path: path(context), message: "missing key \"\(key.stringValue)\"")
        @unknown default:
            self = .invalidJSON(message: String(describing: error))
        }
    }

    /// What is wrong, and where.
    public var description: String {
        switch self {
        case .invalidJSON(let message):
            return "migration settings: invalid JSON: \(message)"
        case .invalidValue(let path, let message):
            return "migration settings: at \(path.isEmpty ? "the top level" : "\"\(path)\""): \(message)"
        }
    }

    /// Same as ``description``.
    public var errorDescription: String? { description }
}
