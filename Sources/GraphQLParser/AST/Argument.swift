/// An argument of a field or directive: `name: value`.
public struct Argument: ASTNode {
    /// The argument name.
    public var name: Name

    /// The argument value.
    public var value: Value

    /// Where the argument starts (its name).
    public var location: SourceLocation

    /// Creates an argument.
    /// - Parameters:
    ///   - name: The argument name.
    ///   - value: The value.
    ///   - location: Where the argument starts.
    public init(name: Name, value: Value, location: SourceLocation = .unknown) {
        self.name = name
        self.value = value
        self.location = location
    }
}
