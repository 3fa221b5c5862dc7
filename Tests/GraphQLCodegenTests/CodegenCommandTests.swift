import Foundation
import GraphQLBridgeCLI
import GraphQLBridgeSupport
import Testing

/// `graphql-bridge codegen`: writes the files, leaves unchanged ones alone, reports problems, watches.
@Suite("codegen command")
struct CodegenCommandTests {
    static let schema = """
        scalar Long
        scalar Odd
        type Query { game(id: ID!): Game }
        type Game { id: ID!, name: String!, draws: Long!, odd: Odd, status: Status! }
        enum Status { OPEN, CLOSED }
        """

    struct Setup {
        let folder: URL
        var schema: URL { folder.appendingPathComponent("graphql/schema.graphqls") }
        var operations: URL { folder.appendingPathComponent("graphql/ops") }
        var output: URL { folder.appendingPathComponent("Generated") }
    }

    func setUp() throws -> Setup {
        let setup = Setup(folder: try CodegenTestSupport.temporaryDirectory("codegen-command"))
        try CodegenTestSupport.write(Self.schema, to: setup.schema)
        try CodegenTestSupport.write(
            "query Game($id: ID!) { game(id: $id) { id name draws odd status } }",
            to: setup.operations.appendingPathComponent("Game.graphql"))
        return setup
    }

    func run(_ arguments: [String]) async -> (status: Int32, output: OutputCapture) {
        let capture = OutputCapture()
        let status = await GraphQLBridgeCommand.main(arguments: ["codegen"] + arguments, output: capture.output)
        return (status, capture)
    }

    @Test("writes one file per declaration; a second run rewrites nothing")
    func writesAndKeepsUnchanged() async throws {
        let setup = try setUp()
        defer { CodegenTestSupport.remove(setup.folder) }
        let arguments = [
            "--schema", setup.schema.path, "--operations", setup.operations.path, "--output", setup.output.path,
            "--scalar", "Long=Int64", "--access", "internal",
        ]
        let first = await run(arguments)
        #expect(first.status == 0)
        #expect(first.output.standardOutput.contains("Generated 2 files in \(setup.output.path): 2 written"))
        #expect(first.output.standardError.contains("Game.graphql:1:54: warning: The custom scalar 'Odd'"))
        let query = try String(
            contentsOf: setup.output.appendingPathComponent("Operations/GameQuery.swift"), encoding: .utf8)
        #expect(query.contains("\nstruct GameQuery: GraphQLQuery {"))
        #expect(query.contains("let draws: Int64"))
        #expect(query.contains("let odd: JSONValue?"))
        #expect(FileManager.default.fileExists(atPath: setup.output.appendingPathComponent("Schema/Status.swift").path))

        let second = await run(arguments)
        #expect(second.status == 0)
        #expect(second.output.standardOutput.contains("0 written, 2 unchanged, 0 removed"))
    }

    @Test("a configuration file, with options that override it")
    func configuration() async throws {
        let setup = try setUp()
        defer { CodegenTestSupport.remove(setup.folder) }
        let config = setup.folder.appendingPathComponent("graphql/graphql-codegen.json")
        try CodegenTestSupport.write(
            "{\"schema\": \"schema.graphqls\", \"operations\": \"ops\", \"output\": \"../Generated\", "
                + "\"scalars\": {\"Long\": \"Long\", \"Odd\": \"String\"}}", to: config)
        let result = await run(["--config", config.path, "--scalar", "Odd=Double"])
        #expect(result.status == 0, "\(result.output.standardError)")
        #expect(result.output.standardError.isEmpty)
        let query = try String(
            contentsOf: setup.output.appendingPathComponent("Operations/GameQuery.swift"), encoding: .utf8)
        #expect(query.contains("public let draws: Long"))
        #expect(query.contains("public let odd: Double?"))
    }

    @Test("an error in the operations: exit 1, the error at its place, nothing written")
    func errors() async throws {
        let setup = try setUp()
        defer { CodegenTestSupport.remove(setup.folder) }
        try CodegenTestSupport.write(
            "query Game { game { id } }", to: setup.operations.appendingPathComponent("Game.graphql"))
        let result = await run(
            ["--schema", setup.schema.path, "--operations", setup.operations.path, "--output", setup.output.path])
        #expect(result.status == 1)
        let file = setup.operations.appendingPathComponent("Game.graphql").path
        #expect(
            result.output.standardError.contains(
                "\(file):1:14: error: Argument 'Query.game(id:)' of type 'ID!' is required"))
        #expect(!FileManager.default.fileExists(atPath: setup.output.path))
    }

    @Test("usage errors: exit 2")
    func usage() async throws {
        #expect(await run(["--schema", "s", "--operations", "o"]).status == 2)
        #expect(await run(["--schema", "s", "--operations", "o", "--output", "x", "--scalar", "Long"]).status == 2)
        #expect(await run(["--schema", "s", "--operations", "o", "--output", "x", "--access", "open"]).status == 2)
        let badConfig = await run(["--config", "/nonexistent/graphql-codegen.json"])
        #expect(badConfig.status == 2)
        #expect(badConfig.output.standardError.contains("cannot read the configuration file"))
        let help = await run(["--help"])
        #expect(help.status == 0 && help.output.standardOutput.contains("--watch"))
    }

    @Test("--watch regenerates when an input changes")
    func watch() async throws {
        let setup = try setUp()
        defer { CodegenTestSupport.remove(setup.folder) }
        let capture = OutputCapture()
        let arguments = [
            "codegen", "--schema", setup.schema.path, "--operations", setup.operations.path, "--output",
            setup.output.path, "--watch",
        ]
        let task = Task { await GraphQLBridgeCommand.main(arguments: arguments, output: capture.output) }
        defer { task.cancel() }
        let query = setup.output.appendingPathComponent("Operations/GameQuery.swift")
        #expect(try await Self.eventually { FileManager.default.fileExists(atPath: query.path) })
        // A new operation file in the watched folder, once the watcher has taken stock of the inputs (it says so), not
        // after a while: written before, the file would be part of what it started from.
        #expect(try await Self.eventually { capture.standardError.contains("Watching for changes") })
        try CodegenTestSupport.write(
            "query Name($id: ID!) { game(id: $id) { name } }",
            to: setup.operations.appendingPathComponent("Name.graphql"))
        let name = setup.output.appendingPathComponent("Operations/NameQuery.swift")
        #expect(try await Self.eventually { FileManager.default.fileExists(atPath: name.path) })
        task.cancel()
        #expect(await task.value == 0)
        #expect(capture.standardError.contains("Watching for changes"))
    }

    /// Polls `condition` for up to ``HangDetector/limit`` (a hang detector: a busy machine can take seconds).
    static func eventually(_ condition: () -> Bool) async throws -> Bool {
        do {
            try await HangDetector.waitUntil("the condition", interval: .milliseconds(100)) { condition() }
            return true
        } catch is HangDetected {
            return condition()
        }
    }
}
