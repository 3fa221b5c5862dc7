/// The result of a comparison, in the documented JSON shape of `graphql-bridge compare --format json`:
///
/// ```json
/// {
///   "summary": {"compared": 0, "lists": 0, "matched": 0, "mismatched": 0, "failed": 0},
///   "models": [{"model": "GameInfo", "compared": 0, "lists": 0, "matched": 0, "mismatched": 0, "failed": 0}],
///   "mismatches": [{"model": "GameInfo", "id": "6x45", "field": "lastDraw.prizePool",
///                   "rest": "5000000", "graphql": "4000000"}],
///   "failures": [{"model": "DrawInfo", "id": "6x45-12", "api": "rest", "error": "..."}],
///   "warnings": [{"model": "DrawInfo", "id": "ruslotto-1659", "message": "..."}],
///   "ignored": [{"pattern": "**.videoURL", "hidden": 3}],
///   "latency": {"rest": {"p50_ms": 0, "p95_ms": 0}, "graphql": {"p50_ms": 0, "p95_ms": 0}},
///   "bytes": {"rest": 0, "graphql": 0},
///   "writeChecks": [{"api": "rest", "game": "6x45", "previous": false, "favorite": true, "answer": true,
///                    "rest": true, "graphql": true, "restoredRest": false, "restoredGraphql": false,
///                    "restored": true, "passed": true}]
/// }
/// ```
///
/// `writeChecks` is there only with `--check-writes` (see ``WriteCheck``): one entry per API written
/// through; `error` is added when something failed.
///
/// `compared` counts every entity and list the run tried (`matched + mismatched + failed`); `lists`
/// says how many of them are list queries compared as lists (their id is the query, such as
/// `games(activeOnly: true)` or `draws(gameId: "6x45", last: 10)`, and their fields are list paths
/// such as `games[3].title`). An entity with several differing fields is one `mismatched` entity and
/// one `mismatches` entry per field. A model asked for of which nothing was compared is a failure
/// with the id `(nothing compared)`.
public struct ComparisonReport: Sendable, Hashable, Codable {
    /// Entity counts.
    public struct Counts: Sendable, Hashable, Codable {
        /// Entities and lists tried: matched + mismatched + failed.
        public var compared = 0
        /// How many of them are lists compared as lists.
        public var lists = 0
        /// Entities equal through both APIs.
        public var matched = 0
        /// Entities fetched through both APIs that differ in at least one field.
        public var mismatched = 0
        /// Entities that could not be fetched through one of the APIs.
        public var failed = 0

        /// Zero counts.
        public init() {}
    }

    /// The counts of one model.
    public struct ModelCounts: Sendable, Hashable, Codable {
        /// `GameInfo`, `DrawInfo` or `ImageInfo`.
        public var model: ComparedModel
        /// Entities and lists tried.
        public var compared: Int
        /// How many of them are lists compared as lists.
        public var lists: Int
        /// Entities equal through both APIs.
        public var matched: Int
        /// Entities that differ.
        public var mismatched: Int
        /// Entities that could not be fetched.
        public var failed: Int
    }

    /// One differing field of one entity.
    public struct Mismatch: Sendable, Hashable, Codable {
        /// The legacy model.
        public var model: ComparedModel
        /// The entity's id (`game_id`, `draw_id`, `image_id`).
        public var id: String
        /// The legacy model's property path of the differing leaf (`lastDraw.prizePool`).
        public var field: String
        /// The value through REST, as text.
        public var rest: String
        /// The value through GraphQL, as text.
        public var graphql: String
    }

    /// An entity that could not be fetched through one API.
    public struct Failure: Sendable, Hashable, Codable {
        /// The legacy model.
        public var model: ComparedModel
        /// The entity's id.
        public var id: String
        /// The API that failed.
        public var api: ComparedAPI
        /// Why, in words.
        public var error: String
    }

    /// Something to know that is not a failure: a GraphQL field error that came with partial data.
    public struct Warning: Sendable, Hashable, Codable {
        /// The legacy model.
        public var model: ComparedModel
        /// The entity's id.
        public var id: String
        /// The message, with the error's path.
        public var message: String
    }

    /// An ignore pattern the run used, and how many differences it hid.
    public struct IgnoreRule: Sendable, Hashable, Codable {
        /// The pattern as given (`--ignore`).
        public var pattern: String
        /// How many differing fields it hid (each counted for the first pattern that matched it).
        public var hidden: Int
    }

    /// Latency percentiles of one API, in milliseconds.
    public struct Percentiles: Sendable, Hashable, Codable {
        /// The median.
        public var p50Milliseconds: Double
        /// The 95th percentile.
        public var p95Milliseconds: Double

        enum CodingKeys: String, CodingKey {
            case p50Milliseconds = "p50_ms"
            case p95Milliseconds = "p95_ms"
        }
    }

    /// A figure per API.
    public struct PerAPI<Value: Sendable & Hashable & Codable>: Sendable, Hashable, Codable {
        /// The REST figure.
        public var rest: Value
        /// The GraphQL figure.
        public var graphql: Value
    }

    /// The totals.
    public var summary: Counts
    /// The counts per model, in the order GameInfo, DrawInfo, ImageInfo.
    public var models: [ModelCounts]
    /// Every differing field.
    public var mismatches: [Mismatch]
    /// Every entity that could not be fetched.
    public var failures: [Failure]
    /// GraphQL field errors that came with data.
    public var warnings: [Warning]
    /// Every ignore pattern used, in the order given, with how many differences it hid.
    public var ignored: [IgnoreRule]
    /// Request latency per API.
    public var latency: PerAPI<Percentiles>
    /// Response bytes per API.
    public var bytes: PerAPI<Int>
    /// The write checks (`--check-writes`), REST's then GraphQL's; `nil` (and absent from the JSON) when writes
    /// were not checked.
    public var writeChecks: [WriteCheck]? = nil

    /// The id of the failure reported for a model of which nothing was compared.
    public static let nothingComparedID = "(nothing compared)"

    /// The exit status of `graphql-bridge compare`: 0 all matched (and every write check passed), 1 a
    /// mismatch (or a write read back wrong), 2 a failure (or a write check whose requests failed or whose
    /// previous state could not be restored).
    public var exitStatus: Int32 {
        let checks = writeChecks ?? []
        if summary.failed > 0 || checks.contains(where: \.isFailure) { return 2 }
        if summary.mismatched > 0 || checks.contains(where: { !$0.passed }) { return 1 }
        return 0
    }
}
