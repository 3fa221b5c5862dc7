/// A union type extension: `extend union Name @directives = A | B`.
public struct UnionTypeExtension: ASTNode {
    /// The extended type's name.
    public var name: Name

    /// The added directives.
    public var directives: [Directive]

    /// The added member types.
    public var types: [NamedType]

    /// Where the extension starts (`extend`).
    public var location: SourceLocation

    /// Creates a union type extension.
    /// - Parameters:
    ///   - name: The extended type's name.
    ///   - directives: The added directives.
    ///   - types: The added member types.
    ///   - location: Where the extension starts.
    public init(
        name: Name,
        directives: [Directive] = [],
        types: [NamedType] = [],
        location: SourceLocation = .unknown
    ) {
        self.name = name
        self.directives = directives
        self.types = types
        self.location = location
    }
}
