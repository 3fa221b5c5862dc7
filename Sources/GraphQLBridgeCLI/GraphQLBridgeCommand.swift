import Foundation

/// The `graphql-bridge` command line, for any app: the code generator's commands `codegen` and `validate`. Returns
/// the process exit status. (The worked example's `compare` and `serve` are the `lottery` executable's.)
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

        OPTIONS:
          --version  Print the version.
          --help     Print this help.

        Run 'graphql-bridge <command> --help' for a command's options.

        EXIT STATUS:
          0  success: generated, or valid
          1  the check found a problem: an error in the schema or the operations
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
        case "--version", "version":
            output.standardOutput("graphql-bridge \(version)\n")
            return 0
        case "--help", "-h", "help":
            output.standardOutput(help)
            return 0
        case "compare", "serve":
            output.standardError(
                "error: 'graphql-bridge \(command)' is the worked example's: run 'swift run lottery \(command)'. An "
                    + "app compares its own models with a tool of its own on GraphQLMigration's ComparisonCommand "
                    + "(see \"Comparing your own models\").\n")
            return 2
        default:
            let hint = Suggestion.hint(for: command, among: ["codegen", "validate", "version", "help"])
            output.standardError("error: unknown command '\(command)'\(hint).\n\n" + help)
            return 2
        }
    }
}
