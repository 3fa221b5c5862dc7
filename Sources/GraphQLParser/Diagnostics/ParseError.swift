import Foundation

/// The error thrown by ``Parser`` when a source is not valid GraphQL.
public struct ParseError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The diagnostic, boxed so that the error is one pointer wide: the parser's functions throw it, and a
    /// small error type keeps their stack frames small.
    private final class Storage: Sendable {
        let diagnostic: Diagnostic

        init(_ diagnostic: Diagnostic) {
            self.diagnostic = diagnostic
        }
    }

    private let storage: Storage

    /// Creates a parse error from a diagnostic.
    /// - Parameter diagnostic: The diagnostic to report.
    public init(diagnostic: Diagnostic) {
        storage = Storage(diagnostic)
    }

    /// The error with its message and location.
    public var diagnostic: Diagnostic { storage.diagnostic }

    /// The message, for example `Syntax Error: Unterminated string.`.
    public var message: String { diagnostic.message }

    /// Where the error is.
    public var location: SourceLocation { diagnostic.location }

    /// `file:line:column: error: message`.
    public var description: String { diagnostic.description }

    /// Whether two errors have the same diagnostic.
    public static func == (lhs: ParseError, rhs: ParseError) -> Bool {
        lhs.diagnostic == rhs.diagnostic
    }

    /// Hashes the diagnostic.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(diagnostic)
    }
}

extension ParseError: LocalizedError {
    /// The same as ``description``, so that `localizedDescription` says it too.
    public var errorDescription: String? { description }
}
