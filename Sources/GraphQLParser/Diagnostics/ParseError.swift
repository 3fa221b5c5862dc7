/// The error thrown by ``Parser`` when a source is not valid GraphQL.
public struct ParseError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The error with its message and location.
    public let diagnostic: Diagnostic

    /// Creates a parse error from a diagnostic.
    /// - Parameter diagnostic: The diagnostic to report.
    public init(diagnostic: Diagnostic) {
        self.diagnostic = diagnostic
    }

    /// The message, for example `Syntax Error: Unterminated string.`.
    public var message: String { diagnostic.message }

    /// Where the error is.
    public var location: SourceLocation { diagnostic.location }

    /// `file:line:column: error: message`.
    public var description: String { diagnostic.description }
}
