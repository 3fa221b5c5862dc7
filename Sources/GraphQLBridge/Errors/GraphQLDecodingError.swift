import Foundation

/// A value in a response that does not fit the type the generated code expects, with where it is.
///
/// Thrown by the scalar rules (``GraphQLScalarDecodable``) from inside `Decodable` initializers, and
/// built from Foundation's `DecodingError` by the client, so every decoding failure reaches the caller
/// as ``APIError/decoding(operation:_:)`` with the same shape.
public struct GraphQLDecodingError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The JSON path of the value, as in GraphQL error paths: `data.game.lastDraw.number`,
    /// `data.draws[3].winningNumbers[0]`.
    public var path: String
    /// What the generated type expected there (`Long (a 64-bit integer ...)`, `String`, ...).
    public var expected: String
    /// The value that was found, as JSON text (possibly shortened); `nil` when unknown or absent.
    public var found: String?
    /// Why it does not fit.
    public var reason: String

    /// Creates an error for the value at `codingPath`.
    public init(codingPath: [any CodingKey], expected: String, found: String?, reason: String) {
        self.path = GraphQLDecodingError.render(codingPath)
        self.expected = expected
        self.found = found
        self.reason = reason
    }

    /// Creates an error from a path already rendered as text.
    public init(path: String, expected: String, found: String?, reason: String) {
        self.path = path
        self.expected = expected
        self.found = found
        self.reason = reason
    }

    /// Wraps one of Foundation's decoding errors, keeping its reason.
    public init(codingPath: [any CodingKey], expected: String, underlying: DecodingError) {
        let converted = GraphQLDecodingError(underlying)
        self.path = GraphQLDecodingError.render(codingPath)
        self.expected = expected
        self.found = converted.found
        self.reason = converted.reason
    }

    /// Converts Foundation's `DecodingError` into this shape (without the found value, which Foundation
    /// does not report; the client fills it in from the response body).
    public init(_ error: DecodingError) {
        switch error {
        case .typeMismatch(let type, let context):
            self.init(
                codingPath: context.codingPath, expected: "\(type)", found: nil,
                reason: "the value has another type (\(context.debugDescription))")
        case .valueNotFound(let type, let context):
            self.init(
                codingPath: context.codingPath, expected: "\(type)", found: "null",
                reason: "a required value is null")
        case .keyNotFound(let key, let context):
            self.init(
                codingPath: context.codingPath + [key], expected: "a value", found: nil,
                reason: "the key \"\(key.stringValue)\" is missing")
        case .dataCorrupted(let context):
            self.init(
                codingPath: context.codingPath, expected: "valid JSON of the expected shape", found: nil,
                reason: context.debugDescription)
        @unknown default:
            self.init(path: "", expected: "a decodable value", found: nil, reason: "\(error)")
        }
    }

    /// `data.game.number: expected Long (...), found "12x": the string is not a decimal integer`.
    public var description: String {
        let location = path.isEmpty ? "<root>" : path
        if let found {
            return "\(location): expected \(expected), found \(found): \(reason)"
        }
        return "\(location): expected \(expected): \(reason)"
    }

    /// Renders a coding path as `a.b[2].c`.
    public static func render(_ codingPath: [any CodingKey]) -> String {
        var text = ""
        for key in codingPath {
            if let index = key.intValue {
                text += "[\(index)]"
            } else {
                if !text.isEmpty { text += "." }
                text += key.stringValue
            }
        }
        return text
    }
}

extension GraphQLDecodingError: LocalizedError {
    /// The same as ``description``, so that `localizedDescription` says it too.
    public var errorDescription: String? { description }
}
