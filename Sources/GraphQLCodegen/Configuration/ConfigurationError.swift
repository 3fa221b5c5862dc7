import Foundation

/// A problem with a code generator configuration file: the message says what is wrong and how to fix it.
public struct ConfigurationError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The configuration file, as given.
    public var path: String
    /// What is wrong and how to fix it.
    public var message: String

    /// Creates an error.
    /// - Parameters:
    ///   - path: The configuration file.
    ///   - message: What is wrong and how to fix it.
    public init(path: String, message: String) {
        self.path = path
        self.message = message
    }

    /// `path: error: message`, the form compilers print.
    public var description: String { "\(path): error: \(message)" }
}

extension ConfigurationError: LocalizedError {
    /// The same as ``description``, so that `localizedDescription` says it too.
    public var errorDescription: String? { description }
}
