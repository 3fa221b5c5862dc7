/// An object type extension: `extend object Name implements A & B @directives { fields }`.
public struct ObjectTypeExtension: ASTNode {
    /// The extended type's name.
    public var name: Name

    /// The added interfaces.
    public var interfaces: [NamedType]

    /// The added directives.
    public var directives: [Directive]

    /// The added fields.
    public var fields: [FieldDefinition]

    /// Where the extension starts (`extend`).
    public var location: SourceLocation

    /// Creates an object type extension.
    /// - Parameters:
    ///   - name: The extended type's name.
    ///   - interfaces: The added interfaces.
    ///   - directives: The added directives.
    ///   - fields: The added fields.
    ///   - location: Where the extension starts.
    public init(
        name: Name,
        interfaces: [NamedType] = [],
        directives: [Directive] = [],
        fields: [FieldDefinition] = [],
        location: SourceLocation = .unknown
    ) {
        self.name = name
        self.interfaces = interfaces
        self.directives = directives
        self.fields = fields
        self.location = location
    }
}
