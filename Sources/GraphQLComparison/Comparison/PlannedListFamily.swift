import GraphQLMigration

/// A list query of a plan, or a family of them (one per key).
struct PlannedListFamily: Sendable {
    /// The model of the elements.
    let model: String
    /// Asks the app for the keys and makes the lists.
    let jobs: @Sendable () async throws -> PlannedJobs
}
