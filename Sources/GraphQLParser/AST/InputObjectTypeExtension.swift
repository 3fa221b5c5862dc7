/// An input object type extension: `extend input Name @directives { fields }`.
public struct InputObjectTypeExtension: ASTNode {
    /// The extended type's name.
    public var name: Name

    /// The added directives.
    public var directives: [Directive]

    /// The added input fields.
    public var fields: [InputValueDefinition]

    /// Where the extension starts (`extend`).
    public var location: SourceLocation

    /// Creates an input object type extension.
    /// - Parameters:
    ///   - name: The extended type's name.
    ///   - directives: The added directives.
    ///   - fields: The added input fields.
    ///   - location: Where the extension starts.
    public init(
        name: Name,
        directives: [Directive] = [],
        fields: [InputValueDefinition] = [],
        location: SourceLocation = .unknown
    ) {
        self.name = name
        self.directives = directives
        self.fields = fields
        self.location = location
    }
}
