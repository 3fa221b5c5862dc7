import Foundation
import GraphQLBridgeCLI

/// The `lottery` command line: the worked example's tools, apart from the library's `graphql-bridge`. `compare`
/// runs the lottery app's comparison plan (REST vs GraphQL, model by model); `serve` runs the example's embedded
/// backend for a local development loop. Returns the process exit status.
public enum LotteryCommand {
    /// The top-level help.
    public static let help = """
        lottery \(GraphQLBridgeCommand.version): the worked example of a migration (a lottery app's REST and GraphQL
        APIs), apart from the library's 'graphql-bridge'.

        USAGE: lottery <command> [options]

        COMMANDS:
          compare    Fetch every entity through both APIs into the app's legacy models and compare them field by
                     field (LotteryComparisonPlan). With no URLs, runs against the embedded backend.
          serve      Run the embedded backend (REST, GraphQL, subscriptions; bundled data set) on 127.0.0.1 for a
                     local development loop, until Ctrl-C.

        OPTIONS:
          --version  Print the version.
          --help     Print this help.

        Run 'lottery <command> --help' for a command's options.

        EXIT STATUS:
          0  success: every entity matched, or the server stopped by Ctrl-C
          1  a difference between the APIs (compare)
          2  usage error, a file that cannot be written, a backend that cannot be reached or started, or
             (compare) an entity that could not be fetched

        """

    /// Runs the command line `arguments` (without the program name).
    public static func main(arguments: [String], output: CommandOutput = .process) async -> Int32 {
        guard let command = arguments.first else {
            output.standardError(help)
            return 2
        }
        let rest = Array(arguments.dropFirst())
        switch command {
        case "compare":
            return await CompareCommand.main(arguments: rest, output: output)
        case "serve":
            return await ServeCommand.main(arguments: rest, output: output)
        case "--version", "version":
            output.standardOutput("lottery \(GraphQLBridgeCommand.version)\n")
            return 0
        case "--help", "-h", "help":
            output.standardOutput(help)
            return 0
        default:
            let hint = Suggestion.hint(for: command, among: ["compare", "serve", "version", "help"])
            output.standardError("error: unknown command '\(command)'\(hint).\n\n" + help)
            return 2
        }
    }
}
