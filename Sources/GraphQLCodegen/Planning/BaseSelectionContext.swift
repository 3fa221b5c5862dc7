/// What a type case view needs from the struct it is nested in: the enclosing struct's qualified name, its
/// fields' occurrences and types, so a field selected identically is typed with the enclosing struct's type.
struct BaseSelectionContext {
    /// The qualified Swift name of the enclosing struct (`SearchQuery.Data.Search`).
    var qualifiedName: String
    /// The enclosing struct's collected selections.
    var collected: CollectedSelections
    /// The enclosing struct's property types by response key, with nested struct names qualified.
    var qualifiedTypes: [String: OutputTypePlan]
}
