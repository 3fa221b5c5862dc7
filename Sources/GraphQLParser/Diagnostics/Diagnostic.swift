/// A message about a place in a GraphQL source, such as a syntax error.
///
/// The later stages (schema builder, validator, code generator) report their findings with the same type, so
/// that a tool can print them all in the `file:line:column: error: message` form that editors and Xcode
/// understand.
public struct Diagnostic: Sendable, Hashable, CustomStringConvertible {
    /// How serious a diagnostic is.
    public enum Severity: String, Sendable, Hashable, CaseIterable {
        /// The input is invalid; the operation that produced the diagnostic failed.
        case error
        /// The input is valid but probably not what was meant.
        case warning
        /// Extra information attached to another diagnostic.
        case note
    }

    /// How serious this diagnostic is.
    public var severity: Severity

    /// The message. Syntax errors use graphql-core's wording, for example
    /// `Syntax Error: Expected Name, found <EOF>.`, so that a server can return it unchanged in a GraphQL
    /// response's `errors[].message`.
    public var message: String

    /// Where the problem is.
    public var location: SourceLocation

    /// Further places the problem involves, after ``location``: for example the first of two operations with the
    /// same name, or the operation that does not define a variable. graphql-core reports them as the second and
    /// later entries of an error's `locations`.
    public var relatedLocations: [SourceLocation]

    /// Creates a diagnostic.
    /// - Parameters:
    ///   - severity: How serious it is.
    ///   - message: What is wrong.
    ///   - location: Where it is.
    ///   - relatedLocations: Further places the problem involves.
    public init(
        severity: Severity,
        message: String,
        location: SourceLocation,
        relatedLocations: [SourceLocation] = []
    ) {
        self.severity = severity
        self.message = message
        self.location = location
        self.relatedLocations = relatedLocations
    }

    /// ``location`` followed by ``relatedLocations``, in the order graphql-core lists an error's `locations`.
    public var locations: [SourceLocation] { [location] + relatedLocations }

    /// `file:line:column: severity: message`, the form compilers print.
    public var description: String { "\(location): \(severity.rawValue): \(message)" }
}
