import Foundation
import GraphQLMigration

/// The JUnit XML report: a `<testsuite>` per model with a `<testcase>` per entity and list (`classname` the model,
/// `GameInfo.lists` for its lists; `name` the id), a mismatch as a `<failure>` that names each field with both
/// values, a read that failed as an `<error>`; unstable fields in the test case's `<system-out>` (a `<failure>` with
/// `--strict`); the write checks in a suite of their own.
struct JUnitReport {
    let summary: ComparisonSummary
    let outcomes: ComparisonReportFormat.Outcomes
    let writer: ReportWriter

    struct SuiteCounts {
        var tests = 0
        var failures = 0
        var errors = 0
        var seconds = 0.0
    }

    func write() throws {
        // A first pass for each suite's counts, which its opening tag carries.
        var suites: [String: SuiteCounts] = [:]
        try outcomes { outcome in
            var counts = suites[outcome.model] ?? SuiteCounts()
            counts.tests += 1
            counts.seconds += outcome.seconds
            switch kind(of: outcome) {
            case .failure: counts.failures += 1
            case .error: counts.errors += 1
            case .pass: break
            }
            suites[outcome.model] = counts
        }
        let checks = summary.writeChecks ?? []
        var total = SuiteCounts()
        for counts in suites.values {
            total.tests += counts.tests
            total.failures += counts.failures
            total.errors += counts.errors
            total.seconds += counts.seconds
        }
        total.tests += checks.count
        total.failures += checks.filter { !$0.passed && !$0.isFailure }.count
        total.errors += checks.filter(\.isFailure).count

        try writer.line("<?xml version=\"1.0\" encoding=\"UTF-8\"?>")
        try writer.line(
            "<testsuites name=\"REST vs GraphQL comparison\" tests=\"\(total.tests)\" failures=\"\(total.failures)\" "
                + "errors=\"\(total.errors)\" time=\"\(Self.seconds(total.seconds))\">")
        for model in summary.models.map(\.model) {
            let counts = suites[model] ?? SuiteCounts()
            try writer.line(
                "  <testsuite name=\(Self.attribute(model)) tests=\"\(counts.tests)\" failures=\"\(counts.failures)\" "
                    + "errors=\"\(counts.errors)\" skipped=\"0\" time=\"\(Self.seconds(counts.seconds))\">")
            try outcomes { outcome in
                guard outcome.model == model else { return }
                try testCase(outcome)
            }
            try writer.line("  </testsuite>")
        }
        if !checks.isEmpty {
            let failures = checks.filter { !$0.passed && !$0.isFailure }.count
            let errors = checks.filter(\.isFailure).count
            try writer.line(
                "  <testsuite name=\"writes\" tests=\"\(checks.count)\" failures=\"\(failures)\" errors=\"\(errors)\" "
                    + "skipped=\"0\">")
            for check in checks {
                let name =
                    check.isCreate
                    ? "create \(check.name) through \(check.api.displayName)"
                    : "set \(check.name) of \(check.target) through \(check.api.displayName)"
                let text = Self.text(TextReport.describe(check) + (check.error.map { "\n" + $0 } ?? ""))
                try writer.write(
                    "    <testcase classname=\(Self.attribute(check.model + ".writes")) name=\(Self.attribute(name))")
                if check.isFailure {
                    try writer.line(
                        "><error message=\(Self.attribute(check.error ?? "the previous state was not restored")) "
                            + "type=\"write\">\(text)</error></testcase>")
                } else if !check.passed {
                    try writer.line(
                        "><failure message=\"read back differently than written\" type=\"write\">\(text)</failure>"
                            + "</testcase>")
                } else {
                    try writer.line("/>")
                }
            }
            try writer.line("  </testsuite>")
        }
        try writer.line("</testsuites>")
    }

    enum Kind { case pass, failure, error }

    func kind(of outcome: ComparisonOutcome) -> Kind {
        switch outcome.status {
        case .failed: return .error
        case .mismatched: return .failure
        case .matched: return summary.strict && !outcome.unstable.isEmpty ? .failure : .pass
        }
    }

    private func testCase(_ outcome: ComparisonOutcome) throws {
        let classname = outcome.isList ? outcome.model + ".lists" : outcome.model
        try writer.write(
            "    <testcase classname=\(Self.attribute(classname)) name=\(Self.attribute(outcome.id)) "
                + "time=\"\(Self.seconds(outcome.seconds))\"")
        var body = ""
        switch kind(of: outcome) {
        case .error:
            let message = outcome.failures.map { "\($0.api.displayName): \($0.error)" }.joined(separator: "; ")
            body +=
                "<error message=\(Self.attribute(message)) type=\"read\">"
                + Self.text(outcome.failures.map { "\($0.api.displayName): \($0.error)" }.joined(separator: "\n"))
                + "</error>"
        case .failure where outcome.status == .mismatched:
            let count = outcome.mismatches.count
            let message =
                "\(count) field\(count == 1 ? "" : "s") differ: "
                + outcome.mismatches.prefix(5).map(\.path).joined(separator: ", ") + (count > 5 ? ", ..." : "")
            body +=
                "<failure message=\(Self.attribute(message)) type=\"mismatch\">"
                + Self.text(
                    outcome.mismatches.map { "\($0.path)\n  REST:    \($0.lhs)\n  GraphQL: \($0.rhs)" }.joined(
                        separator: "\n"))
                + "</failure>"
        case .failure:
            body +=
                "<failure message=\(Self.attribute("\(outcome.unstable.count) unstable fields (--strict)")) "
                + "type=\"unstable\">"
                + Self.text(outcome.unstable.map { "\($0.path): \($0.lhs) then \($0.rhs)" }.joined(separator: "\n"))
                + "</failure>"
        case .pass:
            break
        }
        var output: [String] = []
        if !outcome.unstable.isEmpty, !(summary.strict && outcome.status == .matched) {
            output.append(
                "unstable (the two REST reads differed): "
                    + outcome.unstable.map { "\($0.path): \($0.lhs) then \($0.rhs)" }.joined(separator: "; "))
        }
        output += outcome.warnings.map { "warning: \($0)" }
        if !output.isEmpty { body += "<system-out>" + Self.text(output.joined(separator: "\n")) + "</system-out>" }
        try writer.line(body.isEmpty ? "/>" : ">" + body + "</testcase>")
    }

    static func seconds(_ value: Double) -> String {
        String(format: "%.3f", value)
    }

    /// A quoted attribute value.
    static func attribute(_ text: String) -> String {
        "\"" + escape(text, attribute: true) + "\""
    }

    /// Element text.
    static func text(_ text: String) -> String {
        escape(text, attribute: false)
    }

    /// Escapes XML's special characters; characters XML 1.0 cannot hold at all (most controls) become U+FFFD.
    static func escape(_ text: String, attribute: Bool) -> String {
        var result = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"" where attribute: result += "&quot;"
            case "\n" where attribute: result += "&#10;"
            case "\t" where attribute: result += "&#9;"
            case "\r": result += "&#13;"
            case "\n", "\t": result.unicodeScalars.append(scalar)
            default:
                let value = scalar.value
                let allowed =
                    (value >= 0x20 && value <= 0xD7FF) || (value >= 0xE000 && value <= 0xFFFD)
                    || (value >= 0x10000 && value <= 0x10FFFF)
                result.unicodeScalars.append(allowed ? scalar : "\u{FFFD}")
            }
        }
        return result
    }
}
