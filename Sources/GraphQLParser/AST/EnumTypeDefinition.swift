/// An enum type definition: `enum Name @directives { VALUES }`.
public struct EnumTypeDefinition: ASTNode {
    /// The description, if any.
    public var description: StringValue?

    /// The type name.
    public var name: Name

    /// The directives.
    public var directives: [Directive]

    /// The values (empty when the definition has no `{ ... }`).
    public var values: [EnumValueDefinition]

    /// Where the definition starts (its description or `enum`).
    public var location: SourceLocation

    /// Creates an enum type definition.
    /// - Parameters:
    ///   - description: The description, if any.
    ///   - name: The type name.
    ///   - directives: The directives.
    ///   - values: The values.
    ///   - location: Where the definition starts.
    public init(
        description: StringValue? = nil,
        name: Name,
        directives: [Directive] = [],
        values: [EnumValueDefinition] = [],
        location: SourceLocation = .unknown
    ) {
        self.description = description
        self.name = name
        self.directives = directives
        self.values = values
        self.location = location
    }
}
