/// A value of an enum type definition: `NAME @directives`.
public struct EnumValueDefinition: ASTNode {
    /// The description, if any.
    public var description: StringValue?

    /// The value's name (never `true`, `false` or `null`).
    public var name: Name

    /// The directives (for example `@deprecated`).
    public var directives: [Directive]

    /// Where the definition starts (its description or name).
    public var location: SourceLocation

    /// Creates an enum value definition.
    /// - Parameters:
    ///   - description: The description, if any.
    ///   - name: The value's name.
    ///   - directives: The directives.
    ///   - location: Where the definition starts.
    public init(
        description: StringValue? = nil,
        name: Name,
        directives: [Directive] = [],
        location: SourceLocation = .unknown
    ) {
        self.description = description
        self.name = name
        self.directives = directives
        self.location = location
    }
}
