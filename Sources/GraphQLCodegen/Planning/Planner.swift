import GraphQLParser
import GraphQLSchema

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
/// - Fields are collected as the spec's `CollectFields` does, for the set of object types a struct stands for: a
///   fragment or inline fragment whose type condition every one of them satisfies is merged (at any depth:
///   `... on Pet { ... on Animal { size } }` in a view whose types are all animals).
/// - On an interface or union, a type condition that only some of the possible types satisfy becomes an optional
///   view (`asDog: AsDog?`) with the enclosing fields and the condition's fields, decoded when `__typename` is one
///   of those types; `__typename` is added to such selection sets when they do not select it. In a view, a condition
///   that narrows its types further is a nested view (`asPet.asWarm`) when it holds something no enclosing view
///   for that condition holds.
/// - A field that `@include` or `@skip` may leave out is optional, and so is a sub-selection that only some of its
///   field's occurrences make (`@include(if: $a)` on one, `@include(if: $b)` on another). A fragment spread that
///   may be left out is `fragments.x: X?`, present when the object holds its fields.
/// - Encoding writes one JSON object per response object: fields, fragments and views merged deeply.
/// - A `@oneOf` input object is an enum; client-only directives (``CodegenConfiguration/clientDirectives``) are
///   removed from the documents sent.
/// - `@defer` (on a fragment spread or an inline fragment, unless `if: false`) makes what it defers optional, as
///   `@include` does: a deferred spread is `fragments.x: X?`, and a deferred inline fragment is a view named by its
///   label (`fragments.deferredDog: DeferredDog?`, the enclosing fields and the fragment's), `nil` until the fields
///   only it selects arrive; `@stream` leaves the list's type as it is (it grows as items arrive). Both
///   stay in the document sent.
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
