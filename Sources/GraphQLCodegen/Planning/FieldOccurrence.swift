import GraphQLParser

/// One place a response key is selected: the field node, and whether `@include`/`@skip` (on it or on an enclosing
/// fragment) may leave it out.
struct FieldOccurrence: Hashable {
    /// The field as written.
    var field: Field
    /// Whether it may be left out of the response.
    var isConditional: Bool
}
