import GraphQLParser

/// An operation or fragment definition of the document being validated, with its indexed selection set.
final class IndexedDefinition {
    /// What the definition is.
    enum Kind {
        /// An operation.
        case operation(OperationDefinition)
        /// A fragment definition.
        case fragment(FragmentDefinition)
    }

    /// The definition.
    let kind: Kind
    /// Its selection set.
    let selectionSet: IndexedSelectionSet
    /// Its position among the document's operations and fragments.
    let index: Int

    init(_ kind: Kind, index: Int, counter: inout Int) {
        self.kind = kind
        self.index = index
        switch kind {
        case .operation(let operation): selectionSet = IndexedSelectionSet(operation.selectionSet, counter: &counter)
        case .fragment(let fragment): selectionSet = IndexedSelectionSet(fragment.selectionSet, counter: &counter)
        }
    }

    /// The operation, if this is one.
    var operation: OperationDefinition? {
        if case .operation(let operation) = kind { return operation }
        return nil
    }

    /// The fragment definition, if this is one.
    var fragment: FragmentDefinition? {
        if case .fragment(let fragment) = kind { return fragment }
        return nil
    }

    /// The definition's directives.
    var directives: [Directive] {
        switch kind {
        case .operation(let operation): operation.directives
        case .fragment(let fragment): fragment.directives
        }
    }

    var location: SourceLocation {
        switch kind {
        case .operation(let operation): operation.location
        case .fragment(let fragment): fragment.location
        }
    }
}
