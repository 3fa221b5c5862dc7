import Foundation
import LotteryBackend
import Testing

/// `lottery compare` against the embedded backend with a difference planted in its GraphQL answers:
/// every planted difference is caught (exit 1 with the entry that names it), never "all match".
@Suite("compare catches planted differences", .serialized)
struct PlantedDifferenceTests {
    /// Runs `compare --format json` against an embedded backend with `planted` differences.
    private func compare(
        planted: Set<PlantedDifference>, dataSet: LotteryDataSet? = nil, extra: [String] = []
    ) async throws -> (run: CommandRun, report: [String: Any]?) {
        let server = try EmbeddedLotteryServer.start(
            options: EmbeddedBackendOptions(plantedDifferences: planted), dataSet: dataSet)
        defer { server.stop() }
        let run = await runCommand(
            [
                "compare", "--rest-url", server.restURL.absoluteString, "--graphql-url",
                server.graphQLURL.absoluteString, "--format", "json", "--quiet",
            ] + extra)
        return (run, try? run.jsonReport())
    }

    /// The names of the bundled data set's archive pages as REST pages them (10 draws a page, a page more than the
    /// full pages).
    private static func archivePages() throws -> [String] {
        let dataSet = try LotteryDataSet.bundled()
        return dataSet.games.flatMap { game in
            let numbers = dataSet.draws(gameId: game.id).map(\.number).sorted(by: >)
            let befores = [nil] + stride(from: 10, to: numbers.count + 1, by: 10).map { Optional(numbers[$0 - 1]) }
            return befores.map { before in
                "draws(gameId: \"\(game.id)\", last: 10" + (before.map { ", before: \($0))" } ?? ")")
            }
        }
    }

    private func mismatches(_ report: [String: Any]?) -> [(
        model: String, id: String, field: String, rest: String, graphql: String
    )] {
        (report ?? [:]).array("mismatches").map {
            (
                $0["model"] as? String ?? "", $0["id"] as? String ?? "", $0["field"] as? String ?? "",
                $0["rest"] as? String ?? "", $0["graphql"] as? String ?? ""
            )
        }
    }

    @Test("Nothing planted: every entity and list matches, exit 0")
    func nothingPlanted() async throws {
        let (run, report) = try await compare(planted: [])
        #expect(run.status == 0, "\(run.standardError)")
        let pages = try Self.archivePages().count
        #expect(report?.int("summary", "lists") == 10 + pages, "10 games lists and \(pages) archive pages")
        #expect(mismatches(report).isEmpty)
    }

    @Test("GraphQL's games is []: each game missing from each list is a mismatch")
    func gamesEmpty() async throws {
        let (run, report) = try await compare(planted: [.gamesEmpty])
        #expect(run.status == 1, "\(run.standardError)")
        let entries = mismatches(report).filter { $0.id == "games(activeOnly: false)" }
        #expect(entries.count == 10, "\(entries)")
        #expect(entries.allSatisfy { $0.field.hasPrefix("games[") && $0.rest.contains("not in GraphQL's list") })
        #expect(entries.allSatisfy { $0.graphql == "<absent>" })
    }

    @Test("GraphQL's games lacks one game: a mismatch, not a warning")
    func gamesMissingOne() async throws {
        let (run, report) = try await compare(planted: [.gamesMissingLast])
        #expect(run.status == 1, "\(run.standardError)")
        let entries = mismatches(report).filter { $0.id == "games(activeOnly: false)" }
        #expect(entries.count == 1, "\(entries)")
        #expect(entries.first?.field == "games[9]")
        #expect(entries.first?.rest.contains("not in GraphQL's list") == true)
        let warnings = (report ?? [:]).array("warnings").compactMap { $0["message"] as? String }
        #expect(!warnings.contains { $0.contains("not GraphQL's") }, "membership is a mismatch, not a warning")
    }

    @Test("A wrong name only in the list: reported at its list path, while game(id:) matches")
    func wrongNameInListOnly() async throws {
        let (run, report) = try await compare(planted: [.firstListedGameName])
        #expect(run.status == 1, "\(run.standardError)")
        let entries = mismatches(report)
        let listEntry = entries.first { $0.id == "games(activeOnly: false)" }
        #expect(listEntry?.field == "games[0].title")
        #expect(listEntry?.graphql.hasSuffix(PlantedDifference.plantedNameSuffix) == true)
        #expect(listEntry?.rest.hasSuffix(PlantedDifference.plantedNameSuffix) == false)
        #expect(entries.allSatisfy { $0.id.hasPrefix("games(") }, "the entities themselves match: \(entries)")
    }

