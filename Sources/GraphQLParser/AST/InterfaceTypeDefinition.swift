/// An interface type definition: `interface Name implements A & B @directives { fields }`.
public struct InterfaceTypeDefinition: ASTNode {
    /// The description, if any.
    public var description: StringValue?

    /// The type name.
    public var name: Name

    /// The implemented interfaces.
    public var interfaces: [NamedType]

    /// The directives.
    public var directives: [Directive]

    /// The fields (empty when the definition has no `{ ... }`).
    public var fields: [FieldDefinition]

    /// Where the definition starts (its description or `interface`).
    public var location: SourceLocation

    /// Creates an interface type definition.
    /// - Parameters:
    ///   - description: The description, if any.
    ///   - name: The type name.
    ///   - interfaces: The implemented interfaces.
    ///   - directives: The directives.
    ///   - fields: The fields.
    ///   - location: Where the definition starts.
    public init(
        description: StringValue? = nil,
        name: Name,
        interfaces: [NamedType] = [],
        directives: [Directive] = [],
        fields: [FieldDefinition] = [],
        location: SourceLocation = .unknown
    ) {
        self.description = description
        self.name = name
        self.interfaces = interfaces
        self.directives = directives
        self.fields = fields
        self.location = location
    }
}
