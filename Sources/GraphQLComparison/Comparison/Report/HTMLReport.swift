import Foundation
import GraphQLMigration

/// The HTML report: one self-contained page (inline CSS and SVG, no scripts, nothing fetched) with the result, a
/// summary table, charts (mismatches per field path, read latency per API, bytes per API), the unstable fields, the
/// rules, a section per model with each mismatch's two values side by side, the failures, warnings and write checks.
struct HTMLReport {
    let summary: ComparisonSummary
    let outcomes: ComparisonReportFormat.Outcomes
    let header: [String]
    let writer: ReportWriter

    static let restColor = "#2f6db5"
    static let graphQLColor = "#8a3fb8"
    static let mismatchColor = "#c0392b"
    static let chartFieldLimit = 25

    func write() throws {
        try writer.write(
            """
            <!DOCTYPE html>
            <html lang="en">
            <head>
            <meta charset="utf-8">
            <meta name="viewport" content="width=device-width, initial-scale=1">
            <title>REST vs GraphQL comparison</title>
            <style>\(Self.css)</style>
            </head>
            <body>
            <header>
            <h1>REST vs GraphQL comparison</h1>

            """)
        for line in header { try writer.line("<p class=\"meta\">\(Self.escape(line))</p>") }
        let status = summary.exitStatus
        let resultClass = status == 0 ? "ok" : status == 1 ? "mismatch" : "failed"
        try writer.line(
            "<p id=\"result\" class=\"result \(resultClass)\">\(Self.escape(resultText()))</p>\n</header>\n<main>")
        try summarySection()
        try chartsSection()
        try unstableSection()
        try rulesSection()
        try modelSections()
        try listSection(
            id: "failures", title: "Failures",
            rows: { outcome in outcome.failures.map { [outcome.model, outcome.id, $0.api.displayName, $0.error] } },
            columns: ["model", "entity", "API", "error"])
        try listSection(
            id: "warnings", title: "Warnings",
            rows: { outcome in outcome.warnings.map { [outcome.model, outcome.id, $0] } },
            columns: ["model", "entity", "warning"])
        try writesSection()
        if !summary.notes.isEmpty {
            try writer.line("<section id=\"notes\"><h2>Notes</h2><ul>")
            for note in summary.notes { try writer.line("<li>\(Self.escape(note))</li>") }
            try writer.line("</ul></section>")
        }
        try writer.line("</main>\n<footer>Written by GraphQLMigration's ComparisonCommand.</footer>\n</body>\n</html>")
    }

    // MARK: Sections

