import Foundation
import GraphQLMigration

/// How a comparison runs: which models, how many at once, the noise check, the rules, the writes, the recording.
public struct ComparisonConfiguration: Sendable {
    /// The models to compare (`--models`); `nil` for every model of the plan.
    public var models: Set<String>?
    /// How many entities and lists are compared at once (`--concurrency`); a whole list
    /// (``ComparisonPlan/list(_:model:rest:graphQL:id:path:options:)``) is compared alone.
    public var concurrency: Int
    /// Whether each entity and list is read REST, GraphQL, REST, so that fields whose two REST reads differ are
    /// reported as unstable instead of mismatched (on by default; `--no-noise-check` turns it off).
    public var noiseCheck: Bool
    /// Whether unstable fields fail the run with exit status 1 (`--strict`).
    public var strict: Bool
    /// The command line's ignore patterns, tolerances and unordered paths, applied after the plan's own.
    public var options: FieldDiffOptions
    /// Whether the plan's writes are checked after the reads (`--check-writes`).
    public var checkWrites: Bool
    /// Where the compared reads' response bodies are saved (`--record DIR`; see ``ComparisonFixtures``).
    public var recordDirectory: URL?

    /// Creates a configuration; by default every model, 4 at once, with the noise check, nothing ignored, no writes,
    /// no recording.
    public init(
        models: Set<String>? = nil, concurrency: Int = 4, noiseCheck: Bool = true, strict: Bool = false,
        options: FieldDiffOptions = .init(), checkWrites: Bool = false, recordDirectory: URL? = nil
    ) {
        self.models = models
        self.concurrency = max(1, concurrency)
        self.noiseCheck = noiseCheck
        self.strict = strict
        self.options = options
        self.checkWrites = checkWrites
        self.recordDirectory = recordDirectory
    }
}
