import Foundation
import GraphQLBridgeSupport
import GraphQLComparison
import GraphQLMigration
import Testing

/// The plan's public names, written exactly as a team writes them (the issue's example): async clients, `ids`
/// returning any `Hashable & Sendable` ids, a key path for the list's element id, and `ComparisonCommand.main`
/// returning the exit status.
@Suite("ComparisonPlan as an app writes it")
struct ComparisonPlanAPITests {
    struct Game: Sendable, Equatable {
        var id: String
        var title: String
        var players: Int
    }

    /// A legacy REST client with async methods.
    actor RESTClient {
        var games: [Game] = [Game(id: "g1", title: "One", players: 2), Game(id: "g2", title: "Two", players: 4)]

        func gameIDs() async throws -> [String] { games.map(\.id) }
        func game(_ id: String) async throws -> Game {
            guard let game = games.first(where: { $0.id == id }) else {
                throw BookshopError(description: "no game \(id)")
            }
            return game
        }
        func games() async throws -> [Game] { games }
    }

    /// A GraphQL client and adapter with async methods, one planted difference.
    actor GraphQLAPI {
        func game(_ id: String) async throws -> Game {
            Game(id: id, title: id == "g1" ? "One" : "Two", players: id == "g2" ? 5 : 2)
        }
        func games() async throws -> [Game] {
            [Game(id: "g2", title: "Two", players: 5), Game(id: "g1", title: "One", players: 2)]
        }
    }

    @Test("The issue's example compiles and runs: the planted difference and the list order are found, exit 1")
    func issueExample() async throws {
        let rest = RESTClient()
        let api = GraphQLAPI()
        var plan = ComparisonPlan()
        plan.model(
            "Game", ids: { try await rest.gameIDs() },
            rest: { id in try await rest.game(id) }, graphQL: { id in try await api.game(id) })
        plan.list(
            "games(active)", model: "Game",
            rest: { try await rest.games() }, graphQL: { try await api.games() }, id: \.id)
        let out = Collected()
        let status: Int32 = await ComparisonCommand.main(
            plan, arguments: ["my-compare", "--format", "json", "--quiet"],
            output: .init(standardOutput: out.append, standardError: { _ in }))
        #expect(status == 1)
        let run = ComparisonRun(status: status, standardOutput: out.text, standardError: "")
        #expect(
            try run.mismatches() == [
                "Game g2 players", "Game games(active) games", "Game games(active) games[1].players",
            ])
        #expect(plan.modelNames == ["Game"])

        // The list's field, ignored as the report spells it (issue 30, papercut 7): hidden, and counted.
        let ignoring = Collected()
        let ignoredStatus = await ComparisonCommand.main(
            plan, arguments: ["my-compare", "--format", "json", "--quiet", "--ignore", "games[*].players"],
            output: .init(standardOutput: ignoring.append, standardError: { _ in }))
        let ignoredRun = ComparisonRun(status: ignoredStatus, standardOutput: ignoring.text, standardError: "")
        #expect(try ignoredRun.mismatches() == ["Game g2 players", "Game games(active) games"])
        #expect(ignoring.text.contains("games[*].players"), "the report lists the pattern with what it hid")
        let exact = Collected()
        _ = await ComparisonCommand.main(
            plan, arguments: ["my-compare", "--format", "json", "--quiet", "--ignore", "games[1].players"],
            output: .init(standardOutput: exact.append, standardError: { _ in }))
        #expect(
            try ComparisonRun(status: 1, standardOutput: exact.text, standardError: "").mismatches()
                == ["Game g2 players", "Game games(active) games"])
    }

    @Test("Ids of any Hashable type are named by their text in reports")
    func structuredIDs() async throws {
        struct Key: Hashable, Sendable, CustomStringConvertible {
            var shelf: Int
            var slot: Int
            var description: String { "\(shelf)/\(slot)" }
        }
        var plan = ComparisonPlan()
        plan.model(
            "Slot", ids: { [Key(shelf: 1, slot: 2), Key(shelf: 1, slot: 2), Key(shelf: 3, slot: 1)] },
            rest: { key in key.shelf * 10 + key.slot },
            graphQL: { key in key.shelf == 3 ? 0 : key.shelf * 10 + key.slot })
        let report = try await ComparisonRunner(plan: plan).report()
        #expect(report.outcomes.map(\.id) == ["1/2", "3/1"], "duplicates compared once")
        #expect(report.mismatches.map { "\($0.outcome.id) \($0.field.lhs) \($0.field.rhs)" } == ["3/1 31 0"])
    }

    @Test("An app's own tool takes --rest-url, --graphql-url and --token, and makes its plan from them")
    func endpointsOptions() async throws {
        let seen = Locked<ComparisonEndpoints?>(nil)
        let out = Collected()
        let status = await ComparisonCommand.main(
            arguments: [
                "my-compare", "--rest-url", "https://staging.example/api/v1",
                "--graphql-url=https://staging.example/graphql", "--token", "t0k", "--quiet",
            ], output: .init(standardOutput: out.append, standardError: { _ in })
        ) { endpoints in
            seen.withLock { $0 = endpoints }
            let rest = RESTClient()
            var plan = ComparisonPlan()
            plan.model(
                "Game", ids: { try await rest.gameIDs() }, rest: { id in try await rest.game(id) },
                graphQL: { id in try await rest.game(id) })
            return plan
        }
        #expect(status == 0, "\(out.text)")
        #expect(
            seen.withLock { $0 }
                == ComparisonEndpoints(
                    restURL: try #require(URL(string: "https://staging.example/api/v1")),
                    graphQLURL: try #require(URL(string: "https://staging.example/graphql")), token: "t0k"))
        #expect(out.text.contains("GraphQL: https://staging.example/graphql"), "the report names what was compared")

        for (arguments, message) in [
            (["my-compare", "--graphql-url", "http://g/graphql"], "give --rest-url and --graphql-url"),
            (["my-compare", "--rest-url", "ftp://r", "--graphql-url", "http://g/graphql"], "http or https URL"),
            (["my-compare", "--rest-url", "http://r", "--graphql-url", "http://g", "--bogus"], "--bogus"),
        ] {
            let errors = Collected()
            let refused = await ComparisonCommand.main(
                arguments: arguments, output: .init(standardOutput: { _ in }, standardError: errors.append)
            ) { _ in
                Issue.record("no plan is made for a usage error")
                return ComparisonPlan()
            }
            #expect(refused == 2)
            #expect(errors.text.contains(message), "\(errors.text)")
        }
        let help = Collected()
        _ = await ComparisonCommand.main(
            arguments: ["my-compare", "--help"], output: .init(standardOutput: help.append, standardError: { _ in })
        ) { _ in ComparisonPlan() }
        #expect(help.text.contains("--rest-url URL") && help.text.contains("--graphql-url URL"))
    }
}
