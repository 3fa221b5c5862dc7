/// A variable reference, `$name`.
public struct Variable: ASTNode {
    /// The variable's name, without the `$`.
    public var name: Name

    /// Where the `$` is.
    public var location: SourceLocation

    /// Creates a variable reference.
    /// - Parameters:
    ///   - name: The name, without the `$`.
    ///   - location: Where the `$` is.
    public init(name: Name, location: SourceLocation = .unknown) {
        self.name = name
        self.location = location
    }
}
