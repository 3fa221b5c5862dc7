import GraphQLParser

/// An inline fragment of the document being validated, as a reference (see ``IndexedSelectionSet``).
final class IndexedInlineFragment {
    /// The AST node.
    let node: InlineFragment
    /// The selections.
    let selectionSet: IndexedSelectionSet

    init(_ node: InlineFragment, counter: inout Int) {
        self.node = node
        self.selectionSet = IndexedSelectionSet(node.selectionSet, counter: &counter)
    }
}
