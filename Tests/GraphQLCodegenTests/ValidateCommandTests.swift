import Foundation
import GraphQLBridgeCLI
import Testing

/// `graphql-bridge validate`: each problem as `path:line:column: error: message`, exit 1 when there is any.
@Suite("validate command")
struct ValidateCommandTests {
    static let schema = """
        type Query { game(id: ID!): Game }
        type Game { id: ID!, name: String! }
        """

    func run(_ arguments: [String]) async -> (status: Int32, output: OutputCapture) {
        let capture = OutputCapture()
        let status = await GraphQLBridgeCommand.main(arguments: ["validate"] + arguments, output: capture.output)
        return (status, capture)
    }

    @Test("clean operations: exit 0 and no output")
    func clean() async throws {
        let folder = try CodegenTestSupport.temporaryDirectory("validate")
        defer { CodegenTestSupport.remove(folder) }
        let schema = folder.appendingPathComponent("schema.graphqls")
        try CodegenTestSupport.write(Self.schema, to: schema)
        try CodegenTestSupport.write(
            "query G { game(id: \"1\") { name } }", to: folder.appendingPathComponent("ops/g.graphql"))
        let (status, output) = await run([
            "--schema", schema.path, "--operations", folder.appendingPathComponent("ops").path,
        ])
        #expect(status == 0)
        #expect(
            output.standardOutput
                == "valid: 1 operation and 0 fragments in 1 file, against the schema of 1 file\n",
            "success says what was checked (issue 30, papercut 12)")
    }

    @Test("problems in several files, invalid GraphQL included: one line each, exit 1")
    func problems() async throws {
        let folder = try CodegenTestSupport.temporaryDirectory("validate")
        defer { CodegenTestSupport.remove(folder) }
        let schema = folder.appendingPathComponent("schema.graphqls")
        try CodegenTestSupport.write(Self.schema, to: schema)
        let ops = folder.appendingPathComponent("ops")
        try CodegenTestSupport.write(
            "query G {\n  game(id: \"1\") { nmae }\n}\n", to: ops.appendingPathComponent("a.graphql"))
        try CodegenTestSupport.write("query H {\n  game(\n", to: ops.appendingPathComponent("b.graphql"))
        let extra = folder.appendingPathComponent("c.graphql")
        try CodegenTestSupport.write("query G { game { id } }", to: extra)
        let (status, output) = await run(["--schema", schema.path, "--operations", ops.path, extra.path])
        #expect(status == 1)
        let lines = output.standardOutput.split(separator: "\n").map(String.init)
        let a = ops.appendingPathComponent("a.graphql").path
        let b = ops.appendingPathComponent("b.graphql").path
        #expect(lines.contains("\(b):3:1: error: Syntax Error: Expected Name, found <EOF>."))
        #expect(lines.contains { $0.hasPrefix("\(a):2:19: error: Cannot query field 'nmae' on type 'Game'.") })
        #expect(
            lines.contains {
                $0.hasPrefix("\(extra.path):1:11: error: Argument 'Query.game(id:)' of type 'ID!' is required")
            })
        #expect(lines.contains { $0.hasPrefix("\(a):1:7: error: There can be only one operation named 'G'.") })
        #expect(lines.allSatisfy { $0.contains(": error: ") })
    }

    @Test("a fragment no operation uses is a warning with graphql-core's message; exit 0")
    func unusedFragment() async throws {
        let folder = try CodegenTestSupport.temporaryDirectory("validate")
        defer { CodegenTestSupport.remove(folder) }
        let schema = folder.appendingPathComponent("schema.graphqls")
        try CodegenTestSupport.write(Self.schema, to: schema)
        let ops = folder.appendingPathComponent("ops.graphql")
        try CodegenTestSupport.write(
            "query G { game(id: \"1\") { ...Used } }\nfragment Used on Game { id }\nfragment Spare on Game { name }\n",
            to: ops)
        let (status, output) = await run(["--schema", schema.path, "--operations", ops.path])
        #expect(status == 0)
        #expect(
            output.standardOutput
                == "\(ops.path):3:1: warning: Fragment 'Spare' is never used.\n"
                + "valid: 1 operation and 2 fragments in 1 file, against the schema of 1 file (1 warning above)\n")
    }

    @Test("what the generator requires is checked too: validate accepts only what codegen generates")
    func generatorRequirements() async throws {
        let folder = try CodegenTestSupport.temporaryDirectory("validate")
        defer { CodegenTestSupport.remove(folder) }
        let schema = folder.appendingPathComponent("schema.graphqls")
        try CodegenTestSupport.write(Self.schema, to: schema)
        let ops = folder.appendingPathComponent("ops.graphql")
        try CodegenTestSupport.write("{ game(id: \"1\") { name } }\n", to: ops)
        let (status, output) = await run(["--schema", schema.path, "--operations", ops.path])
        #expect(status == 1)
        #expect(output.standardOutput.hasPrefix("\(ops.path):1:1: error: Give this query a name"))
    }

    @Test("a file that is not text is reported at its path")
    func binaryFile() async throws {
        let folder = try CodegenTestSupport.temporaryDirectory("validate")
        defer { CodegenTestSupport.remove(folder) }
        let schema = folder.appendingPathComponent("schema.graphqls")
        try CodegenTestSupport.write(Self.schema, to: schema)
        let binary = folder.appendingPathComponent("x.graphql")
        try Data([0xFF, 0xFE, 0x00, 0xC3]).write(to: binary)
        let (status, output) = await run(["--schema", schema.path, "--operations", binary.path])
        #expect(status == 1)
        #expect(output.standardOutput == "\(binary.path):1:1: error: the file is not UTF-8 text\n")
    }

    @Test("usage errors and missing paths: exit 2 with a message on standard error")
    func usage() async throws {
        let missing = await run(["--schema", "/nonexistent/schema.graphqls", "--operations", "/nonexistent"])
        #expect(missing.status == 2)
        #expect(missing.output.standardError.contains("/nonexistent/schema.graphqls: error: no such file or folder"))
        let noOperations = await run(["--schema", "s.graphqls"])
        #expect(noOperations.status == 2)
        #expect(noOperations.output.standardError.contains("--operations PATH is required"))
        let help = await run(["--help"])
        #expect(help.status == 0)
        #expect(help.output.standardOutput.contains("USAGE: graphql-bridge validate"))
    }
}
