/// An inline fragment: `... on Type @directives { ... }` (the type condition is optional).
public struct InlineFragment: ASTNode {
    /// The type condition, if any.
    public var typeCondition: NamedType?

    /// The directives.
    public var directives: [Directive]

    /// The selections.
    public var selectionSet: SelectionSet

    /// Where the `...` is.
    public var location: SourceLocation

    /// Creates an inline fragment.
    /// - Parameters:
    ///   - typeCondition: The type condition, if any.
    ///   - directives: The directives.
    ///   - selectionSet: The selections.
    ///   - location: Where the `...` is.
    public init(
        typeCondition: NamedType? = nil,
        directives: [Directive] = [],
        selectionSet: SelectionSet,
        location: SourceLocation = .unknown
    ) {
        self.typeCondition = typeCondition
        self.directives = directives
        self.selectionSet = selectionSet
        self.location = location
    }
}
