import GraphQLMigration

/// The entities (or lists) of one model of a plan, made one at a time so that a run never holds more of them than it
/// is comparing.
struct PlannedJobs: Sendable {
    /// How many there are.
    let count: Int
    /// Whether each is read and compared with nothing else in progress: a whole list the app asks for (`list(...)`),
    /// whose length grows with the backend, so that a run holds one such list at a time, not one per concurrent read.
    var isAlone = false
    /// The one at an index in `0..<count`.
    let make: @Sendable (Int) -> PlannedFetch
}
