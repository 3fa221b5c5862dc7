import GraphQLParser

/// A fragment spread with the fragment definition it names (`nil` for an unknown fragment).
struct ResolvedSpread {
    var node: FragmentSpread
    let definition: IndexedDefinition?

    /// Tells fragments apart: the fragment's name, `nil` for unknown fragments (which count as one).
    var key: String? { definition?.fragment?.name.value }
}
