import Foundation
import GraphQLMigration

/// A comparison that could not run at all: a model the plan does not have, or ids (or list keys) that could not be
/// listed (an unreachable backend, a refused token).
public struct ComparisonError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What happened and what to do.
    public var message: String

    /// Creates an error.
    public init(_ message: String) {
        self.message = message
    }

    /// The message.
    public var description: String { message }
}

extension ComparisonError: LocalizedError {
    /// The same as ``description``, so that `localizedDescription` says it too.
    public var errorDescription: String? { description }
}
