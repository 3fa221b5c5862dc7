/// A scalar type definition: `scalar Name @directives`.
public struct ScalarTypeDefinition: ASTNode {
    /// The description, if any.
    public var description: StringValue?

    /// The type name.
    public var name: Name

    /// The directives (for example `@specifiedBy(url: "...")`).
    public var directives: [Directive]

    /// Where the definition starts (its description or `scalar`).
    public var location: SourceLocation

    /// Creates a scalar type definition.
    /// - Parameters:
    ///   - description: The description, if any.
    ///   - name: The type name.
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
