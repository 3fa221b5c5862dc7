import Foundation

/// The `graphql-bridge` command line, for any app: `codegen`, `validate`, `fetch-schema` and `serve` (a mock server
/// for the app's schema). Returns the process exit status. (The worked example's `compare` and its backend are the
/// `lottery` executable's.)
public enum GraphQLBridgeCommand {
    /// The version of GraphQLBridge this command belongs to (the newest release in CHANGELOG.md).
    public static let version = "0.2.0"

    /// The top-level help.
    public static let help = """
        graphql-bridge \(version): migrate an app from REST to GraphQL one model at a time.

        USAGE: graphql-bridge <command> [options]

        COMMANDS:
          codegen    Generate Swift types for GraphQL operations (custom scalars mapped to Swift types).
          validate   Check GraphQL operations against a schema; print each problem as path:line:column.
          fetch-schema
                     Ask a server for its schema by introspection; write it as SDL.
          serve      Serve a mock GraphQL endpoint for a schema (seeded, deterministic answers).

        OPTIONS:
          --version  Print the version.
          --help     Print this help.

        Run 'graphql-bridge <command> --help' for a command's options.

        EXIT STATUS:
          0  success: generated, valid, fetched, or served until Ctrl-C
          1  the check found a problem: an error in the schema or the operations (or no schema fetched)
          2  usage error, unreadable input, or a file that cannot be written

        """

    /// Runs the command line `arguments` (without the program name).
    public static func main(arguments: [String], output: CommandOutput = .process) async -> Int32 {
        guard let command = arguments.first else {
            output.standardError(help)
            return 2
        }
        let rest = Array(arguments.dropFirst())
        switch command {
        case "codegen":
            return await CodegenCommand.main(arguments: rest, output: output)
        case "validate":
            return ValidateCommand.main(arguments: rest, output: output)
        case "fetch-schema":
            return await FetchSchemaCommand.main(arguments: rest, output: output)
        case "serve":
            return await MockServerCommand.main(arguments: rest, output: output)
        case "--version", "version":
            output.standardOutput("graphql-bridge \(version)\n")
            return 0
        case "--help", "-h", "help":
            output.standardOutput(help)
            return 0
        case "compare":
            output.standardError(
                "error: 'graphql-bridge compare' is the worked example's: run 'swift run lottery compare'. An "
                    + "app compares its own models with a tool of its own on GraphQLComparison's ComparisonCommand "
                    + "(see \"Comparing your own models\").\n")
            return 2
        default:
            let hint = Suggestion.hint(
                for: command, among: ["codegen", "validate", "fetch-schema", "serve", "version", "help"])
            output.standardError("error: unknown command '\(command)'\(hint).\n\n" + help)
            return 2
        }
    }
}
