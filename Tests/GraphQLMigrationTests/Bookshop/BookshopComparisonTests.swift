import Foundation
import GraphQLComparison
import GraphQLMigration
import Testing

/// A second, made-up app (a bookshop: its own legacy models, clients and backend, nothing of the lottery's) compares
/// its own models with a plan and `ComparisonCommand`: planted differences are found, a live counter is unstable and
/// not a mismatch, the rules and the noise check do what they say, and the exit statuses are the command's.
@Suite("Comparing a second app's own models")
struct BookshopComparisonTests {
    private let allPlanted: Set<BookshopPlanted> = [
        .wrongTitle, .priceOffByOneCent, .tagsReversed, .shelfReversed, .authorCountryMissing,
    ]

    @Test("Nothing planted: all match; the live counter is unstable in every book, not a mismatch; exit 0")
    func clean() async throws {
        let backend = BookshopBackend()
        let run = await ComparisonRun.main(BookshopComparison.plan(backend), ["--format", "json", "--quiet"])
        #expect(run.status == 0, "\(run.standardError)\n\(run.standardOutput.prefix(2000))")
        let report = try run.json()
        #expect(report.int("summary", "compared") == 17, "1 list, 12 books, 4 authors")
        #expect(report.int("summary", "matched") == 17)
        #expect(report.int("summary", "lists") == 1)
        #expect(report.int("summary", "unstable") == 13, "every book and the shelf list")
        #expect(try run.mismatches().isEmpty)
        let unstable = report.objects("unstable")
        let readers = unstable.first { $0["field"] as? String == "readersNow" }
        #expect(readers?["model"] as? String == "Book")
        #expect(readers?["count"] as? Int == 12 && readers?["of"] as? Int == 12)
        #expect(unstable.contains { $0["field"] as? String == "shelf[*].readersNow" && $0["list"] as? Bool == true })
        #expect(report.int("noiseCheck", "addedReads") == 17, "one more REST read per entity and list")
        #expect(report.int("noiseCheck", "addedResponses") == 17)
        #expect((report.int("noiseCheck", "addedBytes") ?? 0) > 0)
        #expect((report.int("bytes", "rest") ?? 0) > 0 && (report.int("bytes", "graphql") ?? 0) > 0)
        #expect(report.int("responses", "graphql") == 17)
        #expect(report.objects("models").compactMap { $0["model"] as? String } == ["Book", "Author"])
    }

