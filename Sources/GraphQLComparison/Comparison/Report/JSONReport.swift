import GraphQLMigration

/// The JSON report: the summary's members, and the mismatches, failures and warnings streamed from the outcomes.
/// Keys are sorted at every level, so that runs diff cleanly. The shape is in the README.
struct JSONReport {
    let summary: ComparisonSummary
    let outcomes: ComparisonReportFormat.Outcomes
    let writer: ReportWriter

    func write() throws {
        // Members in key order; the three streamed arrays are written where their keys fall.
        var members: [(key: String, value: String?)] = [
            ("bytes", perAPI { JSONText.number($0.bytes) }),
            ("exitStatus", JSONText.number(Int(summary.exitStatus))),
            ("ignored", JSONText.array(summary.ignored.map(Self.ignore), indent: 2)),
            ("latency", perAPI { Self.latency($0.latency, indent: 4) }),
            (
                "models",
                JSONText.array(summary.models.map { Self.counts($0.counts, model: $0.model, indent: 4) }, indent: 2)
            ),
            ("noiseCheck", noiseCheck()),
            ("notes", JSONText.array(summary.notes.map(JSONText.string), indent: 2)),
            ("responses", perAPI { JSONText.number($0.responses) }),
            ("rules", JSONText.array(summary.rules.map(Self.rule), indent: 2)),
            ("strict", JSONText.bool(summary.strict)),
            ("summary", Self.counts(summary.counts, model: nil, indent: 2)),
            ("unstable", JSONText.array(summary.unstable.map(Self.unstable), indent: 2)),
            ("writeChecks", summary.writeChecks.map { JSONText.array($0.map(Self.writeCheck), indent: 2) }),
        ]
        let streamed = ["failures", "mismatches", "warnings"]
        members += streamed.map { ($0, "") }
        let present = members.filter { $0.value != nil }.sorted { $0.key < $1.key }
        try writer.write("{\n")
        for (index, member) in present.enumerated() {
            try writer.write("  \(JSONText.string(member.key)): ")
            switch member.key {
            case "failures":
                try streamArray { outcome in
                    outcome.failures.map { failure in
                        JSONText.object(
                            [
                                ("api", JSONText.string(failure.api.rawValue)),
                                ("error", JSONText.string(failure.error)),
                                ("id", JSONText.string(outcome.id)), ("model", JSONText.string(outcome.model)),
                            ], indent: 4)
                    }
                }
            case "mismatches":
                try streamArray { outcome in
                    outcome.mismatches.map { mismatch in
                        JSONText.object(
                            [
                                ("field", JSONText.string(mismatch.path)), ("graphql", JSONText.string(mismatch.rhs)),
                                ("id", JSONText.string(outcome.id)), ("model", JSONText.string(outcome.model)),
                                ("rest", JSONText.string(mismatch.lhs)),
                            ], indent: 4)
                    }
                }
            case "warnings":
                try streamArray { outcome in
                    outcome.warnings.map { warning in
                        JSONText.object(
                            [
                                ("id", JSONText.string(outcome.id)), ("message", JSONText.string(warning)),
                                ("model", JSONText.string(outcome.model)),
                            ], indent: 4)
                    }
                }
            default: try writer.write(member.value ?? "null")
            }
            try writer.write(index == present.count - 1 ? "\n" : ",\n")
        }
        try writer.write("}\n")
    }

    /// An array whose items come from each outcome in turn.
    private func streamArray(_ items: @escaping (ComparisonOutcome) -> [String]) throws {
        var first = true
        try outcomes { outcome in
            for item in items(outcome) {
                try writer.write(first ? "[\n    " : ",\n    ")
                try writer.write(item)
                first = false
            }
        }
        try writer.write(first ? "[]" : "\n  ]")
    }

    private func perAPI(_ value: (ComparisonSummary.APIFigures) -> String) -> String {
        JSONText.object([("graphql", value(summary.graphql)), ("rest", value(summary.rest))], indent: 2)
    }

