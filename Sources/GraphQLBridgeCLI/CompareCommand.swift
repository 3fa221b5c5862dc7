import Foundation
import GraphQLMigration
import LotteryBackend
import LotteryCompare

/// `graphql-bridge compare`: the side-by-side comparison of the REST and GraphQL APIs.
public enum CompareCommand {
    /// The command's help.
    public static let help = """
        USAGE: graphql-bridge compare [--rest-url URL --graphql-url URL] [--token TOKEN]
                                      [--models GameInfo,DrawInfo,ImageInfo] [--format text|json]
                                      [--output FILE] [--concurrency N] [--ignore PATTERN]... [--check-writes]
                                      [--quiet]

        Fetches every game (active and inactive), each game's 10 newest draws and each logo image through both
        APIs into the app's legacy models, with the app's real clients and adapters, and compares them field
        by field. Every list the app asks for (the games lists for each filter, each game's newest draws) is
        compared as a list too: membership, order, duplicates and each element's fields ('games[3].title').

        OPTIONS:
          --rest-url URL       REST base including /api/v1 (http://127.0.0.1:8080/api/v1).
          --graphql-url URL    GraphQL endpoint (http://127.0.0.1:8080/graphql).
                               Give both or neither: with neither, an embedded backend serves a bundled data
                               set on a loopback port, so the whole client stack runs for real.
          --token TOKEN        Sent as 'Authorization: Bearer TOKEN' to both APIs
                               (default: $GRAPHQL_BRIDGE_TOKEN).
          --models LIST        Comma-separated: GameInfo, DrawInfo, ImageInfo (default: all).
          --format FORMAT      text (default) or json.
          --output FILE        Write the report to FILE instead of standard output.
          --concurrency N      Games compared at once (default 4).
          --ignore PATTERN     A known difference to ignore, as a field path pattern
                               ('lastDraw.videoURL', 'categories[*].prize', '**.videoURL'); repeatable.
                               An empty pattern, '.' or '**' (they hide everything) is refused. The
                               report lists each pattern with how many differences it hid.
          --check-writes       Also check writes, after the comparison: on the first game, set the favourite
                               flag to the opposite of its state through REST, read the game back through
                               both APIs, write the previous state back; then the same through GraphQL. The
                               run leaves the favourites as it found them (for the token's owner).
          --quiet              No progress on standard error.

        EXIT STATUS:
          0  every entity and list was compared and all matched (and, with --check-writes, every write
             was read back as written through both APIs and undone)
          1  at least one entity or list differs, or a write was read back differently
          2  usage error, unreachable backend, refused credentials, an entity that could not be fetched
             through one of the APIs, a model asked for of which nothing could be compared, or a write
             check whose requests failed or whose previous state could not be restored

        """

    /// The output format of the report.
    enum Format: String {
        case text, json
    }

    /// Runs the command; returns the exit status.
    public static func main(arguments: [String], output: CommandOutput = .process) async -> Int32 {
        if arguments.contains("--help") || arguments.contains("-h") {
            output.standardOutput(help)
            return 0
        }
        let parsed: Parsed
        do {
            parsed = try parse(arguments)
        } catch {
            output.standardError("error: \(error)\n\nRun 'graphql-bridge compare --help' for the options.\n")
            return 2
        }

        var embedded: EmbeddedLotteryServer?
        defer { embedded?.stop() }
        let restURL: URL
        let graphQLURL: URL
        if let rest = parsed.restURL, let graphQL = parsed.graphQLURL {
            restURL = rest
            graphQLURL = graphQL
        } else {
            do {
                let server = try EmbeddedLotteryServer.start(options: EmbeddedBackendOptions(token: parsed.token))
                embedded = server
                restURL = server.restURL
                graphQLURL = server.graphQLURL
                if !parsed.quiet {
                    output.standardError(
                        "No --rest-url/--graphql-url given: comparing against the embedded backend at "
                            + "\(server.baseURL.absoluteString) (bundled data set).\n")
                }
            } catch {
                output.standardError("error: cannot start the embedded backend: \(error)\n")
                return 2
            }
        }

        var configuration = ComparisonConfiguration(
            restURL: restURL, graphQLURL: graphQLURL, token: parsed.token, models: parsed.models,
            concurrency: parsed.concurrency,
            diffOptions: FieldDiffOptions(ignoring: parsed.ignore))
        configuration.checkWrites = parsed.checkWrites
        let report: ComparisonReport
        do {
            let quiet = parsed.quiet
            report = try await LotteryComparison(configuration: configuration).run { line in
                if !quiet { output.standardError(line + "\n") }
            }
        } catch {
            output.standardError("error: \(error)\n")
            return 2
        }

        let text: String
        switch parsed.format {
        case .json:
            do {
                text = try ComparisonReportFormatter.json(report)
            } catch {
                output.standardError("error: cannot encode the report: \(error)\n")
                return 2
            }
        case .text:
            text = ComparisonReportFormatter.text(report, restURL: restURL, graphQLURL: graphQLURL)
        }
        if let path = parsed.output {
            do {
                try Data(text.utf8).write(to: URL(fileURLWithPath: path))
            } catch {
                output.standardError("error: cannot write the report to \(path): \(error.localizedDescription)\n")
                return 2
            }
            if !parsed.quiet { output.standardError("Report written to \(path).\n") }
        } else {
            output.standardOutput(text)
        }
        return report.exitStatus
    }

