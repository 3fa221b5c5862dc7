import GraphQLMigration

/// What the comparison found for one entity or one list.
public struct ComparisonOutcome: Sendable, Hashable, Codable {
    /// The verdict.
    public enum Status: String, Sendable, Hashable, Codable {
        /// Equal through both APIs (fields whose REST reads differed, the unstable ones, aside).
        case matched
        /// At least one field differs through GraphQL while both REST reads agree on it.
        case mismatched
        /// It could not be read through one of the APIs.
        case failed
    }

    /// A read that failed.
    public struct Failure: Sendable, Hashable, Codable {
        /// The API that failed.
        public var api: ComparisonAPI
        /// Why, in words.
        public var error: String

        /// Creates a failure.
        public init(api: ComparisonAPI, error: String) {
            self.api = api
            self.error = error
        }
    }

    /// The model.
    public var model: String
    /// The entity's id, or the list's name.
    public var id: String
    /// Whether it is a list compared as a list.
    public var isList: Bool
    /// The verdict.
    public var status: Status
    /// The differing fields: `lhs` is REST's value, `rhs` GraphQL's.
    public var mismatches: [FieldDifference]
    /// The fields whose two REST reads differed (`lhs` the first read's value, `rhs` the second's): noise, not
    /// mismatches, whatever GraphQL answered.
    public var unstable: [FieldDifference]
    /// The reads that failed.
    public var failures: [Failure]
    /// Warnings of the reads (GraphQL field errors that came with data, a noise check's read that failed).
    public var warnings: [String]
    /// How many differences each ignore pattern hid, by pattern.
    public var hidden: [String: Int]
    /// How many differences each rule absorbed, by rule (`FieldDiffRule/description`).
    public var absorbed: [String: Int]
    /// The time the reads took, in seconds.
    public var seconds: Double

    /// Creates an outcome.
    public init(
        model: String, id: String, isList: Bool, status: Status, mismatches: [FieldDifference] = [],
        unstable: [FieldDifference] = [], failures: [Failure] = [], warnings: [String] = [],
        hidden: [String: Int] = [:], absorbed: [String: Int] = [:], seconds: Double = 0
    ) {
        self.model = model
        self.id = id
        self.isList = isList
        self.status = status
        self.mismatches = mismatches
        self.unstable = unstable
        self.failures = failures
        self.warnings = warnings
        self.hidden = hidden
        self.absorbed = absorbed
        self.seconds = seconds
    }

    /// The id of the failure reported for a model of which nothing was compared.
    public static let nothingComparedID = "(nothing compared)"
}
