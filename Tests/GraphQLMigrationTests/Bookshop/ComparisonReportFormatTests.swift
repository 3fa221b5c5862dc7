import Foundation
import GraphQLComparison
import GraphQLMigration
import Testing

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// Each report format, parsed back: JSON with `JSONSerialization`, JUnit XML with `XMLParser`, the text's sections.
/// (The HTML report is opened in Chromium by `HTMLReportBrowserTests`.)
@Suite("Comparison report formats")
struct ComparisonReportFormatTests {
    private let arguments = ["--quiet", "--tolerance", "price=0.01", "--check-writes"]

    private func run(_ format: String, planted: Set<BookshopPlanted> = [.wrongTitle, .priceOffByOneCent, .failingBook])
        async -> ComparisonRun
    {
        await ComparisonRun.main(
            BookshopComparison.plan(BookshopBackend(planted: planted)), ["--format", format] + arguments)
    }

    @Test("JSON: the summary, per-model counts, mismatches, failures, unstable[], rules[], latency, bytes, writes")
    func json() async throws {
        let run = await run("json")
        #expect(run.status == 2)
        let report = try run.json()
        #expect(
            Set(report.keys) == [
                "bytes", "exitStatus", "failures", "ignored", "latency", "mismatches", "models", "noiseCheck", "notes",
                "responses", "rules", "strict", "summary", "unstable", "warnings", "writeChecks",
            ])
        #expect(report.int("exitStatus") == 2)
        #expect(report.int("summary", "failed") == 1 && report.int("summary", "mismatched") == 1)
        #expect(try run.mismatches() == ["Book b02 title"])
        #expect(report.objects("rules").first?["absorbed"] as? Int == 1)
        let unstable = try #require(report.objects("unstable").first)
        #expect(unstable["field"] as? String == "readersNow")
        let example = try #require(unstable["example"] as? [String: Any])
        #expect(Int(example["second"] as? String ?? "") == (Int(example["first"] as? String ?? "") ?? 0) + 2)
        for api in ["rest", "graphql"] {
            let latency = try #require((report["latency"] as? [String: [String: Any]])?[api])
            #expect((latency["reads"] as? Int ?? 0) > 0)
            let p50 = latency["p50_ms"] as? Double ?? -1
            let p95 = latency["p95_ms"] as? Double ?? -1
            let maximum = latency["max_ms"] as? Double ?? -1
            #expect(p50 >= 0 && p50 <= p95 && p95 <= maximum, "\(latency)")
        }
        #expect(report.objects("writeChecks").count == 2)
        // The keys are sorted, as the README says, so that runs diff cleanly.
        let keys = run.standardOutput.split(separator: "\n").filter { $0.hasPrefix("  \"") }.map {
            $0.dropFirst(3).prefix { $0 != "\"" }
        }
        #expect(keys == keys.sorted())
    }

    @Test(
        "JUnit XML parses: a testcase per entity and list, a mismatch a failure with both values, a failed read an error"
    )
    func junit() async throws {
        let run = await run("junit")
        #expect(run.status == 2)
        let document = try JUnitDocument(Data(run.standardOutput.utf8))
        let root = try #require(document.root)
        #expect(root.name == "testsuites")
        #expect(root.attributes["tests"] == "19", "17 entities and lists, 2 write checks")
        #expect(root.attributes["failures"] == "1" && root.attributes["errors"] == "1")
        #expect(root.children.map { $0.attributes["name"] ?? "" } == ["Book", "Author", "writes"])
        let books = try #require(root.children.first)
        #expect(books.attributes["tests"] == "13" && books.attributes["failures"] == "1")
        let cases = books.children.filter { $0.name == "testcase" }
        #expect(cases.count == 13)
        #expect(cases.first?.attributes["classname"] == "Book.lists")
        let b02 = try #require(cases.first { $0.attributes["name"] == "b02" })
        let failure = try #require(b02.children.first { $0.name == "failure" })
        #expect(failure.attributes["type"] == "mismatch")
        #expect(failure.text.contains("REST:    Book 2") && failure.text.contains("GraphQL: Book 2 (GraphQL)"))
        let b05 = try #require(cases.first { $0.attributes["name"] == "b05" })
        #expect(b05.children.first?.name == "error")
        #expect(b05.children.first?.attributes["message"]?.contains("GraphQL") == true)
        let b01 = try #require(cases.first { $0.attributes["name"] == "b01" })
        #expect(!b01.children.contains { $0.name == "failure" || $0.name == "error" })
        #expect(b01.children.first { $0.name == "system-out" }?.text.contains("readersNow") == true)
        #expect(root.children.last?.children.count == 2)
    }

    @Test("Text: the table, the costs, the rules, the unstable section and the result")
    func text() async throws {
        let run = await run("text")
        let text = run.standardOutput
        #expect(text.contains("Book"))
        #expect(text.contains("Noise check: REST read again after GraphQL; it added 16 REST reads"), "\(text)")
        #expect(text.contains("Rules (differences absorbed):\n  --tolerance price=0.01: 1 absorbed"))
        #expect(text.contains("Unstable fields (12;"))
        #expect(text.contains("Book readersNow: unstable in 11 of 11 entities"))
        #expect(text.contains("Book b02  title\n      REST:    Book 2\n      GraphQL: Book 2 (GraphQL)"))
        #expect(text.contains("Book b05 [graphql]: GraphQL: no book b05"))
        #expect(text.contains("Write checks (2 of 2 passed):"))
        #expect(text.contains("Result: 1 of 17 entities could not be fetched through both APIs; 1 differ."))
    }

    @Test("Unusual text survives every format: quotes, angle brackets, ampersands, control characters")
    func escaping() throws {
        let tricky = "<b>\"quoted\" & 'single'\u{01}\ttab\nline</b>"
        var summary = ComparisonSummary()
        summary.counts.compared = 1
        summary.counts.mismatched = 1
        summary.models = []
        let outcome = ComparisonOutcome(
            model: "M", id: tricky, isList: false, status: .mismatched,
            mismatches: [FieldDifference(path: "a", lhs: tricky, rhs: "x")], warnings: [tricky])
        let report = ComparisonReport(summary: summary, outcomes: [outcome])
        let json = ComparisonReportFormat.json.render(report)
        let parsed = try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any]
        #expect((parsed?["mismatches"] as? [[String: Any]])?.first?["rest"] as? String == tricky)
        let html = ComparisonReportFormat.html.render(report)
        #expect(!html.contains("<b>\"quoted\""))
        #expect(html.contains("&lt;b&gt;&quot;quoted&quot; &amp; &#39;single&#39;"))
        var withModel = summary
        withModel.models = [ComparisonSummary.ModelCounts(model: "M", counts: summary.counts)]
        let xml = ComparisonReportFormat.junit.render(ComparisonReport(summary: withModel, outcomes: [outcome]))
        let document = try JUnitDocument(Data(xml.utf8))
        let testCase = document.root?.children.first?.children.first
        #expect(testCase?.attributes["name"] == tricky.replacingOccurrences(of: "\u{01}", with: "\u{FFFD}"))
    }
}

