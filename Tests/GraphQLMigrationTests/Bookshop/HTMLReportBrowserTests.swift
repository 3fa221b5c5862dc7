import Foundation
import GraphQLComparison
import GraphQLMigration
import Testing

/// The HTML report in a real browser: headless Chromium renders it; the rendered DOM holds the
/// mismatches with both values side by side, the unstable section and the charts; a screenshot is kept under
/// `.build/compare-report/` for a person to look at. Without Chromium the test is skipped, except under the README's
/// test command (`GRAPHQLBRIDGE_REQUIRE_BACKEND=1`), where it fails: `scripts/test.sh` installs `chromium` when
/// missing.
@Suite("HTML report in a browser", .serialized)
struct HTMLReportBrowserTests {
    /// `.build/compare-report` in the package.
    static let outputFolder = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent(".build/compare-report", isDirectory: true)

    @Test(
        "Chromium renders the report: mismatches side by side, unstable fields, charts, no scripts",
        .enabled(if: HeadlessChromium.path != nil || HeadlessChromium.isRequired))
    func rendered() async throws {
        guard let browser = HeadlessChromium.path else {
            let message =
                "chromium is missing and GRAPHQLBRIDGE_REQUIRE_BACKEND=1: install it (apt-get install -y chromium); "
                + "scripts/test.sh does when it can"
            Issue.record(Comment(rawValue: message))
            return
        }
        try FileManager.default.createDirectory(at: Self.outputFolder, withIntermediateDirectories: true)
        let page = Self.outputFolder.appendingPathComponent("bookshop.html")
        let run = await ComparisonRun.main(
            BookshopComparison.plan(
                BookshopBackend(planted: [.wrongTitle, .tagsReversed, .authorCountryMissing, .failingBook])),
            ["--format", "html", "--output", page.path, "--quiet", "--check-writes"])
        #expect(run.status == 2, "\(run.standardError)")
        let source = try String(contentsOf: page, encoding: .utf8)
        #expect(!source.lowercased().contains("<script"), "readable without scripts: there are none")
        #expect(source.range(of: #" on[a-z]+="#, options: .regularExpression) == nil, "no event handlers either")
        #expect(!source.contains("src=") && !source.contains("href=\"http"), "nothing fetched")
        #expect(!source.contains("<link"), "styles inline")

        // One browser run: the rendered DOM on standard output and a screenshot for a person.
        let screenshot = Self.outputFolder.appendingPathComponent("bookshop.png")
        try? FileManager.default.removeItem(at: screenshot)
        let dom = try await HeadlessChromium.run(
            browser, page: page,
            ["--dump-dom", "--screenshot=\(screenshot.path)", "--window-size=1280,2400", "--hide-scrollbars"])
        #expect(dom.contains("<h1>REST vs GraphQL comparison</h1>"))
        // The mismatches: a table per model, each with its path and both values side by side.
        let books = try #require(Self.element(id: "model-Book", in: dom))
        #expect(
            books.contains(
                "<td class=\"path\">title</td><td class=\"value rest\">Book 2</td>"
                    + "<td class=\"value graphql\">Book 2 (GraphQL)</td>"), "\(books.prefix(3000))")
        #expect(books.contains("tags[0]") && books.contains("tags[2]"))
        let authors = try #require(Self.element(id: "model-Author", in: dom))
        #expect(authors.contains("<td class=\"value rest\">FR</td><td class=\"value graphql\">nil</td>"))
        // The unstable section.
        let unstable = try #require(Self.element(id: "unstable", in: dom))
        #expect(unstable.contains("readersNow") && unstable.contains("11 of 11 entities"))
        // The charts: a bar per mismatched field path, a latency histogram per API, the bytes per API.
        let chart = try #require(Self.element(id: "chart-mismatches", in: dom))
        #expect(Self.count("class=\"bar\"", in: chart) == 3, "title, tags[*], country: \(chart.prefix(2000))")
        #expect(chart.contains("Book tags[*]") && chart.contains("Author country"))
        for api in ["rest", "graphql"] {
            let histogram = try #require(Self.element(id: "chart-latency-\(api)", in: dom))
            #expect(Self.count("class=\"bar\"", in: histogram) >= 1)
        }
        let bytes = try #require(Self.element(id: "chart-bytes", in: dom))
        #expect(Self.count("class=\"bar\"", in: bytes) == 2)
        let failures = try #require(Self.element(id: "failures", in: dom))
        #expect(failures.contains("b05") && failures.contains("GraphQL"))
        #expect(try #require(Self.element(id: "writes", in: dom)).contains("2 of 2 passed"))
        #expect(dom.contains("class=\"result failed\""))

        // The screenshot must be a real PNG of some size.
        let image = try Data(contentsOf: screenshot)
        #expect(image.starts(with: [0x89, 0x50, 0x4E, 0x47]), "a PNG")
        #expect(image.count > 20_000, "a rendered page, not a blank one: \(image.count) bytes")
    }

    /// The outer HTML of the element with `id` (up to its closing tag, counting nested ones of the same name).
    static func element(id: String, in dom: String) -> String? {
        guard let marker = dom.range(of: "id=\"\(id)\""),
            let open = dom[..<marker.lowerBound].range(of: "<", options: .backwards)
        else { return nil }
        let name = dom[open.upperBound...].prefix { $0.isLetter }
        var depth = 0
        var index = open.lowerBound
        while index < dom.endIndex {
            let rest = dom[index...]
            if rest.hasPrefix("<\(name)") {
                depth += 1
            } else if rest.hasPrefix("</\(name)>") {
                depth -= 1
                if depth == 0 { return String(dom[open.lowerBound..<dom.index(index, offsetBy: name.count + 3)]) }
            }
            index = dom.index(after: index)
        }
        return nil
    }

    static func count(_ needle: String, in text: String) -> Int {
        text.components(separatedBy: needle).count - 1
    }
}
