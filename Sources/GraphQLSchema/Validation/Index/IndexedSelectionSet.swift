import GraphQLParser

/// A selection set of the document being validated, as a reference with a number, so that rules can cache
/// results per selection set (the AST's value types have no identity).
final class IndexedSelectionSet {
    /// A number unique within the document.
    let id: Int
    /// The AST node.
    let node: SelectionSet
    /// The selections, in order.
    let selections: [IndexedSelection]

    init(_ node: SelectionSet, counter: inout Int) {
        counter += 1
        self.id = counter
        self.node = node
        var selections: [IndexedSelection] = []
        selections.reserveCapacity(node.selections.count)
        for selection in node.selections {
            switch selection {
            case .field(let field):
                selections.append(.field(IndexedField(field, counter: &counter)))
            case .fragmentSpread(let spread):
                selections.append(.fragmentSpread(spread))
            case .inlineFragment(let fragment):
                selections.append(.inlineFragment(IndexedInlineFragment(fragment, counter: &counter)))
            }
        }
        self.selections = selections
    }

    var location: SourceLocation { node.location }
}
