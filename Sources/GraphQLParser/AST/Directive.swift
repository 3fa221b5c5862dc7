/// A directive application: `@name(arguments)`.
public struct Directive: ASTNode {
    /// The directive name, without the `@`.
    public var name: Name

    /// The arguments.
    public var arguments: [Argument]

    /// Where the `@` is.
    public var location: SourceLocation

    /// Creates a directive application.
    /// - Parameters:
    ///   - name: The directive name, without the `@`.
    ///   - arguments: The arguments.
    ///   - location: Where the `@` is.
    public init(name: Name, arguments: [Argument] = [], location: SourceLocation = .unknown) {
        self.name = name
        self.arguments = arguments
        self.location = location
    }
}
