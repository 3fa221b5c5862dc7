import Foundation
import GraphQLBridgeCLI
import GraphQLComparison
import GraphQLMigration
import LotteryBackend
import LotteryCompare

/// `lottery compare`: the lottery app's comparison plan (``LotteryComparisonPlan``) run by the library's
/// ``ComparisonCommand``, against a backend given by URL or the embedded one.
public enum CompareCommand {
    /// The lottery's own options, before the library's.
    static let lotteryOptions = """
          --rest-url URL       REST base including /api/v1 (http://127.0.0.1:8080/api/v1).
          --graphql-url URL    GraphQL endpoint (http://127.0.0.1:8080/graphql).
                               Give both or neither: with neither, an embedded backend serves a bundled data
                               set on a loopback port, so the whole client stack runs for real.
          --token TOKEN        Sent as 'Authorization: Bearer TOKEN' to both APIs
                               (default: $GRAPHQL_BRIDGE_TOKEN).
        """

    /// The command's help.
    public static let help = ComparisonCommand.help(
        command: "lottery compare", models: LotteryComparisonPlan.models, options: lotteryOptions,
        about: """
            Fetches every game (active and inactive), every draw of each game's archive and each logo image through
            both APIs into the app's legacy models, with the app's real clients and adapters, and compares them field
            by field. Every list the app asks for (the games lists for each filter, each page of 10 of each game's
            archive, newest first) is compared as a list too: membership, order, duplicates and each element's
            fields ('games[3].title').
            The plan is LotteryComparisonPlan: the worked example of a plan for an app's own models.
            """)

    /// Runs the command; returns the exit status.
    public static func main(arguments: [String], output: CommandOutput = .process) async -> Int32 {
        if arguments.contains("--help") || arguments.contains("-h") {
            output.standardOutput(help)
            return 0
        }
        let parsed: (lottery: LotteryOptions, comparison: ComparisonCommandOptions)
        do {
            parsed = try parse(arguments)
        } catch {
            output.standardError("error: \(error)\n\nRun 'lottery compare --help' for the options.\n")
            return 2
        }
        if let problem = parsed.comparison.outputProblem() {
            output.standardError("error: \(problem)\n")
            return 2
        }
        // Before any backend starts: a mistyped model is a usage error, not a run.
        if let problem = parsed.comparison.modelProblem(known: LotteryComparisonPlan.models) {
            output.standardError("error: \(problem)\n\nRun 'lottery compare --help' for the options.\n")
            return 2
        }

        var embedded: EmbeddedLotteryServer?
        defer { embedded?.stop() }
        let restURL: URL
        let graphQLURL: URL
        if let rest = parsed.lottery.restURL, let graphQL = parsed.lottery.graphQLURL {
            restURL = rest
            graphQLURL = graphQL
        } else {
            do {
                let server = try EmbeddedLotteryServer.start(
                    options: EmbeddedBackendOptions(token: parsed.lottery.token))
                embedded = server
                restURL = server.restURL
                graphQLURL = server.graphQLURL
                if !parsed.comparison.quiet {
                    output.standardError(
                        "No --rest-url/--graphql-url given: comparing against the embedded backend at "
                            + "\(server.baseURL.absoluteString) (bundled data set).\n")
                }
            } catch {
                output.standardError("error: cannot start the embedded backend: \(error)\n")
                return 2
            }
        }

        let clients = LotteryComparisonClients(restURL: restURL, graphQLURL: graphQLURL, token: parsed.lottery.token)
        defer { clients.finish() }
        return await ComparisonCommand.run(
            LotteryComparisonPlan.make(clients: clients), options: parsed.comparison,
            output: ComparisonCommand.Output(
                standardOutput: output.standardOutput, standardError: output.standardError),
            header: ["REST:    \(restURL.absoluteString)", "GraphQL: \(graphQLURL.absoluteString)"],
            command: "lottery compare")
    }

    /// The lottery's own options.
    struct LotteryOptions {
        var restURL: URL?
        var graphQLURL: URL?
        var token: String?
    }

    static func parse(_ arguments: [String]) throws -> (LotteryOptions, ComparisonCommandOptions) {
        var reader = ArgumentReader(arguments)
        let rest = try reader.value("--rest-url")
        let graphQL = try reader.value("--graphql-url")
        let token = try reader.value("--token") ?? ProcessInfo.processInfo.environment["GRAPHQL_BRIDGE_TOKEN"]
        let comparison = try ComparisonCommandOptions(parsing: reader.remaining)

        guard (rest == nil) == (graphQL == nil) else {
            throw UsageError("give both --rest-url and --graphql-url, or neither (to use the embedded backend)")
        }
        let restURL = try rest.map { text throws(UsageError) in try url(text, option: "--rest-url") }
        let graphQLURL = try graphQL.map { text throws(UsageError) in try url(text, option: "--graphql-url") }
        return (LotteryOptions(restURL: restURL, graphQLURL: graphQLURL, token: token), comparison)
    }

    /// An API's URL, checked as any compare tool's are (``ComparisonEndpoints/url(_:option:)``).
    private static func url(_ text: String, option: String) throws(UsageError) -> URL {
        do throws(ComparisonUsageError) {
            return try ComparisonEndpoints.url(text, option: option)
        } catch {
            throw UsageError(error.message)
        }
    }
}
