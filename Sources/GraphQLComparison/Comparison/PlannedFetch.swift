import GraphQLMigration

/// One entity or list of a plan, ready to be fetched through both APIs and compared.
struct PlannedFetch: Sendable {
    /// The model's name.
    let model: String
    /// The entity's id or the list's name, as text.
    let id: String
    /// Whether it is a list compared as a list.
    let isList: Bool
    /// For a list, its name in paths (`games`).
    let listPath: String?
    /// The plan's options for it.
    let options: FieldDiffOptions
    /// Reads it through REST.
    let rest: @Sendable () async throws -> any Sendable
    /// Reads it through GraphQL.
    let graphQL: @Sendable () async throws -> any Sendable
    /// Compares two values read (REST's on the left).
    let compare: @Sendable (any Sendable, any Sendable, FieldDiffOptions) -> FieldDiffResult
    /// The values whose paths are the model's paths: the entity, or the list's elements.
    let paths: @Sendable (any Sendable) -> [Any]
}
