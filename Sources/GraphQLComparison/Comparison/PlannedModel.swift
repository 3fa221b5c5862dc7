import GraphQLMigration

/// A model of a plan: its name and how to get its entities.
struct PlannedModel: Sendable {
    /// The model's name.
    let name: String
    /// Asks the app for the ids and makes the entities.
    let jobs: @Sendable () async throws -> PlannedJobs
}
