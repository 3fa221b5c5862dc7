import GraphQLMigration

/// Adds up the outcomes of a run as they come, in memory that does not grow with their number (per model and per
/// field path only, field paths with their indices as `[*]` and bounded in number).
struct ComparisonTally {
    static let maximumFields = 2_000

    private(set) var counts = ComparisonSummary.Counts()
    private(set) var perModel: [String: ComparisonSummary.Counts] = [:]
    /// Entities (and lists) of each model read through both APIs: what unstable counts are out of.
    private var readThroughBoth: [String: (entities: Int, lists: Int)] = [:]
    private var unstable: [FieldKey: (count: Int, example: ComparisonSummary.UnstableField.Example)] = [:]
    private var mismatchedFields: [FieldKey: Int] = [:]
    private var hidden: [String: Int] = [:]
    private var absorbed: [String: Int] = [:]
    /// Non-list entities compared per model (for "nothing compared").
    private(set) var entities: [String: Int] = [:]

    struct FieldKey: Hashable {
        var model: String
        var field: String
        var isList: Bool
    }

    mutating func add(_ outcome: ComparisonOutcome) {
        var modelCounts = perModel[outcome.model] ?? ComparisonSummary.Counts()
        func count(_ update: (inout ComparisonSummary.Counts) -> Void) {
            update(&counts)
            update(&modelCounts)
        }
        count { $0.compared += 1 }
        if outcome.isList { count { $0.lists += 1 } } else { entities[outcome.model, default: 0] += 1 }
        switch outcome.status {
        case .matched: count { $0.matched += 1 }
        case .mismatched: count { $0.mismatched += 1 }
        case .failed: count { $0.failed += 1 }
        }
        if !outcome.unstable.isEmpty { count { $0.unstable += 1 } }
        perModel[outcome.model] = modelCounts
        if outcome.status != .failed {
            var read = readThroughBoth[outcome.model] ?? (0, 0)
            if outcome.isList { read.lists += 1 } else { read.entities += 1 }
            readThroughBoth[outcome.model] = read
        }
        var seenUnstable: Set<String> = []
        for field in outcome.unstable {
            let shape = FieldPathCatalog.shape(of: field.path)
            guard seenUnstable.insert(shape).inserted else { continue }
            let key = FieldKey(model: outcome.model, field: shape, isList: outcome.isList)
            if let existing = unstable[key] {
                unstable[key] = (existing.count + 1, existing.example)
            } else if unstable.count < Self.maximumFields {
                unstable[key] = (1, .init(id: outcome.id, first: field.lhs, second: field.rhs))
            }
        }
        var seenMismatch: Set<String> = []
        for field in outcome.mismatches {
            let shape = FieldPathCatalog.shape(of: field.path)
            guard seenMismatch.insert(shape).inserted else { continue }
            let key = FieldKey(model: outcome.model, field: shape, isList: outcome.isList)
            if mismatchedFields[key] != nil || mismatchedFields.count < Self.maximumFields {
                mismatchedFields[key, default: 0] += 1
            }
        }
        for (pattern, number) in outcome.hidden { hidden[pattern, default: 0] += number }
        for (rule, number) in outcome.absorbed { absorbed[rule, default: 0] += number }
    }

    /// The summary of what was added, for the models asked for (in `models`' order).
    func summary(
        models: [String], options: FieldDiffOptions, patternWarnings: [Int: String], metrics: ComparisonMetrics.State,
        noiseCheck: Bool, strict: Bool
    ) -> ComparisonSummary {
        var summary = ComparisonSummary()
        summary.counts = counts
        summary.models = models.map { ComparisonSummary.ModelCounts(model: $0, counts: perModel[$0] ?? .init()) }
        let order = Dictionary(models.enumerated().map { ($1, $0) }, uniquingKeysWith: { first, _ in first })
        summary.unstable = unstable.map { key, value in
            let read = readThroughBoth[key.model] ?? (0, 0)
            return ComparisonSummary.UnstableField(
                model: key.model, field: key.field, count: value.count, of: key.isList ? read.lists : read.entities,
                isList: key.isList, example: value.example)
        }.sorted {
            (order[$0.model] ?? 0, $0.isList ? 1 : 0, -$0.count, $0.field)
                < (order[$1.model] ?? 0, $1.isList ? 1 : 0, -$1.count, $1.field)
        }
        summary.mismatchedFields = mismatchedFields.map { key, count in
            ComparisonSummary.FieldCount(model: key.model, field: key.field, count: count)
        }.sorted { (-$0.count, order[$0.model] ?? 0, $0.field) < (-$1.count, order[$1.model] ?? 0, $1.field) }
        summary.ignored = options.ignoring.enumerated().map { index, pattern in
            ComparisonSummary.IgnoreUse(
                pattern: pattern.pattern, hidden: hidden[pattern.pattern] ?? 0, warning: patternWarnings[index])
        }
        summary.rules = options.rules.enumerated().map { index, rule in
            ComparisonSummary.RuleUse(
                rule: rule, absorbed: absorbed[rule.description] ?? 0,
                warning: patternWarnings[options.ignoring.count + index])
        }
        summary.rest = Self.figures(metrics.rest)
        summary.graphql = Self.figures(metrics.graphQL)
        summary.noiseCheck = ComparisonSummary.NoiseCheck(
            enabled: noiseCheck, addedReads: metrics.noiseReads, addedResponses: metrics.noiseResponses,
            addedBytes: metrics.noiseBytes)
        summary.strict = strict
        return summary
    }

    private static func figures(_ api: ComparisonMetrics.PerAPI) -> ComparisonSummary.APIFigures {
        func milliseconds(_ seconds: Double) -> Double { (seconds * 1_000_000).rounded() / 1000 }
        let histogram = api.latency
        return ComparisonSummary.APIFigures(
            latency: ComparisonSummary.Latency(
                reads: histogram.count, p50Milliseconds: milliseconds(histogram.quantile(0.5)),
                p95Milliseconds: milliseconds(histogram.quantile(0.95)),
                maxMilliseconds: milliseconds(histogram.maximum),
                distribution: histogram.distribution().map {
                    ComparisonSummary.Latency.Bin(upToMilliseconds: milliseconds($0.upTo), count: $0.count)
                }),
            bytes: api.bytes, responses: api.responses)
    }
}