/// A parsed XML document, as a tree of elements, for the JUnit assertions.
final class JUnitDocument: NSObject, XMLParserDelegate {
    final class Element {
        let name: String
        let attributes: [String: String]
        var children: [Element] = []
        var text = ""

        init(name: String, attributes: [String: String]) {
            self.name = name
            self.attributes = attributes
        }
    }

    private(set) var root: Element?
    private var stack: [Element] = []
    private var failure: (any Error)?

    init(_ data: Data) throws {
        super.init()
        let parser = XMLParser(data: data)
        parser.delegate = self
        guard parser.parse(), failure == nil else {
            throw failure ?? parser.parserError ?? BookshopError(description: "the XML does not parse")
        }
    }

    func parser(
        _ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?, qualifiedName: String?,
        attributes: [String: String] = [:]
    ) {
        let element = Element(name: elementName, attributes: attributes)
        if let parent = stack.last { parent.children.append(element) } else { root = element }
        stack.append(element)
    }

    func parser(_ parser: XMLParser, foundCharacters string: String) {
        stack.last?.text += string
    }

    func parser(_ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?, qualifiedName: String?) {
        _ = stack.popLast()
    }

    func parser(_ parser: XMLParser, parseErrorOccurred parseError: any Error) {
        failure = parseError
    }
}
