import GraphQLParser

/// One place a response key is selected: the field node, the type it is selected on in the document, and whether
/// `@include`/`@skip` (on it or on an enclosing fragment) may leave it out.
struct FieldOccurrence: Hashable {
    /// The field as written.
    var field: Field
    /// The name of the type whose selection set holds the field as written (the enclosing type condition, or the
    /// scope): where its definition is looked up, since the scope a view merges it into may not declare it (an
    /// interface or union all of whose possible types have it).
    var parentType: String
    /// Whether it may be left out of the response.
    var isConditional: Bool
}