    struct Parsed {
        var restURL: URL?
        var graphQLURL: URL?
        var token: String?
        var models: Set<ComparedModel>
        var format: Format
        var output: String?
        var concurrency: Int
        var ignore: [FieldPathPattern]
        var quiet: Bool
        var checkWrites = false
    }

    static func parse(_ arguments: [String]) throws(UsageError) -> Parsed {
        var reader = ArgumentReader(arguments)
        let rest = try reader.value("--rest-url")
        let graphQL = try reader.value("--graphql-url")
        let token = try reader.value("--token") ?? ProcessInfo.processInfo.environment["GRAPHQL_BRIDGE_TOKEN"]
        let modelsText = try reader.value("--models")
        let formatText = try reader.value("--format") ?? "text"
        let outputPath = try reader.value("--output")
        let concurrencyText = try reader.value("--concurrency")
        let ignore = try reader.values("--ignore")
        let quiet = reader.flag("--quiet")
        let checkWrites = reader.flag("--check-writes")
        try reader.finish(command: "compare")

        guard (rest == nil) == (graphQL == nil) else {
            throw UsageError("give both --rest-url and --graphql-url, or neither (to use the embedded backend)")
        }
        let restURL = try rest.map { text throws(UsageError) in try url(text, option: "--rest-url") }
        let graphQLURL = try graphQL.map { text throws(UsageError) in try url(text, option: "--graphql-url") }

        var models = Set(ComparedModel.allCases)
        if let modelsText {
            models = []
            for name in modelsText.split(separator: ",").map({ $0.trimmingCharacters(in: .whitespaces) }) {
                guard let model = ComparedModel(rawValue: name) else {
                    let known = ComparedModel.allCases.map(\.rawValue).joined(separator: ", ")
                    throw UsageError("unknown model '\(name)' in --models; the models are \(known)")
                }
                models.insert(model)
            }
            guard !models.isEmpty else { throw UsageError("--models needs at least one model") }
        }
        guard let format = Format(rawValue: formatText) else {
            throw UsageError("unknown --format '\(formatText)'; use text or json")
        }
        var patterns: [FieldPathPattern] = []
        for text in ignore {
            do {
                patterns.append(try FieldPathPattern(validating: text))
            } catch {
                throw UsageError("--ignore \(error)")
            }
        }
        var concurrency = 4
        if let concurrencyText {
            guard let value = Int(concurrencyText), (1...64).contains(value) else {
                throw UsageError("--concurrency takes a whole number from 1 to 64, not '\(concurrencyText)'")
            }
            concurrency = value
        }
        return Parsed(
            restURL: restURL, graphQLURL: graphQLURL, token: token, models: models, format: format,
            output: outputPath, concurrency: concurrency, ignore: patterns, quiet: quiet, checkWrites: checkWrites)
    }

    private static func url(_ text: String, option: String) throws(UsageError) -> URL {
        guard let url = URL(string: text), let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https",
            url.host != nil
        else {
            throw UsageError("\(option) must be an http or https URL, not '\(text)'")
        }
        return url
    }
}
