import GraphQLParser

/// One place a response key is selected: the field node, the type it is selected on in the document, and the
/// `@include`/`@skip` conditions (on it or on enclosing fragments and fields) that may leave it out.
struct FieldOccurrence: Hashable {
    /// The field as written.
    var field: Field
    /// The name of the type whose selection set holds the field as written (the enclosing type condition, or the
    /// scope): where its definition is looked up, since the scope a view merges it into may not declare it (an
    /// interface or union all of whose possible types have it).
    var parentType: String
    /// The conditions that must all hold for it to be in the response (`include:$v`, `skip:$v`; empty: always).
    var conditions: Set<String>

    /// Whether it may be left out of the response.
    var isConditional: Bool { !conditions.isEmpty }
}
