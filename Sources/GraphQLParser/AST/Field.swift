/// A field selection: `alias: name(arguments) @directives { ... }`.
public struct Field: ASTNode {
    /// The alias, if any.
    public var alias: Name?

    /// The field name.
    public var name: Name

    /// The arguments.
    public var arguments: [Argument]

    /// The directives.
    public var directives: [Directive]

    /// The sub-selections, `nil` for a leaf field.
    public var selectionSet: SelectionSet?

    /// Where the field starts (its alias or name).
    public var location: SourceLocation

    /// Creates a field.
    /// - Parameters:
    ///   - alias: The alias, if any.
    ///   - name: The field name.
    ///   - arguments: The arguments.
    ///   - directives: The directives.
    ///   - selectionSet: The sub-selections, `nil` for a leaf field.
    ///   - location: Where the field starts.
    public init(
        alias: Name? = nil,
        name: Name,
        arguments: [Argument] = [],
        directives: [Directive] = [],
        selectionSet: SelectionSet? = nil,
        location: SourceLocation = .unknown
    ) {
        self.alias = alias
        self.name = name
        self.arguments = arguments
        self.directives = directives
        self.selectionSet = selectionSet
        self.location = location
    }

    /// The key of the field in a response: the alias if there is one, otherwise the name.
    public var responseKey: String { alias?.value ?? name.value }
}
