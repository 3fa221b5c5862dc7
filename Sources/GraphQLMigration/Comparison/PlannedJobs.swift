/// The entities (or lists) of one model of a plan, made one at a time so that a run never holds more of them than it
/// is comparing.
struct PlannedJobs: Sendable {
    /// How many there are.
    let count: Int
    /// The one at an index in `0..<count`.
    let make: @Sendable (Int) -> PlannedFetch
}
