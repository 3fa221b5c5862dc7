import Foundation
import GraphQLMigration

/// A recorded fixture that cannot be read: which file, and what to do.
public struct ComparisonFixtureError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The file or folder.
    public var file: String
    /// What is wrong.
    public var message: String

    /// Creates an error.
    public init(file: String, message: String) {
        self.file = file
        self.message = message
    }

    /// `file: message`.
    public var description: String { "\(file): \(message)" }
}

extension ComparisonFixtureError: LocalizedError {
    /// The same as ``description``, so that `localizedDescription` says it too.
    public var errorDescription: String? { description }
}
