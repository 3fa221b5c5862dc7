/// A field definition of an object or interface type: `name(arguments): Type @directives`.
public struct FieldDefinition: ASTNode {
    /// The description, if any.
    public var description: StringValue?

    /// The field name.
    public var name: Name

    /// The argument definitions.
    public var arguments: [InputValueDefinition]

    /// The field's type.
    public var type: TypeReference

    /// The directives (for example `@deprecated`).
    public var directives: [Directive]

    /// Where the definition starts (its description or name).
    public var location: SourceLocation

    /// Creates a field definition.
    /// - Parameters:
    ///   - description: The description, if any.
    ///   - name: The field name.
    ///   - arguments: The argument definitions.
    ///   - type: The field's type.
    ///   - directives: The directives.
    ///   - location: Where the definition starts.
    public init(
        description: StringValue? = nil,
        name: Name,
        arguments: [InputValueDefinition] = [],
        type: TypeReference,
        directives: [Directive] = [],
        location: SourceLocation = .unknown
    ) {
        self.description = description
        self.name = name
        self.arguments = arguments
        self.type = type
        self.directives = directives
        self.location = location
    }
}
