import GraphQLMigration

/// A whole comparison in memory: the summary and every outcome, in the plan's order. For tests and small runs;
/// ``ComparisonCommand`` streams the outcomes to the report instead of holding them.
public struct ComparisonReport: Sendable, Hashable {
    /// The totals.
    public var summary: ComparisonSummary
    /// Every entity and list, in the order compared (the plan's order).
    public var outcomes: [ComparisonOutcome]

    /// Creates a report.
    public init(summary: ComparisonSummary, outcomes: [ComparisonOutcome]) {
        self.summary = summary
        self.outcomes = outcomes
    }

    /// Every differing field, with its entity.
    public var mismatches: [(outcome: ComparisonOutcome, field: FieldDifference)] {
        outcomes.flatMap { outcome in outcome.mismatches.map { (outcome, $0) } }
    }

    /// The exit status (see ``ComparisonSummary/exitStatus``).
    public var exitStatus: Int32 { summary.exitStatus }

}
