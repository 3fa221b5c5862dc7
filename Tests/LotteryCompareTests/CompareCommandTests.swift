import Foundation
import GraphQLBridgeCLI
import LotteryCLI
import LotteryTestSupport
import Testing

/// `lottery compare`: reports and exit statuses against the embedded backend and against the Python
/// reference backend (with and without injected differences).
@Suite("lottery compare", .serialized)
struct CompareCommandTests {
    @Test("No URLs: the embedded backend, every entity compared and matched, exit 0")
    func embeddedBackend() async throws {
        let run = await runCommand(["compare", "--format", "json"])
        #expect(run.status == 0, "stderr: \(run.standardError)")
        let report = try run.jsonReport()
        let compared = try #require(report.int("summary", "compared"))
        #expect(compared > 100)
        #expect(report.int("summary", "matched") == compared)
        #expect(report.int("summary", "mismatched") == 0)
        #expect(report.int("summary", "failed") == 0)
        #expect(report.array("models").compactMap { $0["model"] as? String } == ["GameInfo", "DrawInfo", "ImageInfo"])
        #expect(report.array("mismatches").isEmpty && report.array("failures").isEmpty)
        #expect(!report.array("warnings").isEmpty, "the ledger-down draw gives partial data with field errors")
        #expect(report.int("bytes", "rest") ?? 0 > 0 && report.int("bytes", "graphql") ?? 0 > 0)
        let latency = try #require(report["latency"] as? [String: [String: Double]])
        #expect(latency["rest"]?["p50_ms"] != nil && latency["graphql"]?["p95_ms"] != nil)
        #expect(run.standardError.contains("embedded backend"), "progress and notes go to standard error")
    }

    @Test("The text report: a table per model and the result line")
    func textReport() async throws {
        let run = await runCommand(["compare", "--models", "ImageInfo", "--quiet"])
        #expect(run.status == 0)
        #expect(run.standardOutput.contains("ImageInfo"))
        #expect(!run.standardOutput.contains("GameInfo"))
        #expect(run.standardOutput.contains("Result: all"))
        #expect(run.standardError.isEmpty, "--quiet prints no progress")
    }

    @Test(
        "Against the reference backend on graphql-core: all match, with Long sent as numbers or strings",
        arguments: [false, true])
    func referenceBackend(longAsString: Bool) async throws {
        let backend = try await ReferenceBackend.start(
            ReferenceBackendOptions(token: "t0k", longAsString: longAsString))
        defer { backend.stop() }
        let run = await runCommand([
            "compare", "--rest-url", backend.restURL.absoluteString, "--graphql-url", backend.graphQLURL.absoluteString,
            "--token", "t0k", "--format", "json", "--quiet",
        ])
        #expect(run.status == 0, "\(run.standardError)\n\(run.standardOutput.prefix(2000))")
        let report = try run.jsonReport()
        #expect(report.int("summary", "compared") == report.int("summary", "matched"))
    }

    @Test("Injected differences: each reported exactly once per entity and field, exit 1")
    func injectedDifferences() async throws {
        let backend = try await ReferenceBackend.start(ReferenceBackendOptions(injectDifferences: true))
        defer { backend.stop() }
        let run = await runCommand([
            "compare", "--rest-url", backend.restURL.absoluteString, "--graphql-url", backend.graphQLURL.absoluteString,
            "--format", "json", "--quiet",
        ])
        #expect(run.status == 1, "\(run.standardError)")
        let report = try run.jsonReport()
        let mismatches = report.array("mismatches").map {
            "\($0["model"] ?? "") \($0["id"] ?? "") \($0["field"] ?? "")"
        }
        #expect(Set(mismatches).count == mismatches.count, "no entity and field reported twice: \(mismatches)")
        let expected: Set<String> = [
            "GameInfo 5x36 title",
            "GameInfo 5x36 lastDraw.prizePool",
            "GameInfo 6x45 lastDraw.combination[0]",
            "GameInfo 6x45 lastDraw.combination[1]",
            "GameInfo keno logo.width",
            "DrawInfo 5x36-123456 prizePool",
            "DrawInfo 6x45-9007199254740993 combination[0]",
            "DrawInfo 6x45-9007199254740993 combination[1]",
            "ImageInfo logo-keno width",
        ]
        let isList = { (entry: [String: Any]) in
            let id = entry["id"] as? String ?? ""
            return id.hasPrefix("games(") || id.hasPrefix("draws(")
        }
        let entityMismatches = report.array("mismatches").filter { !isList($0) }.map {
            "\($0["model"] ?? "") \($0["id"] ?? "") \($0["field"] ?? "")"
        }
        #expect(Set(entityMismatches) == expected)
        // The same differences at their list paths: every games list that holds 5x36, 6x45 or keno, and
        // the draws lists of 5x36 and 6x45.
        let listEntries = report.array("mismatches").filter(isList)
        let listFields = Set(
            listEntries.compactMap {
                ($0["field"] as? String)?.split(separator: ".", maxSplits: 1).last.map(String.init)
            })
        #expect(
            listFields == [
                "title", "lastDraw.prizePool", "lastDraw.combination[0]", "lastDraw.combination[1]", "logo.width",
                "prizePool", "combination[0]", "combination[1]",
            ])
        let listIDs = Set(listEntries.compactMap { $0["id"] as? String })
        #expect(listIDs.contains("games(activeOnly: false)") && listIDs.contains("draws(gameId: \"6x45\", last: 10)"))
        let title = report.array("mismatches").first { ($0["field"] as? String) == "title" }
        #expect((title?["graphql"] as? String)?.hasSuffix("(GraphQL)") == true)
        #expect(title?["rest"] as? String == "Gosloto 5 of 36" || (title?["rest"] as? String)?.isEmpty == false)
        #expect(report.int("summary", "mismatched") == 6 + listIDs.count)
        #expect(report.int("summary", "failed") == 0)

