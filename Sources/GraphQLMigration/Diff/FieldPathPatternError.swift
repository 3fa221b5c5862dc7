import Foundation

/// Why a text is not a usable ignore pattern (see ``FieldPathPattern/init(validating:)``).
public struct FieldPathPatternError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The pattern as given.
    public var pattern: String
    /// What is wrong and what to write instead.
    public var message: String

    /// Creates an error.
    public init(pattern: String, message: String) {
        self.pattern = pattern
        self.message = message
    }

    /// `pattern '…': message`.
    public var description: String {
        "pattern '\(pattern)': \(message)"
    }
}

extension FieldPathPatternError: LocalizedError {
    /// The same as ``description``, so that `localizedDescription` says it too.
    public var errorDescription: String? { description }
}