    @Test("Planted differences are mismatches, beside the unstable counter in the same books; exit 1")
    func planted() async throws {
        let backend = BookshopBackend(planted: allPlanted)
        let run = await ComparisonRun.main(BookshopComparison.plan(backend), ["--format", "json", "--quiet"])
        #expect(run.status == 1, "\(run.standardError)")
        #expect(
            try run.mismatches() == [
                "Book shelf(new) shelf", "Book b02 title", "Book b03 price", "Book b04 tags[0]", "Book b04 tags[2]",
                "Author a3 country",
            ])
        let report = try run.json()
        let title = report.objects("mismatches").first { $0["field"] as? String == "title" }
        #expect(title?["rest"] as? String == "Book 2" && title?["graphql"] as? String == "Book 2 (GraphQL)")
        #expect(report.int("summary", "mismatched") == 5)
        let readers = report.objects("unstable").first { $0["field"] as? String == "readersNow" }
        #expect(readers?["count"] as? Int == 12, "b02, b03, b04 are unstable and mismatched: both are reported")
    }

    @Test("--tolerance and --unordered absorb what they say, and the report counts it per rule")
    func rules() async throws {
        let backend = BookshopBackend(planted: allPlanted)
        let run = await ComparisonRun.main(
            BookshopComparison.plan(backend),
            [
                "--format", "json", "--quiet", "--tolerance", "price=0.01", "--unordered", "tags", "--unordered",
                "shelf",
            ])
        #expect(run.status == 1)
        #expect(try run.mismatches() == ["Book b02 title", "Author a3 country"])
        let rules = try run.json().objects("rules")
        #expect(rules.compactMap { $0["rule"] as? String } == ["tolerance", "unordered", "unordered"])
        #expect(rules.compactMap { $0["absorbed"] as? Int } == [1, 1, 1])
        #expect(rules.first?["value"] as? String == "0.01")
        #expect(rules.allSatisfy { $0["warning"] == nil }, "\(rules)")

        let tight = await ComparisonRun.main(
            BookshopComparison.plan(BookshopBackend(planted: [.priceOffByOneCent])),
            ["--format", "json", "--quiet", "--tolerance", "price=0.009"])
        #expect(try tight.mismatches() == ["Book b03 price"], "a tolerance below the difference absorbs nothing")
    }

    @Test("--no-noise-check reads REST once: the live counter is then a mismatch in every book")
    func noNoiseCheck() async throws {
        let run = await ComparisonRun.main(
            BookshopComparison.plan(BookshopBackend()), ["--format", "json", "--quiet", "--no-noise-check"])
        #expect(run.status == 1)
        let mismatches = try run.mismatches()
        #expect(mismatches.filter { $0.hasSuffix(" readersNow") }.count == 12)
        let report = try run.json()
        #expect(report.objects("unstable").isEmpty)
        #expect(report.int("noiseCheck", "addedReads") == 0)
        #expect((report["noiseCheck"] as? [String: Any])?["enabled"] as? Bool == false)
    }

    @Test("--strict: unstable fields fail the run with exit 1, and the text report says why")
    func strict() async throws {
        let run = await ComparisonRun.main(BookshopComparison.plan(BookshopBackend()), ["--quiet", "--strict"])
        #expect(run.status == 1)
        #expect(run.standardOutput.contains("Unstable fields (13;"), "\(run.standardOutput)")
        #expect(run.standardOutput.contains("Book readersNow: unstable in 12 of 12 entities"))
        #expect(run.standardOutput.contains("fields are unstable between the two REST reads (--strict)"))
        let relaxed = await ComparisonRun.main(BookshopComparison.plan(BookshopBackend()), ["--quiet"])
        #expect(relaxed.status == 0)
        #expect(relaxed.standardOutput.contains("13 unstable fields not counted"))
    }

    @Test("A pattern or rule that matches no path is a warning naming the closest paths")
    func unmatchedPatterns() async throws {
        let run = await ComparisonRun.main(
            BookshopComparison.plan(BookshopBackend()),
            [
                "--format", "json", "--quiet", "--ignore", "readersnow", "--ignore", "title", "--tolerance",
                "Price=0.5", "--unordered", "tag",
            ])
        #expect(run.status == 0)
        let report = try run.json()
        let ignored = report.objects("ignored")
        let wrongCase = try #require(ignored.first?["warning"] as? String)
        #expect(wrongCase.contains("--ignore readersnow matches no path"), "\(wrongCase)")
        #expect(wrongCase.contains("the closest: readersNow (Book)"), "\(wrongCase)")
        #expect(ignored.last?["warning"] == nil, "'title' matches a path, though it hides nothing")
        #expect(ignored.last?["hidden"] as? Int == 0)
        let rules = report.objects("rules")
        #expect((rules.first?["warning"] as? String)?.contains("the closest: price (Book)") == true, "\(rules)")
        #expect((rules.last?["warning"] as? String)?.contains("tags (Book)") == true, "\(rules)")

        let text = await ComparisonRun.main(
            BookshopComparison.plan(BookshopBackend()), ["--quiet", "--ignore", "author.Country"])
        #expect(text.standardOutput.contains("Warning: --ignore author.Country matches no path"))
        #expect(text.standardOutput.contains("author.country (Book)"), "\(text.standardOutput)")
    }

    @Test("A book that cannot be read through GraphQL is a failure naming the API; the others are compared; exit 2")
    func failingRead() async throws {
        let run = await ComparisonRun.main(
            BookshopComparison.plan(BookshopBackend(planted: [.failingBook])), ["--format", "json", "--quiet"])
        #expect(run.status == 2)
        let report = try run.json()
        let failures = report.objects("failures")
        #expect(failures.count == 1)
        #expect(failures.first?["id"] as? String == "b05" && failures.first?["api"] as? String == "graphql")
        #expect((failures.first?["error"] as? String)?.contains("no book b05") == true)
        #expect(report.int("summary", "matched") == 16)
        #expect(report.objects("warnings").contains { ($0["message"] as? String)?.contains("internal error") == true })
    }

    @Test("--check-writes: the plan's write through each API, read back through both, state restored")
    func writes() async throws {
        let backend = BookshopBackend()
        let run = await ComparisonRun.main(
            BookshopComparison.plan(backend), ["--format", "json", "--quiet", "--check-writes", "--models", "Book"])
        #expect(run.status == 0, "\(run.standardOutput.suffix(1500))")
        let checks = try run.json().objects("writeChecks")
        #expect(checks.compactMap { $0["api"] as? String } == ["rest", "graphql"])
        for check in checks {
            #expect(check["book"] as? String == "b01" && check["wishlisted"] as? Bool == true, "\(check)")
            #expect(check["previous"] as? Bool == false && check["passed"] as? Bool == true)
            #expect(check["write"] as? String == "wishlist" && check["model"] as? String == "Book")
        }
        #expect(try BookshopRESTClient(backend: backend).book("b01").isWishlisted == false, "restored")

        let unshared = await ComparisonRun.main(
            BookshopComparison.plan(BookshopBackend(planted: [.unsharedWishlist])),
            ["--quiet", "--check-writes", "--models", "Author"])
        #expect(unshared.status == 0, "the write belongs to Book, which --models leaves out")
        #expect(!unshared.standardOutput.contains("Write checks (0"), "no write checks of Book")
        let wrong = await ComparisonRun.main(
            BookshopComparison.plan(BookshopBackend(planted: [.unsharedWishlist])), ["--quiet", "--check-writes"])
        #expect(wrong.status == 1, "GraphQL never sees REST's writes: read back wrong, exit 1")
        #expect(
            wrong.standardOutput.contains("FAIL set wishlist of b01 to true through REST"), "\(wrong.standardOutput)")
    }

    @Test("Ids that cannot be listed stop the run before any comparison: exit 2, the error on standard error")
    func idsFailure() async throws {
        var plan = ComparisonPlan()
        plan.model(
            "Book",
            ids: { () async throws -> [String] in throw BookshopError(description: "REST: HTTP 401 (pass a token)") },
            rest: { $0 }, graphQL: { $0 })
        let run = await ComparisonRun.main(plan, ["--quiet"])
        #expect(run.status == 2)
        #expect(run.standardError.contains("cannot list the Book ids to compare: REST: HTTP 401 (pass a token)"))
        #expect(run.standardOutput.isEmpty)
    }

    @Test("--output to a missing folder fails before any request; --models with an unknown model too")
    func checkedBeforeRequests() async throws {
        let backend = BookshopBackend()
        let missing = FileManager.default.temporaryDirectory.appendingPathComponent("no-such-\(UUID().uuidString)")
        let run = await ComparisonRun.main(
            BookshopComparison.plan(backend),
            ["--format", "html", "--output", missing.appendingPathComponent("r.html").path])
        #expect(run.status == 2)
        #expect(run.standardError.contains("does not exist"), "\(run.standardError)")
        #expect(backend.requests == 0, "not one request before the check")

        let unknown = await ComparisonRun.main(BookshopComparison.plan(backend), ["--models", "Book,Nope"])
        #expect(unknown.status == 2)
        #expect(unknown.standardError.contains("unknown model 'Nope' in --models; the models are Book, Author"))
        #expect(backend.requests == 0)

        let help = await ComparisonRun.main(BookshopComparison.plan(backend), ["--help"])
        #expect(help.status == 0 && help.standardOutput.contains("USAGE: bookshop-compare [options]"))
        #expect(help.standardOutput.contains("Comma-separated: Book,Author"))
    }

    @Test("A model of which nothing was compared is a failure, never 'all 0 match'")
    func nothingCompared() async throws {
        let run = await ComparisonRun.main(
            BookshopComparison.plan(BookshopBackend(bookCount: 0)), ["--format", "json", "--quiet", "--models", "Book"])
        #expect(run.status == 2)
        let failures = try run.json().objects("failures")
        #expect(failures.contains { $0["id"] as? String == "(nothing compared)" && $0["model"] as? String == "Book" })
    }

    @Test("--output writes the report whole, through a temporary file beside it")
    func outputFile() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("compare-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("report.xml")
        try Data("old".utf8).write(to: file)
        let run = await ComparisonRun.main(
            BookshopComparison.plan(BookshopBackend()), ["--format", "junit", "--output", file.path])
        #expect(run.status == 0)
        #expect(run.standardOutput.isEmpty)
        #expect(run.standardError.contains("Report written to \(file.path)."))
        let text = try String(contentsOf: file, encoding: .utf8)
        #expect(text.hasPrefix("<?xml"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["report.xml"])
    }
}
