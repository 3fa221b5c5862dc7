/// A reference to a type by name, as in a type condition, an `implements` list or a union's members.
public struct NamedType: ASTNode, CustomStringConvertible {
    /// The type name.
    public var name: Name

    /// Creates a named type reference.
    /// - Parameter name: The type name.
    public init(name: Name) {
        self.name = name
    }

    /// Where the name is.
    public var location: SourceLocation { name.location }

    /// The type name.
    public var description: String { name.value }
}
