import Foundation

/// The `graphql-bridge` command line: `compare` (REST vs GraphQL, model by model), and the code generator's
/// commands `codegen` and `validate`. Returns the process exit status.
public enum GraphQLBridgeCommand {
    /// The top-level help.
    public static let help = """
        graphql-bridge: migrate an app from REST to GraphQL one model at a time.

        USAGE: graphql-bridge <command> [options]

        COMMANDS:
          compare    Fetch every entity through both APIs into legacy models and compare them field by field.
                     With no URLs, runs against an embedded backend with a bundled data set.
          codegen    Generate Swift types for GraphQL operations (custom scalars mapped to Swift types).
          validate   Check GraphQL operations against a schema; print each problem as path:line:column.

        Run 'graphql-bridge <command> --help' for a command's options.

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
        case "--help", "-h", "help":
            output.standardOutput(help)
            return 0
        default:
            output.standardError("error: unknown command '\(command)'.\n\n" + help)
            return 2
        }
    }
}
