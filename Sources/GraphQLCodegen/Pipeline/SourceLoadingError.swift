import Foundation

/// A schema or operations path that cannot be read.
public struct SourceLoadingError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The path, as given.
    public var path: String
    /// What is wrong.
    public var message: String

    /// Creates an error.
    /// - Parameters:
    ///   - path: The path.
    ///   - message: What is wrong.
    public init(path: String, message: String) {
        self.path = path
        self.message = message
    }

    /// `path: error: message`.
    public var description: String { "\(path): error: \(message)" }
}

extension SourceLoadingError: LocalizedError {
    /// The same as ``description``, so that `localizedDescription` says it too.
    public var errorDescription: String? { description }
}