    private func noiseCheck() -> String {
        let noise = summary.noiseCheck
        return JSONText.object(
            [
                ("addedBytes", JSONText.number(noise.addedBytes)), ("addedReads", JSONText.number(noise.addedReads)),
                ("addedResponses", JSONText.number(noise.addedResponses)), ("enabled", JSONText.bool(noise.enabled)),
            ], indent: 2)
    }

    static func counts(_ counts: ComparisonSummary.Counts, model: String?, indent: Int) -> String {
        JSONText.object(
            [
                ("model", model.map(JSONText.string)), ("compared", JSONText.number(counts.compared)),
                ("lists", JSONText.number(counts.lists)), ("matched", JSONText.number(counts.matched)),
                ("mismatched", JSONText.number(counts.mismatched)), ("failed", JSONText.number(counts.failed)),
                ("unstable", JSONText.number(counts.unstable)),
            ], indent: indent)
    }

    static func latency(_ latency: ComparisonSummary.Latency, indent: Int) -> String {
        JSONText.object(
            [
                ("reads", JSONText.number(latency.reads)), ("p50_ms", JSONText.number(latency.p50Milliseconds)),
                ("p95_ms", JSONText.number(latency.p95Milliseconds)),
                ("max_ms", JSONText.number(latency.maxMilliseconds)),
            ], indent: indent)
    }

    static func ignore(_ rule: ComparisonSummary.IgnoreUse) -> String {
        JSONText.object(
            [
                ("pattern", JSONText.string(rule.pattern)), ("hidden", JSONText.number(rule.hidden)),
                ("warning", rule.warning.map(JSONText.string)),
            ], indent: 4)
    }

    static func rule(_ use: ComparisonSummary.RuleUse) -> String {
        var value: String?
        if case .tolerance(let tolerance) = use.rule { value = JSONText.string(tolerance.amountText) }
        return JSONText.object(
            [
                ("rule", JSONText.string(use.rule.kind)), ("pattern", JSONText.string(use.rule.pattern.pattern)),
                ("value", value), ("absorbed", JSONText.number(use.absorbed)),
                ("warning", use.warning.map(JSONText.string)),
            ], indent: 4)
    }

    static func unstable(_ field: ComparisonSummary.UnstableField) -> String {
        JSONText.object(
            [
                ("model", JSONText.string(field.model)), ("field", JSONText.string(field.field)),
                ("count", JSONText.number(field.count)), ("of", JSONText.number(field.of)),
                ("list", JSONText.bool(field.isList)),
                (
                    "example",
                    JSONText.object(
                        [
                            ("id", JSONText.string(field.example.id)), ("first", JSONText.string(field.example.first)),
                            ("second", JSONText.string(field.example.second)),
                        ], indent: 6)
                ),
            ], indent: 4)
    }

    static func writeCheck(_ check: ComparisonWriteCheck) -> String {
        var members: [(key: String, value: String?)] = [
            ("write", JSONText.string(check.name)), ("model", JSONText.string(check.model)),
            ("api", JSONText.string(check.api.rawValue)), ("previous", check.previous?.json),
            ("answer", check.answer?.json), ("rest", check.rest?.json), ("graphql", check.graphql?.json),
            ("restoredRest", check.restoredRest?.json), ("restoredGraphql", check.restoredGraphql?.json),
            ("restored", JSONText.bool(check.restored)), ("passed", JSONText.bool(check.passed)),
            ("error", check.error.map(JSONText.string)),
            ("create", check.isCreate ? JSONText.bool(true) : nil),
        ]
        let reserved = Set(members.map(\.key))
        // The plan's own keys for the target and the value (`game`, `favorite`), unless they clash with the others.
        members.append((reserved.contains(check.targetKey) ? "target" : check.targetKey, JSONText.string(check.target)))
        members.append((reserved.contains(check.valueKey) ? "value" : check.valueKey, check.written?.json))
        return JSONText.object(members, indent: 4)
    }
}
