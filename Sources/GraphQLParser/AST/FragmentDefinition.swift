/// A fragment definition: `fragment Name on Type @directives { ... }`.
public struct FragmentDefinition: ASTNode {
    /// The description before `fragment` (September 2025 spec), if any.
    public var description: StringValue?

    /// The fragment name (never `on`).
    public var name: Name

    /// The type condition.
    public var typeCondition: NamedType

    /// The directives.
    public var directives: [Directive]

    /// The selections.
    public var selectionSet: SelectionSet

    /// Where the definition starts (its description or `fragment`).
    public var location: SourceLocation

    /// Creates a fragment definition.
    /// - Parameters:
    ///   - description: The description, if any.
    ///   - name: The fragment name.
    ///   - typeCondition: The type condition.
    ///   - directives: The directives.
    ///   - selectionSet: The selections.
    ///   - location: Where the definition starts.
    public init(
        description: StringValue? = nil,
        name: Name,
        typeCondition: NamedType,
        directives: [Directive] = [],
        selectionSet: SelectionSet,
        location: SourceLocation = .unknown
    ) {
        self.description = description
        self.name = name
        self.typeCondition = typeCondition
        self.directives = directives
        self.selectionSet = selectionSet
        self.location = location
    }
}
