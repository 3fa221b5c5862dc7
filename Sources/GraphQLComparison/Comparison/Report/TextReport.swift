import Foundation
import GraphQLMigration

/// The text report: a summary table per model, the costs, the rules, the unstable fields, then each mismatch,
/// failure and warning, the write checks and the result.
struct TextReport {
    let summary: ComparisonSummary
    let outcomes: ComparisonReportFormat.Outcomes
    let header: [String]
    let writer: ReportWriter

    func write() throws {
        for line in header { try writer.line(line) }
        if !header.isEmpty { try writer.line() }
        try table()
        try writer.line()
        let rest = summary.rest.latency
        let graphQL = summary.graphql.latency
        try writer.line(
            "Latency p50/p95/max: REST \(ms(rest.p50Milliseconds))/\(ms(rest.p95Milliseconds))/"
                + "\(ms(rest.maxMilliseconds)) ms, GraphQL \(ms(graphQL.p50Milliseconds))/"
                + "\(ms(graphQL.p95Milliseconds))/\(ms(graphQL.maxMilliseconds)) ms (per read)")
        try writer.line("Bytes received: REST \(summary.rest.bytes), GraphQL \(summary.graphql.bytes)")
        let noise = summary.noiseCheck
        if noise.enabled {
            try writer.line(
                "Noise check: REST read again after GraphQL; it added \(noise.addedReads) REST reads "
                    + "(\(noise.addedResponses) requests, \(noise.addedBytes) bytes)")
        } else {
            try writer.line("Noise check: off (--no-noise-check): every difference counts")
        }
        if summary.ignored.isEmpty {
            try writer.line("Ignore patterns: none")
        } else {
            try writer.line("Ignore patterns (differences hidden):")
            for rule in summary.ignored {
                try writer.line("  \(rule.pattern): \(rule.hidden) hidden")
            }
        }
        if !summary.rules.isEmpty {
            try writer.line("Rules (differences absorbed):")
            for rule in summary.rules {
                try writer.line("  \(rule.rule): \(rule.absorbed) absorbed")
            }
        }
        let patternWarnings = summary.ignored.compactMap(\.warning) + summary.rules.compactMap(\.warning)
        for warning in patternWarnings { try writer.line("Warning: \(warning)") }

        if !summary.unstable.isEmpty {
            try writer.line()
            try writer.line(
                "Unstable fields (\(summary.unstableFieldCount); the two REST reads differed, so they are noise, "
                    + (summary.strict ? "counted by --strict):" : "not mismatches):"))
            for field in summary.unstable {
                let what = field.isList ? "lists" : "entities"
                try writer.line(
                    "  \(field.model) \(field.field): unstable in \(field.count) of \(field.of) \(what) "
                        + "(\(field.example.id): \(field.example.first) then \(field.example.second))")
            }
        }

        var mismatchCount = 0
        var failureCount = 0
        var warningCount = 0
        try outcomes { outcome in
            mismatchCount += outcome.mismatches.count
            failureCount += outcome.failures.count
            warningCount += outcome.warnings.count
        }
        if mismatchCount > 0 {
            try writer.line()
            try writer.line("Mismatches (\(mismatchCount)):")
            try outcomes { outcome in
                for mismatch in outcome.mismatches {
                    try writer.line("  \(outcome.model) \(outcome.id)  \(mismatch.path)")
                    try writer.line("      REST:    \(mismatch.lhs)")
                    try writer.line("      GraphQL: \(mismatch.rhs)")
                }
            }
        }
        if failureCount > 0 {
            try writer.line()
            try writer.line("Failures (\(failureCount)):")
            try outcomes { outcome in
                for failure in outcome.failures {
                    try writer.line("  \(outcome.model) \(outcome.id) [\(failure.api.rawValue)]: \(failure.error)")
                }
            }
        }
        if warningCount > 0 {
            try writer.line()
            try writer.line("Warnings (\(warningCount)):")
            try outcomes { outcome in
                for warning in outcome.warnings {
                    try writer.line("  \(outcome.model) \(outcome.id): \(warning)")
                }
            }
        }
        if let checks = summary.writeChecks {
            try writer.line()
            try writer.line("Write checks (\(checks.filter(\.passed).count) of \(checks.count) passed):")
            for check in checks {
                try writer.line(Self.describe(check))
                if let error = check.error { try writer.line("      \(error)") }
            }
        }
        if !summary.notes.isEmpty {
            try writer.line()
            for note in summary.notes { try writer.line("Note: \(note)") }
        }
        try writer.line()
        try writer.line(result(mismatchCount: mismatchCount))
    }