    private func summarySection() throws {
        try writer.line("<section id=\"summary\"><h2>Summary</h2>")
        try writer.line(
            "<table class=\"counts\"><thead><tr><th>model</th><th>compared</th><th>of which lists</th>"
                + "<th>matched</th><th>mismatched</th><th>failed</th><th>with unstable fields</th></tr></thead><tbody>")
        func row(_ name: String, _ counts: ComparisonSummary.Counts, total: Bool) -> String {
            let cells = [
                counts.compared, counts.lists, counts.matched, counts.mismatched, counts.failed, counts.unstable,
            ]
            return "<tr\(total ? " class=\"total\"" : "")><th scope=\"row\">\(Self.escape(name))</th>"
                + cells.enumerated().map { index, value in
                    let mark = (index == 3 || index == 4) && value > 0 ? " class=\"bad\"" : ""
                    return "<td\(mark)>\(value)</td>"
                }.joined() + "</tr>"
        }
        for model in summary.models { try writer.line(row(model.model, model.counts, total: false)) }
        try writer.line(row("total", summary.counts, total: true))
        try writer.line("</tbody></table>")
        let noise = summary.noiseCheck
        let noiseText =
            noise.enabled
            ? "Noise check: REST was read again after GraphQL; it added \(noise.addedReads) REST reads "
                + "(\(noise.addedResponses) requests, \(Self.bytes(noise.addedBytes)))."
            : "Noise check: off (--no-noise-check); every difference counts."
        try writer.line("<p>\(Self.escape(noiseText))</p>\n</section>")
    }

    private func chartsSection() throws {
        try writer.line("<section id=\"charts\"><h2>Charts</h2>")
        try writer.line("<figure id=\"chart-mismatches\"><figcaption>Mismatches per field path</figcaption>")
        if summary.mismatchedFields.isEmpty {
            try writer.line("<p class=\"none\">No mismatches.</p>")
        } else {
            let shown = Array(summary.mismatchedFields.prefix(Self.chartFieldLimit))
            try writer.line(
                Self.barChart(
                    rows: shown.map {
                        (label: "\($0.model) \($0.field)", value: Double($0.count), text: "\($0.count)")
                    },
                    color: Self.mismatchColor, label: "mismatches per field path"))
            if summary.mismatchedFields.count > shown.count {
                try writer.line(
                    "<p class=\"none\">and \(summary.mismatchedFields.count - shown.count) more field paths.</p>")
            }
        }
        try writer.line("</figure>")
        try writer.line("<div class=\"pair\">")
        for api in ComparisonAPI.allCases {
            let latency = summary.figures(api).latency
            try writer.line(
                "<figure id=\"chart-latency-\(api.rawValue)\"><figcaption>\(api.displayName) read latency: "
                    + "p50 \(Self.milliseconds(latency.p50Milliseconds)), p95 \(Self.milliseconds(latency.p95Milliseconds)), "
                    + "max \(Self.milliseconds(latency.maxMilliseconds)) (\(latency.reads) reads)</figcaption>")
            try writer.line(Self.histogram(latency, color: api == .rest ? Self.restColor : Self.graphQLColor, api: api))
            try writer.line("</figure>")
        }
        try writer.line("</div>")
        try writer.line("<figure id=\"chart-bytes\"><figcaption>Bytes received per API</figcaption>")
        try writer.line(
            Self.barChart(
                rows: ComparisonAPI.allCases.map { api in
                    let figures = summary.figures(api)
                    return (
                        label: api.displayName, value: Double(figures.bytes),
                        text: "\(Self.bytes(figures.bytes)) in \(figures.responses) responses"
                    )
                }, color: nil, label: "bytes per API"))
        try writer.line("</figure>\n</section>")
    }

    private func unstableSection() throws {
        try writer.line("<section id=\"unstable\"><h2>Unstable fields (\(summary.unstableFieldCount))</h2>")
        try writer.line(
            "<p>Fields whose two REST reads (before and after the GraphQL read) differed: live data, not a fault of "
                + "either API. They are not mismatches"
                + (summary.strict ? ", but --strict counts them." : " (--strict counts them).") + "</p>")
        if summary.unstable.isEmpty {
            try writer.line(
                "<p class=\"none\">\(summary.noiseCheck.enabled ? "None." : "Not checked (--no-noise-check).")</p>")
        } else {
            try writer.line(
                "<table class=\"unstable\"><thead><tr><th>model</th><th>field</th><th>unstable in</th>"
                    + "<th>example</th><th>first REST read</th><th>second REST read</th></tr></thead><tbody>")
            for field in summary.unstable {
                try writer.line(
                    "<tr><td>\(Self.escape(field.model))</td><td class=\"path\">\(Self.escape(field.field))</td>"
                        + "<td>\(field.count) of \(field.of) \(field.isList ? "lists" : "entities")</td>"
                        + "<td>\(Self.escape(field.example.id))</td>"
                        + "<td class=\"value\">\(Self.escape(field.example.first))</td>"
                        + "<td class=\"value\">\(Self.escape(field.example.second))</td></tr>")
            }
            try writer.line("</tbody></table>")
        }
        try writer.line("</section>")
    }

    private func rulesSection() throws {
        try writer.line("<section id=\"rules\"><h2>Ignore patterns and rules</h2>")
        if summary.ignored.isEmpty && summary.rules.isEmpty {
            try writer.line("<p class=\"none\">None: every field is compared exactly.</p></section>")
            return
        }
        try writer.line(
            "<table><thead><tr><th>rule</th><th>differences hidden or absorbed</th><th>warning</th></tr></thead><tbody>"
        )
        for rule in summary.ignored {
            try writer.line(
                "<tr><td class=\"path\">--ignore \(Self.escape(rule.pattern))</td><td>\(rule.hidden)</td>"
                    + "<td class=\"warning\">\(Self.escape(rule.warning ?? ""))</td></tr>")
        }
        for rule in summary.rules {
            try writer.line(
                "<tr><td class=\"path\">\(Self.escape(rule.rule.description))</td><td>\(rule.absorbed)</td>"
                    + "<td class=\"warning\">\(Self.escape(rule.warning ?? ""))</td></tr>")
        }
        try writer.line("</tbody></table></section>")
    }

    private func modelSections() throws {
        try writer.line("<section id=\"mismatches\"><h2>Mismatches</h2>")
        for model in summary.models {
            let counts = model.counts
            try writer.line(
                "<section class=\"model\" id=\"model-\(Self.anchor(model.model))\"><h3>\(Self.escape(model.model))</h3>"
            )
            try writer.line(
                "<p>\(counts.compared) compared (\(counts.lists) lists): \(counts.matched) matched, "
                    + "\(counts.mismatched) mismatched, \(counts.failed) failed.</p>")
            var started = false
            try outcomes { outcome in
                guard outcome.model == model.model else { return }
                for mismatch in outcome.mismatches {
                    if !started {
                        try writer.line(
                            "<table class=\"mismatches\"><thead><tr><th>entity</th><th>field</th><th>REST</th>"
                                + "<th>GraphQL</th></tr></thead><tbody>")
                        started = true
                    }
                    try writer.line(
                        "<tr class=\"mismatch\"><td>\(Self.escape(outcome.id))\(outcome.isList ? " <span class=\"tag\">list</span>" : "")</td>"
                            + "<td class=\"path\">\(Self.escape(mismatch.path))</td>"
                            + "<td class=\"value rest\">\(Self.escape(mismatch.lhs))</td>"
                            + "<td class=\"value graphql\">\(Self.escape(mismatch.rhs))</td></tr>")
                }
            }
            try writer.line(started ? "</tbody></table>" : "<p class=\"none\">No mismatches.</p>")
            try writer.line("</section>")
        }
        try writer.line("</section>")
    }

    private func listSection(
        id: String, title: String, rows: @escaping (ComparisonOutcome) -> [[String]], columns: [String]
    ) throws {
        var started = false
        try outcomes { outcome in
            for row in rows(outcome) {
                if !started {
                    try writer.line(
                        "<section id=\"\(id)\"><h2>\(title)</h2><table><thead><tr>"
                            + columns.map { "<th>\($0)</th>" }.joined() + "</tr></thead><tbody>")
                    started = true
                }
                try writer.line("<tr>" + row.map { "<td>\(Self.escape($0))</td>" }.joined() + "</tr>")
            }
        }
        if started {
            try writer.line("</tbody></table></section>")
        } else {
            try writer.line("<section id=\"\(id)\"><h2>\(title)</h2><p class=\"none\">None.</p></section>")
        }
    }

    private func writesSection() throws {
        guard let checks = summary.writeChecks else { return }
        try writer.line(
            "<section id=\"writes\"><h2>Write checks (\(checks.filter(\.passed).count) of \(checks.count) passed)</h2><ul>"
        )
        for check in checks {
            try writer.line(
                "<li class=\"\(check.passed ? "ok" : "bad")\">\(Self.escape(TextReport.describe(check)))"
                    + (check.error.map { "<br><span class=\"warning\">\(Self.escape($0))</span>" } ?? "") + "</li>")
        }
        try writer.line("</ul></section>")
    }

    private func resultText() -> String {
        let counts = summary.counts
        var text: String
        switch summary.exitStatus {
        case 0: text = "All \(counts.compared) entities and lists match."
        case 1:
            text =
                counts.mismatched > 0
                ? "\(counts.mismatched) of \(counts.compared) entities and lists differ."
                : "Every entity and list matches, but a write check or (--strict) an unstable field fails the run."
        default: text = "\(counts.failed) of \(counts.compared) entities and lists could not be read through both APIs."
        }
        if summary.unstableFieldCount > 0 {
            text += " \(summary.unstableFieldCount) unstable fields (the two REST reads differed)."
        }
        return text + " Exit status \(summary.exitStatus)."
    }

    // MARK: Charts

    /// Horizontal bars, one per row, the longest filling the width.
    static func barChart(rows: [(label: String, value: Double, text: String)], color: String?, label: String) -> String
    {
        let rowHeight = 24
        let labelWidth = 330
        let barWidth = 330
        let width = labelWidth + barWidth + 220
        let height = rows.count * rowHeight + 8
        let largest = max(rows.map(\.value).max() ?? 0, 1)
        var svg =
            "<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"chart bars\" role=\"img\" aria-label=\"\(escape(label))\" "
            + "width=\"\(width)\" height=\"\(height)\" viewBox=\"0 0 \(width) \(height)\">"
        for (index, row) in rows.enumerated() {
            let y = 4 + index * rowHeight
            let length = max(2, Int((row.value / largest * Double(barWidth)).rounded()))
            let fill = color ?? (row.label == "REST" ? restColor : graphQLColor)
            let shown = row.label.count > 48 ? String(row.label.prefix(47)) + "…" : row.label
            svg +=
                "<g class=\"bar-row\"><title>\(escape(row.label)): \(escape(row.text))</title>"
                + "<text x=\"\(labelWidth - 8)\" y=\(q(y + 16)) text-anchor=\"end\" class=\"label\">\(escape(shown))</text>"
                + "<rect class=\"bar\" x=\"\(labelWidth)\" y=\(q(y + 3)) width=\"\(length)\" height=\"\(rowHeight - 8)\" "
                + "fill=\"\(fill)\"></rect>"
                + "<text x=\(q(labelWidth + length + 6)) y=\(q(y + 16)) class=\"value\">\(escape(row.text))</text></g>"
        }
        return svg + "</svg>"
    }

    /// Vertical bars of a latency distribution (logarithmic bins), with the first and last bounds under them.
    static func histogram(_ latency: ComparisonSummary.Latency, color: String, api: ComparisonAPI) -> String {
        let width = 420
        let height = 170
        let plotHeight = 120
        guard !latency.distribution.isEmpty else {
            return
                "<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"chart histogram\" width=\"\(width)\" height=\"40\">"
                + "<text x=\"8\" y=\"24\" class=\"label\">no reads</text></svg>"
        }
        let bins = latency.distribution
        let largest = max(bins.map(\.count).max() ?? 1, 1)
        let barWidth = (width - 20) / bins.count
        var svg =
            "<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"chart histogram\" role=\"img\" "
            + "aria-label=\"\(api.displayName) read latency distribution\" width=\"\(width)\" height=\"\(height)\" "
            + "viewBox=\"0 0 \(width) \(height)\">"
            + "<line x1=\"10\" y1=\"\(plotHeight + 10)\" x2=\"\(width - 10)\" y2=\"\(plotHeight + 10)\" class=\"axis\"></line>"
        var lower = 0.0
        for (index, bin) in bins.enumerated() {
            let barHeight = bin.count == 0 ? 0 : max(2, Int(Double(bin.count) / Double(largest) * Double(plotHeight)))
            let x = 10 + index * barWidth
            svg +=
                "<rect class=\"bar\" x=\"\(x)\" y=\"\(plotHeight + 10 - barHeight)\" width=\"\(max(1, barWidth - 2))\" "
                + "height=\"\(barHeight)\" fill=\"\(color)\"><title>\(milliseconds(lower)) to "
                + "\(milliseconds(bin.upToMilliseconds)): \(bin.count) reads</title></rect>"
            lower = bin.upToMilliseconds
        }
        let first = bins.first.map { milliseconds($0.upToMilliseconds) } ?? ""
        let last = bins.last.map { milliseconds($0.upToMilliseconds) } ?? ""
        svg +=
            "<text x=\"10\" y=\"\(plotHeight + 28)\" class=\"label\">≤ \(escape(first))</text>"
            + "<text x=\"\(width - 10)\" y=\"\(plotHeight + 28)\" text-anchor=\"end\" class=\"label\">≤ \(escape(last))</text>"
            + "<text x=\"\(width / 2)\" y=\"\(plotHeight + 46)\" text-anchor=\"middle\" class=\"label\">"
            + "read duration (logarithmic bins)</text>"
        return svg + "</svg>"
    }

    // MARK: Text

    static func escape(_ text: String) -> String {
        var result = ""
        result.reserveCapacity(text.utf8.count)
        for character in text {
            switch character {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            case "'": result += "&#39;"
            default: result.append(character)
            }
        }
        return result
    }

    /// A model name as an `id` attribute: letters, digits, `-` and `_`, others as `_`.
    static func anchor(_ text: String) -> String {
        String(text.map { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-" || $0 == "_") ? $0 : "_" })
    }

    private static func q(_ number: Int) -> String { "\"\(number)\"" }

    static func milliseconds(_ value: Double) -> String {
        value >= 100 ? String(format: "%.0f ms", value) : String(format: "%.2f ms", value)
    }

    static func bytes(_ count: Int) -> String {
        if count >= 10_000_000 { return String(format: "%.1f MB", Double(count) / 1_000_000) }
        if count >= 10_000 { return String(format: "%.1f kB", Double(count) / 1_000) }
        return "\(count) bytes"
    }

    static let css = """

        body{font:14px/1.45 -apple-system,"Segoe UI",Roboto,"DejaVu Sans",sans-serif;margin:0;color:#1d2330;background:#f6f7f9}
        header{background:#1d2330;color:#fff;padding:18px 28px}
        header h1{margin:0 0 6px;font-size:22px}
        .meta{margin:2px 0;color:#c9d1e0;font-family:ui-monospace,"DejaVu Sans Mono",monospace;font-size:12px}
        .result{margin:12px 0 0;padding:8px 12px;border-radius:6px;font-weight:600;display:inline-block}
        .result.ok{background:#1e7d46}.result.mismatch{background:#b8322a}.result.failed{background:#8a5a00}
        main{padding:8px 28px 28px;max-width:1200px}
        section{background:#fff;border:1px solid #dde1e8;border-radius:8px;padding:12px 18px;margin:16px 0}
        section.model{border:none;padding:0 0 8px;margin:8px 0}
        h2{font-size:18px;margin:4px 0 10px}h3{font-size:16px;margin:10px 0 6px}
        table{border-collapse:collapse;width:100%;margin:6px 0}
        th,td{border-bottom:1px solid #e6e8ee;padding:4px 8px;text-align:left;vertical-align:top}
        thead th{background:#eef1f6;font-weight:600}
        table.counts td{text-align:right;font-variant-numeric:tabular-nums}
        tr.total th,tr.total td{font-weight:700;border-top:2px solid #c8ced9}
        td.bad{color:#b8322a;font-weight:700}
        .path{font-family:ui-monospace,"DejaVu Sans Mono",monospace;font-size:12px}
        .value{font-family:ui-monospace,"DejaVu Sans Mono",monospace;font-size:12px;white-space:pre-wrap;word-break:break-all;width:32%}
        td.rest{background:#eef4fc}td.graphql{background:#f6eefb}
        .tag{font-size:11px;background:#e0e4ec;border-radius:4px;padding:0 4px}
        .none{color:#667085}
        .warning{color:#8a5a00}
        li.ok{color:#1e7d46}li.bad{color:#b8322a}
        figure{margin:10px 0 16px}figcaption{font-weight:600;margin-bottom:4px}
        .pair{display:flex;flex-wrap:wrap;gap:24px}
        svg.chart text{font-size:12px;fill:#1d2330}svg.chart text.value{fill:#475467}
        svg.chart line.axis{stroke:#98a2b3;stroke-width:1}
        footer{color:#667085;font-size:12px;padding:0 28px 24px}

        """
}