    @Test("Draws in reverse order: an order mismatch for every draws list")
    func drawsReversed() async throws {
        let (run, report) = try await compare(planted: [.drawsReversed])
        #expect(run.status == 1, "\(run.standardError)")
        let order = mismatches(report).filter { $0.id.hasPrefix("draws(") && $0.field == "draws" }
        // Every page of REST's archive (each has two draws or more) is out of order through GraphQL; GraphQL's own
        // walk (each next page before the newest draw of the last, as its pages are reversed) adds pages of its own,
        // compared too.
        let restPages = try Self.archivePages()
        #expect(Set(order.map(\.id)).isSuperset(of: restPages), "\(order.map(\.id))")
        #expect(order.allSatisfy { $0.rest.hasPrefix("order ") && $0.rest != $0.graphql })
    }

    @Test("draws[1] replaced by a copy of draws[0]: the duplicate and the missing draw are mismatches")
    func duplicateDraw() async throws {
        let (run, report) = try await compare(planted: [.secondDrawDuplicatesFirst])
        #expect(run.status == 1, "\(run.standardError)")
        let entry = mismatches(report).first { $0.id == "draws(gameId: \"6x45\", last: 10)" && $0.field == "draws[1]" }
        #expect(entry?.graphql.contains("a duplicate of draws[0]") == true, "\(String(describing: entry))")
        #expect(entry?.rest.contains("not in GraphQL's list") == true)
    }

    @Test(
        "An empty or root ignore pattern is a usage error (it would hide every difference)",
        arguments: [["--ignore", ""], ["--ignore="], ["--ignore", "."], ["--ignore", "**"], ["--ignore", "a[0"]])
    func rootIgnorePatterns(arguments: [String]) async throws {
        let (run, _) = try await compare(planted: [.gameName], extra: arguments)
        #expect(run.status == 2)
        #expect(run.standardError.contains("--ignore pattern"), "\(run.standardError)")
    }

    @Test("The report lists each ignore pattern with how many differences it hid")
    func ignoreCounts() async throws {
        let (run, report) = try await compare(
            planted: [.gameName], extra: ["--ignore", "title", "--ignore", "**.videoURL"])
        #expect(run.status == 0, "a difference an ignore pattern hides does not count: \(run.standardOutput)")
        let rules = (report ?? [:]).array("ignored")
        #expect(rules.compactMap { $0["pattern"] as? String } == ["title", "**.videoURL"])
        // 10 games by id, and every game in each of the 10 games lists it appears in.
        #expect((rules.first?["hidden"] as? Int ?? 0) > 10)
        #expect(rules.last?["hidden"] as? Int == 0)

        let text = try await {
            let server = try EmbeddedLotteryServer.start(
                options: EmbeddedBackendOptions(plantedDifferences: [.gameName]))
            defer { server.stop() }
            return await runCommand([
                "compare", "--rest-url", server.restURL.absoluteString, "--graphql-url",
                server.graphQLURL.absoluteString, "--quiet", "--ignore", "title",
            ])
        }()
        #expect(text.standardOutput.contains("  title: "))
        #expect(text.standardOutput.contains("hidden by ignore patterns"))
    }

    @Test("Both APIs list nothing: a failure with exit 2, not 'all 0 entities match'")
    func emptyBackend() async throws {
        let empty = try LotteryDataSet(images: [], games: [], draws: [])
        let (run, report) = try await compare(planted: [], dataSet: empty)
        #expect(run.status == 2)
        let failures = (report ?? [:]).array("failures")
        let models = Set(
            failures.filter { ($0["id"] as? String) == "(nothing compared)" }.compactMap { $0["model"] as? String })
        #expect(models == ["GameInfo", "DrawInfo", "ImageInfo"])
        #expect(failures.contains { ($0["error"] as? String)?.contains("wrong URL or token") == true })

        let server = try EmbeddedLotteryServer.start(options: EmbeddedBackendOptions(), dataSet: empty)
        defer { server.stop() }
        let text = await runCommand([
            "compare", "--rest-url", server.restURL.absoluteString, "--graphql-url", server.graphQLURL.absoluteString,
            "--quiet",
        ])
        #expect(text.status == 2)
        #expect(text.standardOutput.contains("nothing to compare"))
        #expect(!text.standardOutput.contains("Result: all"))
    }
}
