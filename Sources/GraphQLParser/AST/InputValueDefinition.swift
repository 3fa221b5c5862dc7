/// An argument definition or input object field definition: `name: Type = default @directives`.
public struct InputValueDefinition: ASTNode {
    /// The description, if any.
    public var description: StringValue?

    /// The argument or field name.
    public var name: Name

    /// The type.
    public var type: TypeReference

    /// The default value (a constant value), if any.
    public var defaultValue: Value?

    /// The directives.
    public var directives: [Directive]

    /// Where the definition starts (its description or name).
    public var location: SourceLocation

    /// Creates an input value definition.
    /// - Parameters:
    ///   - description: The description, if any.
    ///   - name: The name.
    ///   - type: The type.
    ///   - defaultValue: The default value, if any.
    ///   - directives: The directives.
    ///   - location: Where the definition starts.
    public init(
        description: StringValue? = nil,
        name: Name,
        type: TypeReference,
        defaultValue: Value? = nil,
        directives: [Directive] = [],
        location: SourceLocation = .unknown
    ) {
        self.description = description
        self.name = name
        self.type = type
        self.defaultValue = defaultValue
        self.directives = directives
        self.location = location
    }
}
