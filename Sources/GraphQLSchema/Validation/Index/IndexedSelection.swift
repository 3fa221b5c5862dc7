import GraphQLParser

/// A selection of an ``IndexedSelectionSet``.
enum IndexedSelection {
    /// A field.
    case field(IndexedField)
    /// A fragment spread (it has no selection set of its own).
    case fragmentSpread(FragmentSpread)
    /// An inline fragment.
    case inlineFragment(IndexedInlineFragment)
}