        let ignoring = await runCommand([
            "compare", "--rest-url", backend.restURL.absoluteString, "--graphql-url", backend.graphQLURL.absoluteString,
            "--models", "ImageInfo", "--ignore", "width", "--quiet",
        ])
        #expect(ignoring.status == 0, "an ignored known difference does not count: \(ignoring.standardOutput)")
    }

    @Test("An entity that fails through GraphQL: reported with its API, exit 2")
    func entityFailure() async throws {
        let backend = try await ReferenceBackend.start(ReferenceBackendOptions(failGraphQLForGame: "keno"))
        defer { backend.stop() }
        let run = await runCommand([
            "compare", "--rest-url", backend.restURL.absoluteString, "--graphql-url", backend.graphQLURL.absoluteString,
            "--format", "json", "--quiet",
        ])
        #expect(run.status == 2)
        let report = try run.jsonReport()
        let failures = report.array("failures")
        #expect(!failures.isEmpty)
        #expect(failures.allSatisfy { ($0["api"] as? String) == "graphql" })
        #expect(failures.contains { ($0["id"] as? String) == "keno" && ($0["model"] as? String) == "GameInfo" })
        #expect(report.int("summary", "failed") == failures.count)
    }

    @Test("A token the server requires but was not given: exit 2 with a message that says so")
    func missingToken() async throws {
        let backend = try await ReferenceBackend.start(ReferenceBackendOptions(token: "secret"))
        defer { backend.stop() }
        let run = await runCommand([
            "compare", "--rest-url", backend.restURL.absoluteString, "--graphql-url", backend.graphQLURL.absoluteString,
            "--quiet",
        ])
        #expect(run.status == 2)
        #expect(run.standardError.contains("401"))
        #expect(run.standardError.contains("--token"))
    }

    @Test("An unreachable backend: exit 2 naming the API")
    func unreachable() async throws {
        let run = await runCommand([
            "compare", "--rest-url", "http://127.0.0.1:9/api/v1", "--graphql-url", "http://127.0.0.1:9/graphql",
            "--quiet",
        ])
        #expect(run.status == 2)
        #expect(run.standardError.contains("API: cannot list the games"))
    }

    @Test(
        "Usage errors exit 2 with the fix",
        arguments: [
            (["compare", "--rest-url", "http://x/api/v1"], "give both"),
            (["compare", "--models", "GameInfo,Nope"], "unknown model 'Nope'"),
            (["compare", "--format", "xml"], "use text or json"),
            (["compare", "--concurrency", "0"], "--concurrency"),
            (["compare", "--bogus"], "unknown argument '--bogus'"),
            (["compare", "--rest-url", "ftp://x", "--graphql-url", "http://x/graphql"], "http or https URL"),
            (["frobnicate"], "unknown command"),
        ])
    func usageErrors(arguments: [String], message: String) async {
        let run = await runCommand(arguments)
        #expect(run.status == 2)
        #expect(run.standardError.contains(message), "\(run.standardError)")
        #expect(
            !run.standardError.contains("comparing against the embedded backend"), "refused before any backend started")
    }

    @Test("An unknown argument: the message once, the hint to --help once")
    func unknownArgumentHintOnce() async {
        let run = await runCommand(["compare", "--bogus"])
        #expect(run.status == 2)
        #expect(
            run.standardError
                == "error: unknown argument '--bogus'\n\nRun 'lottery compare --help' for the options.\n",
            "\(run.standardError)")
    }

    @Test("--output writes the report to a file")
    func outputFile() async throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("compare-\(UUID().uuidString).json")
        defer { try? FileManager.default.removeItem(at: path) }
        let run = await runCommand([
            "compare", "--models", "ImageInfo", "--format", "json", "--output", path.path, "--quiet",
        ])
        #expect(run.status == 0)
        #expect(run.standardOutput.isEmpty)
        let data = try Data(contentsOf: path)
        let object = try JSONSerialization.jsonObject(with: data) as? [String: Any]
        #expect(object?["summary"] != nil)
    }
}
