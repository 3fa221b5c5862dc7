import GraphQLParser

/// A field selection of the document being validated, as a reference (see ``IndexedSelectionSet``).
final class IndexedField {
    /// A number unique within the document.
    let id: Int
    /// The AST node.
    let node: Field
    /// The sub-selections.
    let selectionSet: IndexedSelectionSet?
    /// The arguments' comparison keys, made when the field is first compared (OverlappingFieldsCanBeMerged).
    var argumentKeys: ArgumentKeys?

    init(_ node: Field, counter: inout Int) {
        counter += 1
        self.id = counter
        self.node = node
        self.selectionSet = node.selectionSet.map { IndexedSelectionSet($0, counter: &counter) }
    }

    var name: String { node.name.value }
    var location: SourceLocation { node.location }
}
