import Foundation
import GraphQLMigration

/// A command-line mistake: the message says what is wrong and how to fix it; exit status 2.
public struct ComparisonUsageError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What is wrong.
    public var message: String

    /// Creates an error.
    public init(_ message: String) {
        self.message = message
    }

    /// The message.
    public var description: String { message }
}

extension ComparisonUsageError: LocalizedError {
    /// The same as ``description``, so that `localizedDescription` says it too.
    public var errorDescription: String? { description }
}
