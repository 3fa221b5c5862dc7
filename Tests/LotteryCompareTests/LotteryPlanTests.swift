import Foundation
import GraphQLBridgeTesting
import GraphQLComparison
import GraphQLMigration
import LegacyModels
import LotteryBackend
import LotteryBridge
import Testing

/// The lottery's `lottery compare` as a plan over the library's engine: the noise check, the rules' warnings,
/// the report formats, the output check and `--record` with its offline replay.
@Suite("lottery compare over the comparison engine", .serialized)
struct LotteryPlanTests {
    private func arguments(_ server: EmbeddedLotteryServer, _ more: [String]) -> [String] {
        ["compare", "--rest-url", server.restURL.absoluteString, "--graphql-url", server.graphQLURL.absoluteString]
            + more
    }

    @Test("The noise check reads REST again for every entity and list; the bundled data stands still: nothing unstable")
    func noiseCheck() async throws {
        let run = await runCommand(["compare", "--models", "GameInfo,ImageInfo", "--format", "json", "--quiet"])
        #expect(run.status == 0)
        let report = try run.jsonReport()
        let compared = try #require(report.int("summary", "compared"))
        #expect(report.int("noiseCheck", "addedReads") == compared)
        #expect(report.int("noiseCheck", "addedResponses") == compared, "one REST request per read")
        #expect(report.array("unstable").isEmpty)
        let off = await runCommand([
            "compare", "--models", "ImageInfo", "--format", "json", "--quiet", "--no-noise-check",
        ])
        #expect(try off.jsonReport().int("noiseCheck", "addedReads") == 0)
    }

    @Test("--ignore lastDraw.videoUrl (wrong case) is a warning that names lastDraw.videoURL")
    func wrongCaseIgnore() async throws {
        let run = await runCommand(["compare", "--models", "GameInfo", "--quiet", "--ignore", "lastDraw.videoUrl"])
        #expect(run.status == 0)
        #expect(
            run.standardOutput.contains("Warning: --ignore lastDraw.videoUrl matches no path"), "\(run.standardOutput)")
        #expect(run.standardOutput.contains("the closest: lastDraw.videoURL (GameInfo)"))
        let json = await runCommand([
            "compare", "--models", "GameInfo", "--quiet", "--format", "json", "--ignore", "lastDraw.videoUrl",
            "--ignore", "lastDraw.videoURL",
        ])
        let ignored = try json.jsonReport().array("ignored")
        #expect((ignored.first?["warning"] as? String)?.contains("lastDraw.videoURL") == true)
        #expect(ignored.last?["warning"] == nil)
    }

    @Test("JUnit and HTML reports of the lottery: a suite and a section per model")
    func formats() async throws {
        let junit = await runCommand(["compare", "--models", "ImageInfo,DrawInfo", "--format", "junit", "--quiet"])
        #expect(junit.status == 0)
        #expect(junit.standardOutput.hasPrefix("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<testsuites"))
        #expect(junit.standardOutput.contains("<testsuite name=\"DrawInfo\" tests=\""))
        #expect(junit.standardOutput.contains("<testcase classname=\"DrawInfo.lists\" name=\"draws(gameId: &quot;"))
        #expect(!junit.standardOutput.contains("<failure"))
        let html = await runCommand(["compare", "--models", "ImageInfo", "--format", "html", "--quiet"])
        #expect(html.standardOutput.contains("<section class=\"model\" id=\"model-ImageInfo\">"))
        #expect(html.standardOutput.contains("<figure id=\"chart-bytes\">"))
    }

    @Test("--output to a missing folder fails before any request reaches the backend")
    func outputCheckedFirst() async throws {
        let server = try EmbeddedLotteryServer.start()
        defer { server.stop() }
        let missing = FileManager.default.temporaryDirectory.appendingPathComponent("missing-\(UUID().uuidString)")
        let run = await runCommand(
            arguments(server, ["--output", missing.appendingPathComponent("report.json").path, "--format", "json"]))
        #expect(run.status == 2)
        #expect(run.standardError.contains("does not exist"), "\(run.standardError)")
        #expect(server.acceptedConnectionCount == 0)
    }

    @Test("--record DIR: the bodies of each compared read, replayed offline through the app's client and adapter")
    func recordAndReplay() async throws {
        let server = try EmbeddedLotteryServer.start()
        defer { server.stop() }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("record-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let run = await runCommand(
            arguments(server, ["--models", "GameInfo,ImageInfo", "--record", folder.path, "--quiet"]))
        #expect(run.status == 0)
        let fixtures = ComparisonFixtures(directory: folder)
        let games = try fixtures.ids(of: "GameInfo")
        #expect(games.count == 10)
        #expect(try fixtures.ids(of: "GameInfo", list: true).count == 10)
        #expect(try fixtures.ids(of: "ImageInfo").count == 9)
        server.stop()
        // Offline now: the server is stopped.
        for id in games {
            let rest = try LegacyAPIClient.decodeEnvelope(
                GameInfo.self, from: try fixtures.body(.rest, model: "GameInfo", id: id))
            let transport = try fixtures.graphQLTransport(model: "GameInfo", id: id)
            let client = GraphQLClient(endpoint: server.graphQLURL, transport: transport)
            #expect(try await client.gameInfo(gameId: id) == rest, "\(id)")
        }
    }

    @Test("The scaled data set (the benchmark's): two copies compare as twice the entities, all matching")
    func scaledDataSet() async throws {
        let single = try LotteryDataSet.bundled()
        let doubled = try LotteryDataSet.scaled(copies: 2)
        #expect(doubled.games.count == 2 * single.games.count && doubled.draws.count == 2 * single.draws.count)
        #expect(doubled.game(id: "6x45-c2")?.logo == "logo-6x45-c2")
        let server = try EmbeddedLotteryServer.start(dataSet: doubled)
        defer { server.stop() }
        let run = await runCommand(arguments(server, ["--format", "json", "--quiet", "--concurrency", "8"]))
        #expect(run.status == 0, "\(run.standardError)")
        let report = try run.jsonReport()
        let compared = try #require(report.int("summary", "compared"))
        // The games lists (10), then for each copy: its games, logos and draws, and each game's archive pages of
        // 10 (a page more than the full pages).
        let pages = single.games.reduce(0) { $0 + single.draws(gameId: $1.id).count / 10 + 1 }
        let perCopy = single.games.count + Set(single.games.compactMap(\.logo)).count + single.draws.count + pages
        #expect(compared == 10 + 2 * perCopy, "10 games lists, then twice each copy's entities and archive pages")
        #expect(report.int("summary", "matched") == compared)
    }
}
