import Foundation

/// The `graphql-bridge` command line: the code generator's commands `codegen` and `validate`, `compare` (REST vs
/// GraphQL, model by model) and `serve` (the embedded backend for a local development loop). Returns the process
/// exit status.
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
          compare    Fetch every entity through both APIs into legacy models and compare them field by field
                     (the lottery example's plan). With no URLs, runs against the embedded backend.
          serve      Run the embedded backend (REST, GraphQL, subscriptions; bundled data set) on 127.0.0.1 for a
                     local development loop, until Ctrl-C.

        OPTIONS:
          --version  Print the version.
          --help     Print this help.

        Run 'graphql-bridge <command> --help' for a command's options.

        EXIT STATUS:
          0  success: generated, valid, every entity matched, or the server stopped by Ctrl-C
          1  the check found a problem: an error in the schema or the operations (codegen, validate), a
             difference between the APIs (compare)
          2  usage error, unreadable input, a file that cannot be written, a backend that cannot be reached or
             started, or (compare) an entity that could not be fetched

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
        case "codegen":
            return await CodegenCommand.main(arguments: rest, output: output)
        case "validate":
            return ValidateCommand.main(arguments: rest, output: output)
        case "serve":
            return await ServeCommand.main(arguments: rest, output: output)
        case "--version", "version":
            output.standardOutput("graphql-bridge \(version)\n")
            return 0
        case "--help", "-h", "help":
            output.standardOutput(help)
            return 0
        default:
            output.standardError("error: unknown command '\(command)'.\n\n" + help)
            return 2
        }
    }
}
