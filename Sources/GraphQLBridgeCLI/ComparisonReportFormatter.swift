import Foundation
import LotteryCompare

/// Renders a ``ComparisonReport`` as text for people or as the documented JSON.
public enum ComparisonReportFormatter {
    /// The JSON shape documented in the README: pretty-printed, keys sorted, so that runs diff cleanly.
    public static func json(_ report: ComparisonReport) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return String(decoding: try encoder.encode(report), as: UTF8.self) + "\n"
    }

    /// A summary table per model, then each mismatch, failure and warning.
    public static func text(_ report: ComparisonReport, restURL: URL, graphQLURL: URL) -> String {
        var lines: [String] = []
        lines.append("REST:    \(restURL.absoluteString)")
        lines.append("GraphQL: \(graphQLURL.absoluteString)")
        lines.append("")
        let header = ["model", "compared", "of which lists", "matched", "mismatched", "failed"]
        var rows = report.models.map {
            [
                $0.model.rawValue, "\($0.compared)", "\($0.lists)", "\($0.matched)", "\($0.mismatched)",
                "\($0.failed)",
            ]
        }
        let summary = report.summary
        rows.append([
            "total", "\(summary.compared)", "\(summary.lists)", "\(summary.matched)", "\(summary.mismatched)",
            "\(summary.failed)",
        ])
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
        lines.append(line(header))
        lines.append(widths.map { String(repeating: "-", count: $0) }.joined(separator: "  "))
        for row in rows.dropLast() { lines.append(line(row)) }
        lines.append(widths.map { String(repeating: "-", count: $0) }.joined(separator: "  "))
        lines.append(line(rows[rows.count - 1]))
        lines.append("")
        let latency = report.latency
        lines.append(
            "Latency p50/p95: REST \(format(latency.rest.p50Milliseconds))/\(format(latency.rest.p95Milliseconds)) ms, "
                + "GraphQL \(format(latency.graphql.p50Milliseconds))/\(format(latency.graphql.p95Milliseconds)) ms")
        lines.append("Bytes received: REST \(report.bytes.rest), GraphQL \(report.bytes.graphql)")
        if report.ignored.isEmpty {
            lines.append("Ignore patterns: none")
        } else {
            lines.append("Ignore patterns (differences hidden):")
            for rule in report.ignored {
                lines.append("  \(rule.pattern): \(rule.hidden) hidden")
            }
        }

        if !report.mismatches.isEmpty {
            lines.append("")
            lines.append("Mismatches (\(report.mismatches.count)):")
            for mismatch in report.mismatches {
                lines.append("  \(mismatch.model.rawValue) \(mismatch.id)  \(mismatch.field)")
                lines.append("      REST:    \(mismatch.rest)")
                lines.append("      GraphQL: \(mismatch.graphql)")
            }
        }
        if !report.failures.isEmpty {
            lines.append("")
            lines.append("Failures (\(report.failures.count)):")
            for failure in report.failures {
                lines.append("  \(failure.model.rawValue) \(failure.id) [\(failure.api.rawValue)]: \(failure.error)")
            }
        }
        if !report.warnings.isEmpty {
            lines.append("")
            lines.append("Warnings (\(report.warnings.count)):")
            for warning in report.warnings {
                lines.append("  \(warning.model.rawValue) \(warning.id): \(warning.message)")
            }
        }
        if let checks = report.writeChecks {
            lines.append("")
            lines.append("Write checks (\(checks.filter(\.passed).count) of \(checks.count) passed):")
            for check in checks {
                lines.append(
                    "  \(check.passed ? "ok  " : "FAIL") set favourite of \(check.game) to \(check.favorite) through "
                        + "\(check.api == .rest ? "REST" : "GraphQL"): answer \(describe(check.answer)), "
                        + "read back REST \(describe(check.rest)), GraphQL \(describe(check.graphql)); "
                        + "wrote back \(describe(check.previous)): REST \(describe(check.restoredRest)), "
                        + "GraphQL \(describe(check.restoredGraphql))"
                        + (check.restored ? "" : "; previous state NOT restored"))
                if let error = check.error { lines.append("      \(error)") }
            }
        }
        lines.append("")
        let empty = report.failures.filter { $0.id == ComparisonReport.nothingComparedID }.map(\.model.rawValue)
        let hidden = report.ignored.reduce(0) { $0 + $1.hidden }
        switch report.exitStatus {
        case 0:
            lines.append(
                "Result: all \(summary.compared) entities and lists match"
                    + (hidden > 0 ? " (\(hidden) differences hidden by ignore patterns)" : "")
                    + (report.writeChecks.map { "; all \($0.count) write checks passed." } ?? "."))
        case _ where summary.failed == 0 && summary.mismatched == 0:
            let failed = (report.writeChecks ?? []).filter { !$0.passed }.count
            lines.append("Result: all \(summary.compared) entities and lists match, but \(failed) write checks failed.")
        case _ where !empty.isEmpty:
            var seen: Set<String> = []
            let models = empty.filter { seen.insert($0).inserted }.joined(separator: ", ")
            lines.append(
                "Result: nothing to compare for \(models): both APIs returned none. Check the URLs and the token.")
        case 1:
            lines.append(
                "Result: \(summary.mismatched) of \(summary.compared) entities and lists differ "
                    + "(\(report.mismatches.count) fields).")
        default:
            lines.append(
                "Result: \(summary.failed) of \(summary.compared) entities could not be fetched through both APIs"
                    + (summary.mismatched > 0 ? "; \(summary.mismatched) differ." : "."))
        }
        return lines.joined(separator: "\n") + "\n"
    }

    private static func describe(_ value: Bool?) -> String {
        value.map { String($0) } ?? "none (failed)"
    }

    private static func format(_ milliseconds: Double) -> String {
        String(format: "%.1f", milliseconds)
    }
}
