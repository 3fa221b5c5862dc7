import Foundation
import GraphQLBridgeCLI
import GraphQLCodegen
import Testing

/// The command line as a whole: `--version`, the top-level help, the configuration keys in the helps, and the
/// messages a newcomer meets first (validate with the project's configuration, a missing schema, a plural).
@Suite("graphql-bridge command line")
struct CommandLineTests {
    func run(_ arguments: [String]) async -> (status: Int32, output: OutputCapture) {
        let capture = OutputCapture()
        let status = await GraphQLBridgeCommand.main(arguments: arguments, output: capture.output)
        return (status, capture)
    }

    @Test("--version prints the version, which is the newest release of CHANGELOG.md")
    func version() async throws {
        for spelling in ["--version", "version"] {
            let (status, output) = await run([spelling])
            #expect(status == 0)
            #expect(output.standardOutput == "graphql-bridge \(GraphQLBridgeCommand.version)\n")
        }
        let changelog = try String(
            contentsOf: CodegenTestSupport.repositoryRoot.appendingPathComponent("CHANGELOG.md"), encoding: .utf8)
        let firstRelease = changelog.split(separator: "\n").first { $0.hasPrefix("## [") && !$0.contains("Unreleased") }
        #expect(
            firstRelease?.hasPrefix("## [\(GraphQLBridgeCommand.version)]") == true,
            "CHANGELOG.md's newest release is \(firstRelease ?? "missing"); the command says \(GraphQLBridgeCommand.version)"
        )
    }

    @Test("the top-level help lists every command, --version and the exit statuses")
    func topLevelHelp() async {
        let (status, output) = await run(["--help"])
        #expect(status == 0)
        let help = output.standardOutput
        for command in ["codegen", "validate", "fetch-schema", "serve"] {
            #expect(help.contains("\n  \(command)"), "\(command) is missing from the help")
        }
        // `serve` is the library's mock server for any schema; the example's backend is `lottery serve`.
        #expect(help.contains("mock GraphQL endpoint for a schema"))
        for example in ["compare", "lottery"] {
            #expect(!help.contains(example), "the library's tool names the example's '\(example)'")
        }
        #expect(help.contains("--version"))
        #expect(help.contains("EXIT STATUS:\n  0  success"))
        #expect(help.contains("\n  1  ") && help.contains("\n  2  usage error"))
        let none = await run([])
        #expect(none.status == 2 && none.output.standardError.contains("EXIT STATUS:"))
    }

    @Test("codegen's and validate's helps list every configuration key", arguments: ["codegen", "validate"])
    func configurationKeysInHelp(command: String) async {
        let (status, output) = await run([command, "--help"])
        #expect(status == 0)
        for key in CodegenConfiguration.keys {
            #expect(output.standardOutput.contains("  \"\(key)\""), "\(command) --help does not list \"\(key)\"")
        }
    }

    @Test("one file generated is 'Generated 1 file'")
    func singular() async throws {
        let folder = try CodegenTestSupport.temporaryDirectory("cli-singular")
        defer { CodegenTestSupport.remove(folder) }
        let schema = folder.appendingPathComponent("schema.graphqls")
        try CodegenTestSupport.write("type Query { name: String }", to: schema)
        let operations = folder.appendingPathComponent("Name.graphql")
        try CodegenTestSupport.write("query Name { name }", to: operations)
        let output = folder.appendingPathComponent("Generated")
        let (status, capture) = await run([
            "codegen", "--schema", schema.path, "--operations", operations.path, "--output", output.path,
        ])
        #expect(status == 0, "\(capture.standardError)")
        #expect(
            capture.standardOutput.hasPrefix("Generated 1 file in \(output.path): 1 written"),
            "\(capture.standardOutput)")
    }

    @Test("validate takes --config and --scalar as codegen does: the project's own operations validate clean")
    func validateWithConfiguration() async throws {
        let config = CodegenTestSupport.repositoryRoot.appendingPathComponent(
            "Sources/LotteryAPI/graphql/graphql-codegen.json")
        let withConfig = await run(["validate", "--config", config.path])
        #expect(withConfig.status == 0, "\(withConfig.output.standardOutput)\(withConfig.output.standardError)")
        #expect(
            withConfig.output.standardOutput.hasPrefix("valid: ")
                && withConfig.output.standardOutput.contains(" operations and ")
                && !withConfig.output.standardOutput.contains("warning"),
            "a run without problems says what it checked: \(withConfig.output.standardOutput)")

        // Without the configuration's scalars, `Long` is unmapped: a warning, which --scalar takes away.
        let graphql = CodegenTestSupport.repositoryRoot.appendingPathComponent("Sources/LotteryAPI/graphql")
        let paths = [
            "--schema", graphql.appendingPathComponent("schema.graphqls").path,
            "--schema", graphql.appendingPathComponent("incremental.graphqls").path,
            "--operations", graphql.appendingPathComponent("Operations.graphql").path,
        ]
        let bare = await run(["validate"] + paths)
        #expect(bare.status == 0)
        #expect(
            bare.output.standardOutput.contains("warning: The custom scalar 'Long'"), "\(bare.output.standardOutput)")
        let mapped = await run(
            ["validate"] + paths + ["--scalar", "Long=Int64", "--scalar", "DateTime=Date"])
        #expect(!mapped.output.standardOutput.contains("'Long'"), "\(mapped.output.standardOutput)")

        let badScalar = await run(["validate"] + paths + ["--scalar", "Long"])
        #expect(badScalar.status == 2)
        #expect(badScalar.output.standardError.contains("--scalar takes NAME=SWIFTTYPE"))
        let missingConfig = await run(["validate", "--config", "/nonexistent/graphql-codegen.json"])
        #expect(missingConfig.status == 2)
        #expect(missingConfig.output.standardError.hasPrefix("/nonexistent/graphql-codegen.json: error: "))
    }

    @Test("a schema that does not exist: one 'error:', at its path, as a compiler says it")
    func missingSchema() async {
        let (status, output) = await run(["validate", "--schema", "nope.graphqls", "--operations", "nope.graphql"])
        #expect(status == 2)
        #expect(output.standardError == "nope.graphqls: error: no such file or folder\n")
    }

    @Test(
        "an unknown argument: the message once, the hint to --help once",
        arguments: [["codegen", "--bogus"], ["validate", "--bogus"]])
    func unknownArgument(arguments: [String]) async {
        let (status, output) = await run(arguments)
        #expect(status == 2)
        let message = output.standardError
        #expect(message.hasPrefix("error: unknown argument '--bogus' for '\(arguments[0])'"), "\(message)")
        #expect(message.components(separatedBy: "--help").count == 2, "the hint is not given once: \(message)")
    }

    @Test("compare, the worked example's, says where it went; serve without --schema says where the example's went")
    func exampleCommands() async {
        let command = "compare"
        let (status, output) = await run([command, "--help"])
        #expect(status == 2)
        #expect(output.standardOutput.isEmpty)
        #expect(
            output.standardError.hasPrefix(
                "error: 'graphql-bridge \(command)' is the worked example's: run 'swift run lottery \(command)'."),
            "\(output.standardError)")
        let serve = await run(["serve"])
        #expect(serve.status == 2)
        #expect(serve.output.standardError.contains("'swift run lottery serve'"), "\(serve.output.standardError)")
    }

    @Test("a mistyped command or option: did you mean the closest (issue 30, papercut 12)")
    func didYouMean() async {
        let command = await run(["valdiate", "--schema", "x"])
        #expect(command.status == 2)
        #expect(command.output.standardError.hasPrefix("error: unknown command 'valdiate' (did you mean 'validate'?)."))
        let option = await run(["codegen", "--schmea", "s.graphqls"])
        #expect(option.status == 2)
        #expect(
            option.output.standardError.hasPrefix(
                "error: unknown argument '--schmea' for 'codegen' (did you mean '--schema'?)"),
            "\(option.output.standardError)")
        let far = await run(["codegen", "--bogus"])
        #expect(!far.output.standardError.contains("did you mean"), "nothing close: no guess")
        let equals = await run(["validate", "--operation=ops"])
        #expect(
            equals.output.standardError.contains("(did you mean '--operations'?)"), "\(equals.output.standardError)")
    }
}
