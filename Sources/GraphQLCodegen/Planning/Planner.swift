import GraphQLParser

/// The planning stage: turns validated operations and fragments, with their schema, into a ``CodegenPlan`` (the
/// Swift types to generate, their fields and how each is decoded).
///
/// ```swift
/// let (plan, diagnostics) = Planner.plan(documents, schema: schema, configuration: configuration)
/// let files = SwiftRenderer(plan: plan).render()
/// ```
///
/// Decisions made here:
/// - A selection set becomes a struct; a field with a selection set gets a nested struct named after its response
///   key (singular for lists), unless the selection is a single fragment spread (plus `__typename`): then the
///   field is typed as the fragment itself.
/// - A fragment spread beside other fields has its fields merged into the selection, and the fragment is also
///   exposed as `fragments.<name>`, decoded from the same JSON object.
/// - On an interface or union, a type condition narrower than the field's type becomes an optional view
///   (`asDog: AsDog?`) with the enclosing fields and the condition's fields, decoded when `__typename` is one of
///   the condition's possible types; `__typename` is added to such selection sets when they do not select it.
/// - A field that `@include` or `@skip` may leave out is optional.
/// - An unmapped custom scalar becomes `JSONValue`, with a warning that suggests a mapping.
public enum Planner {
    /// Plans the code for the operations and fragments of `documents` (which must be valid for `schema`).
    /// - Parameters:
    ///   - documents: The executable documents; type system definitions in them are ignored.
    ///   - schema: The schema.
    ///   - configuration: Scalar mappings and access level.
    /// - Returns: The plan, and warnings and errors (an error leaves out the operation or fragment it is about).
    public static func plan(_ documents: [Document], schema: Schema, configuration: CodegenConfiguration)
        -> (plan: CodegenPlan, diagnostics: [Diagnostic])
    {
        let session = PlanningSession(schema: schema, configuration: configuration, documents: documents)
        let plan = session.run()
        return (plan, session.diagnostics)
    }
}
