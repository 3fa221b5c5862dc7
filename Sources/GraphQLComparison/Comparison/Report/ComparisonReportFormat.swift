import GraphQLMigration

/// The formats of a comparison report.
///
/// Every format streams: it reads the outcomes as many times as it needs (`outcomes` calls its argument for each,
/// in the plan's order) and hands its text on in chunks, so a run of any size is written in bounded memory.
public enum ComparisonReportFormat: String, Sendable, Hashable, CaseIterable {
    /// For people: a table per model, the unstable fields, every mismatch, failure and warning, the result.
    case text
    /// The documented JSON shape (keys sorted), for scripts.
    case json
    /// One self-contained HTML page (inline CSS and SVG, no scripts, no network): tables, charts, both values of
    /// each mismatch side by side.
    case html
    /// JUnit XML: a test case per entity and list (a mismatch is a failure, a read that failed an error), a test
    /// suite per model, one for the write checks; what CI systems show.
    case junit

    /// Reads the outcomes again, in the plan's order, each time it is called.
    public typealias Outcomes = (_ body: (ComparisonOutcome) throws -> Void) throws -> Void

    /// Writes the report of `summary` and `outcomes` to `sink`, in chunks.
    /// - Parameters:
    ///   - summary: the totals of the run.
    ///   - outcomes: reads the run's outcomes, in the plan's order.
    ///   - header: lines that say what was compared (`REST: https://...`), shown at the top.
    ///   - sink: receives the report's text, chunk by chunk.
    /// - Throws: what `sink` or `outcomes` throws.
    public func write(
        summary: ComparisonSummary, outcomes: @escaping Outcomes, header: [String] = [],
        to sink: @escaping (String) throws -> Void
    ) throws {
        let writer = ReportWriter(sink)
        switch self {
        case .text: try TextReport(summary: summary, outcomes: outcomes, header: header, writer: writer).write()
        case .json: try JSONReport(summary: summary, outcomes: outcomes, writer: writer).write()
        case .html: try HTMLReport(summary: summary, outcomes: outcomes, header: header, writer: writer).write()
        case .junit: try JUnitReport(summary: summary, outcomes: outcomes, writer: writer).write()
        }
        try writer.flush()
    }

    /// The report of a comparison held in memory, as one string.
    public func render(_ report: ComparisonReport, header: [String] = []) -> String {
        var text = ""
        do {
            try write(summary: report.summary, outcomes: { body in try report.outcomes.forEach(body) }, header: header)
            {
                text += $0
            }
        } catch {
            text += "\n(the report could not be written: \(error))\n"
        }
        return text
    }
}
