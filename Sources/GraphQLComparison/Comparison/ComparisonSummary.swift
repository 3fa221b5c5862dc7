import GraphQLMigration

/// What a comparison run found, in totals that do not grow with the number of entities (the entities themselves are
/// streamed to the report as ``ComparisonOutcome``s).
public struct ComparisonSummary: Sendable, Hashable {
    /// Entity and list counts.
    public struct Counts: Sendable, Hashable {
        /// Entities and lists tried: matched + mismatched + failed.
        public var compared = 0
        /// How many of them are lists compared as lists.
        public var lists = 0
        /// Equal through both APIs (unstable fields aside).
        public var matched = 0
        /// Read through both APIs, with at least one field that differs while both REST reads agree on it.
        public var mismatched = 0
        /// Could not be read through one of the APIs.
        public var failed = 0
        /// How many had at least one unstable field (their two REST reads differed); counted in the three above too.
        public var unstable = 0

        /// Zero counts.
        public init() {}
    }

    /// The counts of one model.
    public struct ModelCounts: Sendable, Hashable {
        /// The model's name.
        public var model: String
        /// Its counts.
        public var counts: Counts

        /// Creates a model's counts.
        public init(model: String, counts: Counts) {
            self.model = model
            self.counts = counts
        }
    }

    /// A field whose two REST reads differed in some entities: noise, not a mismatch.
    public struct UnstableField: Sendable, Hashable {
        /// The model.
        public var model: String
        /// The field path, with array indices as `[*]` (`nextDraw.ticketsSold`, `games[*].title`).
        public var field: String
        /// In how many entities (or lists) it was unstable.
        public var count: Int
        /// How many entities (or lists) of the model were read through both APIs.
        public var of: Int
        /// Whether the path is a list's.
        public var isList: Bool
        /// The first entity it was seen in, with its two REST values.
        public var example: Example

        /// Where an unstable field was first seen.
        public struct Example: Sendable, Hashable {
            /// The entity's id or the list's name.
            public var id: String
            /// The value in the first REST read.
            public var first: String
            /// The value in the second REST read.
            public var second: String
        }
    }

    /// How many mismatches one field path had (array indices as `[*]`), for the chart.
    public struct FieldCount: Sendable, Hashable {
        /// The model.
        public var model: String
        /// The field path.
        public var field: String
        /// How many entities or lists had a mismatch there.
        public var count: Int
    }

    /// An ignore pattern the run used.
    public struct IgnoreUse: Sendable, Hashable {
        /// The pattern as given.
        public var pattern: String
        /// How many differing fields it hid (each counted for the first pattern that matched it).
        public var hidden: Int
        /// Set when the pattern matched no path of the values compared: names the closest paths.
        public var warning: String?
    }

    /// A rule (tolerance, unordered) the run used.
    public struct RuleUse: Sendable, Hashable {
        /// The rule.
        public var rule: FieldDiffRule
        /// How many differences it absorbed.
        public var absorbed: Int
        /// Set when the rule's pattern matched no path of the values compared: names the closest paths.
        public var warning: String?
    }

    /// Read durations of one API.
    public struct Latency: Sendable, Hashable {
        /// How many reads.
        public var reads: Int
        /// The median, in milliseconds.
        public var p50Milliseconds: Double
        /// The 95th percentile, in milliseconds.
        public var p95Milliseconds: Double
        /// The longest read, in milliseconds.
        public var maxMilliseconds: Double
        /// The distribution: each bin's upper bound in milliseconds (logarithmic bins) and its count.
        public var distribution: [Bin]

        /// One bin of the distribution.
        public struct Bin: Sendable, Hashable {
            /// The bin's upper bound, in milliseconds.
            public var upToMilliseconds: Double
            /// How many reads fell in it.
            public var count: Int
        }
    }

    /// What one API cost.
    public struct APIFigures: Sendable, Hashable {
        /// Read durations (a read is one call of the plan's closure: requests, decoding, adapter).
        public var latency: Latency
        /// Response bytes the app's transports reported (see ``ComparisonContext``).
        public var bytes: Int
        /// Responses the app's transports reported.
        public var responses: Int
    }

    /// What the noise check (reading REST again after GraphQL) cost.
    public struct NoiseCheck: Sendable, Hashable {
        /// Whether it ran (off with `--no-noise-check`).
        public var enabled: Bool
        /// The REST reads it added.
        public var addedReads: Int
        /// The REST responses it added, as the transport reported them.
        public var addedResponses: Int
        /// The REST bytes it added.
        public var addedBytes: Int
    }

    /// The totals.
    public var counts = Counts()
    /// The counts per model, in the plan's order (only the models asked for).
    public var models: [ModelCounts] = []
    /// The unstable fields, by model (in the plan's order), then by count, most first.
    public var unstable: [UnstableField] = []
    /// Mismatches per field path, most first.
    public var mismatchedFields: [FieldCount] = []
    /// The ignore patterns used, in the order given.
    public var ignored: [IgnoreUse] = []
    /// The rules used, in the order given.
    public var rules: [RuleUse] = []
    /// REST's figures.
    public var rest = APIFigures(
        latency: Latency(reads: 0, p50Milliseconds: 0, p95Milliseconds: 0, maxMilliseconds: 0, distribution: []),
        bytes: 0, responses: 0)
    /// GraphQL's figures.
    public var graphql = APIFigures(
        latency: Latency(reads: 0, p50Milliseconds: 0, p95Milliseconds: 0, maxMilliseconds: 0, distribution: []),
        bytes: 0, responses: 0)
    /// The noise check.
    public var noiseCheck = NoiseCheck(enabled: true, addedReads: 0, addedResponses: 0, addedBytes: 0)
    /// Whether unstable fields fail the run (`--strict`).
    public var strict = false
    /// The write checks (`--check-writes`); `nil` when writes were not checked.
    public var writeChecks: [ComparisonWriteCheck]?
    /// Notes about the run itself (a recording that failed, how many files were recorded).
    public var notes: [String] = []

    /// Creates an empty summary.
    public init() {}

    /// The figures of one API.
    public func figures(_ api: ComparisonAPI) -> APIFigures {
        api == .rest ? rest : graphql
    }

    /// How many unstable fields there were (entities and lists, all fields).
    public var unstableFieldCount: Int { unstable.reduce(0) { $0 + $1.count } }

    /// The exit status: 0 every entity and list matched (and every write check passed); 1 a mismatch, a write read
    /// back wrong, or (with `--strict`) an unstable field; 2 an entity or list that could not be read, a model of
    /// which nothing was compared, or a write check whose requests failed or that could not restore the state.
    public var exitStatus: Int32 {
        let checks = writeChecks ?? []
        if counts.failed > 0 || checks.contains(where: \.isFailure) { return 2 }
        if counts.mismatched > 0 || checks.contains(where: { !$0.passed }) { return 1 }
        if strict && !unstable.isEmpty { return 1 }
        return 0
    }
}
