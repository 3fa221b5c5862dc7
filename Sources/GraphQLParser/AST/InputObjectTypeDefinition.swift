/// An input object type definition: `input Name @directives { fields }`.
public struct InputObjectTypeDefinition: ASTNode {
    /// The description, if any.
    public var description: StringValue?

    /// The type name.
    public var name: Name

    /// The directives (for example `@oneOf`).
    public var directives: [Directive]

    /// The input fields (empty when the definition has no `{ ... }`).
    public var fields: [InputValueDefinition]

    /// Where the definition starts (its description or `input`).
    public var location: SourceLocation

    /// Creates an input object type definition.
    /// - Parameters:
    ///   - description: The description, if any.
    ///   - name: The type name.
    ///   - directives: The directives.
    ///   - fields: The input fields.
    ///   - location: Where the definition starts.
    public init(
        description: StringValue? = nil,
        name: Name,
        directives: [Directive] = [],
        fields: [InputValueDefinition] = [],
        location: SourceLocation = .unknown
    ) {
        self.description = description
        self.name = name
        self.directives = directives
        self.fields = fields
        self.location = location
    }
}
