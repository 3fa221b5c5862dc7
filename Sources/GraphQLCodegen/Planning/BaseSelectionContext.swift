import GraphQLSchema

/// What a type case view needs from the struct it is nested in: the enclosing struct's qualified name, its
/// fields' occurrences and types, so a field selected identically is typed with the enclosing struct's type.
struct BaseSelectionContext {
    /// The qualified Swift name of the enclosing struct (`SearchQuery.Data.Search`).
    var qualifiedName: String
    /// The type the enclosing struct's selection is made on: fields selected there are looked up on it when the
    /// type condition does not have them (`node { id ... on Pet { name } }`: `id` is `Node`'s, not `Pet`'s).
    var scope: SchemaType
    /// The type the selections are written on in the document (the scope of the outermost struct of the object):
    /// fields written directly in them are looked up there.
    var writtenOn: String
    /// The enclosing struct's collected selections.
    var collected: CollectedSelections
    /// The enclosing struct's property types by response key, with nested struct names qualified.
    var qualifiedTypes: [String: OutputTypePlan]
    /// What the views of the same object above this one hold, by type condition: a view nested in this one for
    /// the same condition is generated only when it would hold a field or fragment that none of them holds.
    var enclosingViews: [String: ViewContents]
}
