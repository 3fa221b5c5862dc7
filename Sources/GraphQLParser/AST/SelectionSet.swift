/// A selection set: `{ field ...Fragment ... on Type { ... } }`.
public struct SelectionSet: ASTNode {
    /// The selections, in source order. Empty for `{}`, which graphql-core accepts by default.
    public var selections: [Selection]

    /// Where the `{` is.
    public var location: SourceLocation

    /// Creates a selection set.
    /// - Parameters:
    ///   - selections: The selections.
    ///   - location: Where the `{` is.
    public init(selections: [Selection], location: SourceLocation = .unknown) {
        self.selections = selections
        self.location = location
    }
}
