import GraphQLMigration

/// A write a plan checks through both APIs.
struct PlannedWrite: Sendable {
    /// What is written.
    let name: String
    /// The model it belongs to.
    let model: String
    /// The JSON report's key for the target.
    let targetKey: String
    /// The JSON report's key for the value written.
    let valueKey: String
    /// Why `--check-writes` does not run it (a create the plan cannot undo), for the report's notes; `nil` when it
    /// runs.
    let skipReason: String?
    /// Runs the check through REST, then through GraphQL.
    let run: @Sendable () async -> [ComparisonWriteCheck]
}
