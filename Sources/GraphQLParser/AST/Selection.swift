/// One entry of a selection set.
public enum Selection: ASTNode {
    /// A field, `alias: name(arguments) @directives { ... }`.
    case field(Field)
    /// A named fragment spread, `...Name @directives`.
    case fragmentSpread(FragmentSpread)
    /// An inline fragment, `... on Type @directives { ... }`.
    case inlineFragment(InlineFragment)

    /// Where the selection starts.
    public var location: SourceLocation {
        switch self {
        case .field(let node): node.location
        case .fragmentSpread(let node): node.location
        case .inlineFragment(let node): node.location
        }
    }

    /// The selection's directives.
    public var directives: [Directive] {
        switch self {
        case .field(let node): node.directives
        case .fragmentSpread(let node): node.directives
        case .inlineFragment(let node): node.directives
        }
    }
}
