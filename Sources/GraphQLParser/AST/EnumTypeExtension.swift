/// An enum type extension: `extend enum Name @directives { VALUES }`.
public struct EnumTypeExtension: ASTNode {
    /// The extended type's name.
    public var name: Name

    /// The added directives.
    public var directives: [Directive]

    /// The added values.
    public var values: [EnumValueDefinition]

    /// Where the extension starts (`extend`).
    public var location: SourceLocation

    /// Creates an enum type extension.
    /// - Parameters:
    ///   - name: The extended type's name.
    ///   - directives: The added directives.
    ///   - values: The added values.
    ///   - location: Where the extension starts.
    public init(
        name: Name,
        directives: [Directive] = [],
        values: [EnumValueDefinition] = [],
        location: SourceLocation = .unknown
    ) {
        self.name = name
        self.directives = directives
        self.values = values
        self.location = location
    }
}