    private func table() throws {
        let header = ["model", "compared", "of which lists", "matched", "mismatched", "failed", "with unstable"]
        func cells(_ name: String, _ counts: ComparisonSummary.Counts) -> [String] {
            [
                name, "\(counts.compared)", "\(counts.lists)", "\(counts.matched)", "\(counts.mismatched)",
                "\(counts.failed)", "\(counts.unstable)",
            ]
        }
        let rows = summary.models.map { cells($0.model, $0.counts) } + [cells("total", summary.counts)]
        let widths = header.indices.map { column in
            ([header] + rows).map { $0[column].count }.max() ?? 0
        }
        func line(_ cells: [String]) -> String {
            cells.enumerated().map { column, cell in
                column == 0
                    ? cell.padding(toLength: widths[column], withPad: " ", startingAt: 0)
                    : String(repeating: " ", count: widths[column] - cell.count) + cell
            }.joined(separator: "  ")
        }
        let rule = widths.map { String(repeating: "-", count: $0) }.joined(separator: "  ")
        try writer.line(line(header))
        try writer.line(rule)
        for row in rows.dropLast() { try writer.line(line(row)) }
        try writer.line(rule)
        if let total = rows.last { try writer.line(line(total)) }
    }

    static func describe(_ check: ComparisonWriteCheck) -> String {
        func value(_ value: ComparisonValue?) -> String { value?.text ?? "none (failed)" }
        if check.isCreate {
            return "  \(check.passed ? "ok  " : "FAIL") create \(check.name) \(value(check.written)) "
                + "through \(check.api.displayName) as \(check.target.isEmpty ? "none" : check.target): "
                + "answer \(value(check.answer)), read back REST \(value(check.rest)), GraphQL \(value(check.graphql)); "
                + "deleted: REST \(value(check.restoredRest)), GraphQL \(value(check.restoredGraphql))"
                + (check.restored ? "" : "; NOT deleted")
        }
        return "  \(check.passed ? "ok  " : "FAIL") set \(check.name) of \(check.target) to \(value(check.written)) "
            + "through \(check.api.displayName): answer \(value(check.answer)), "
            + "read back REST \(value(check.rest)), GraphQL \(value(check.graphql)); "
            + "wrote back \(value(check.previous)): REST \(value(check.restoredRest)), "
            + "GraphQL \(value(check.restoredGraphql))"
            + (check.restored ? "" : "; previous state NOT restored")
    }

    private func result(mismatchCount: Int) -> String {
        let counts = summary.counts
        let hidden = summary.ignored.reduce(0) { $0 + $1.hidden }
        let absorbed = summary.rules.reduce(0) { $0 + $1.absorbed }
        let unstable = summary.unstableFieldCount
        var notes: [String] = []
        if hidden > 0 { notes.append("\(hidden) differences hidden by ignore patterns") }
        if absorbed > 0 { notes.append("\(absorbed) absorbed by rules") }
        if unstable > 0 && !summary.strict {
            notes.append("\(unstable) unstable fields not counted")
        }
        let noted = notes.isEmpty ? "" : " (" + notes.joined(separator: ", ") + ")"
        let checks = summary.writeChecks ?? []
        let failedChecks = checks.filter { !$0.passed }.count
        switch summary.exitStatus {
        case 0:
            return "Result: all \(counts.compared) entities and lists match" + noted
                + (summary.writeChecks.map { "; all \($0.count) write checks passed." } ?? ".")
        case 1 where counts.mismatched == 0 && failedChecks > 0:
            return "Result: all \(counts.compared) entities and lists match, but \(failedChecks) write checks failed."
        case 1 where counts.mismatched == 0:
            return "Result: all \(counts.compared) entities and lists match, but \(unstable) fields are unstable "
                + "between the two REST reads (--strict)."
        case 1:
            return "Result: \(counts.mismatched) of \(counts.compared) entities and lists differ "
                + "(\(mismatchCount) fields)" + noted + "."
        default:
            if counts.failed == 0 && counts.mismatched == 0 {
                return
                    "Result: all \(counts.compared) entities and lists match, but \(failedChecks) write checks failed."
            }
            let emptyModels = nothingCompared()
            if !emptyModels.isEmpty {
                return "Result: nothing to compare for \(emptyModels.joined(separator: ", ")): both APIs returned "
                    + "none. Check the URLs and the token."
            }
            return "Result: \(counts.failed) of \(counts.compared) entities could not be fetched through both APIs"
                + (counts.mismatched > 0 ? "; \(counts.mismatched) differ." : ".")
        }
    }

    private func nothingCompared() -> [String] {
        var models: [String] = []
        try? outcomes { outcome in
            if outcome.id == ComparisonOutcome.nothingComparedID, !models.contains(outcome.model) {
                models.append(outcome.model)
            }
        }
        return models
    }

    private func ms(_ milliseconds: Double) -> String {
        String(format: "%.1f", milliseconds)
    }
}
