/// A union type definition: `union Name @directives = A | B`.
public struct UnionTypeDefinition: ASTNode {
    /// The description, if any.
    public var description: StringValue?

    /// The type name.
    public var name: Name

    /// The directives.
    public var directives: [Directive]

    /// The member types (empty when the definition has no `=`).
    public var types: [NamedType]

    /// Where the definition starts (its description or `union`).
    public var location: SourceLocation

    /// Creates a union type definition.
    /// - Parameters:
    ///   - description: The description, if any.
    ///   - name: The type name.
    ///   - directives: The directives.
    ///   - types: The member types.
    ///   - location: Where the definition starts.
    public init(
        description: StringValue? = nil,
        name: Name,
        directives: [Directive] = [],
        types: [NamedType] = [],
        location: SourceLocation = .unknown
    ) {
        self.description = description
        self.name = name
        self.directives = directives
        self.types = types
        self.location = location
    }
}
