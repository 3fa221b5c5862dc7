import GraphQLMigration

/// What happened to one entity.
struct EntityOutcome: Sendable {
    enum Result: Sendable {
        case matched
        case mismatched([FieldDifference])
        case failed([(api: ComparedAPI, error: String)])
    }

    var model: ComparedModel
    var id: String
    var result: Result
    var warnings: [String] = []
    /// A list query compared as a list (its id is the query), not an entity.
    var isList = false
    /// The differences that ignore patterns hid.
    var ignored: [IgnoredFieldDifference] = []

    /// `3 matched, 1 mismatched` for a progress line.
    static func summary(of outcomes: [EntityOutcome]) -> String {
        var matched = 0
        var mismatched = 0
        var failed = 0
        for outcome in outcomes {
            switch outcome.result {
            case .matched: matched += 1
            case .mismatched: mismatched += 1
            case .failed: failed += 1
            }
        }
        var parts = ["\(matched) matched"]
        if mismatched > 0 { parts.append("\(mismatched) mismatched") }
        if failed > 0 { parts.append("\(failed) failed") }
        return parts.joined(separator: ", ")
    }
}

extension ComparisonReport {
    /// Builds the report from the outcomes, in their order.
    init(
        outcomes: [EntityOutcome], models: Set<ComparedModel>, ignoring: [FieldPathPattern],
        latency: PerAPI<Percentiles>, bytes: PerAPI<Int>
    ) {
        var summary = Counts()
        var perModel: [ComparedModel: Counts] = [:]
        var mismatches: [Mismatch] = []
        var failures: [Failure] = []
        var warnings: [Warning] = []
        var hiddenCounts: [String: Int] = [:]
        for outcome in outcomes {
            var counts = perModel[outcome.model] ?? Counts()
            counts.compared += 1
            summary.compared += 1
            if outcome.isList {
                counts.lists += 1
                summary.lists += 1
            }
            for hidden in outcome.ignored { hiddenCounts[hidden.pattern.pattern, default: 0] += 1 }
            switch outcome.result {
            case .matched:
                counts.matched += 1
                summary.matched += 1
            case .mismatched(let differences):
                counts.mismatched += 1
                summary.mismatched += 1
                mismatches += differences.map {
                    Mismatch(model: outcome.model, id: outcome.id, field: $0.path, rest: $0.lhs, graphql: $0.rhs)
                }
            case .failed(let apiFailures):
                counts.failed += 1
                summary.failed += 1
                failures += apiFailures.map {
                    Failure(model: outcome.model, id: outcome.id, api: $0.api, error: $0.error)
                }
            }
            warnings += outcome.warnings.map { Warning(model: outcome.model, id: outcome.id, message: $0) }
            perModel[outcome.model] = counts
        }
        self.init(
            summary: summary,
            models: ComparedModel.allCases.filter(models.contains).map { model in
                let counts = perModel[model] ?? Counts()
                return ModelCounts(
                    model: model, compared: counts.compared, lists: counts.lists, matched: counts.matched,
                    mismatched: counts.mismatched, failed: counts.failed)
            },
            mismatches: mismatches, failures: failures, warnings: warnings,
            ignored: ignoring.map { IgnoreRule(pattern: $0.pattern, hidden: hiddenCounts[$0.pattern] ?? 0) },
            latency: latency, bytes: bytes)
    }
}
