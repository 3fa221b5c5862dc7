import Foundation
import GraphQLBridgeSupport
import GraphQLParser
import GraphQLSchema
import GraphQLServer
import LotteryTestSupport
import Testing

@testable import GraphQLBridgeCLI
@testable import LotteryBackend

/// `graphql-bridge fetch-schema`: introspection over HTTP, printed as SDL, against the embedded backend (whose
/// introspection is GraphQLServer's executor) and the reference backend (graphql-core's).
@Suite("fetch-schema")
struct FetchSchemaTests {
    /// The lottery's schema as the backends serve it: the bundled SDL with the enum values the bundled data set
    /// uses beyond it (`GameType.SCRATCH`, `DrawStatus.POSTPONED`).
    static func bundledSchema() throws -> Schema {
        try ServedSchema.build(dataSet: try LotteryDataSet.bundled()).get()
    }

    static func build(_ sdl: String) throws -> Schema {
        let built = SchemaBuilder.build(sources: [Source(sdl, name: "fetched")])
        return try #require(built.schema, "the fetched SDL does not build: \(built.diagnostics)\n\(sdl)")
    }

    @Test(
        "the embedded backend's schema, fetched by introspection, is lottery.graphqls with the data set's enum values: every type, field, argument and default"
    )
    func embedded() async throws {
        let server = try EmbeddedLotteryServer.start(options: EmbeddedBackendOptions(port: 0))
        defer { server.stop() }
        let sdl = try await FetchSchemaCommand.fetch(endpoint: server.graphQLURL, headers: [])
        do {
            let fetchedOutline = SchemaOutline.of(try Self.build(sdl))
            let expectedOutline = SchemaOutline.of(try Self.bundledSchema())
            #expect(fetchedOutline == expectedOutline, "\(SchemaOutline.difference(fetchedOutline, expectedOutline))")
        }
        #expect(sdl.contains("type Query {"), "\(sdl)")
        #expect(!sdl.contains("__Schema") && !sdl.contains("scalar String"), "built-ins are left out:\n\(sdl)")
    }

    @Test("the reference backend (graphql-core) and the embedded backend describe the same schema, in the same SDL")
    func reference() async throws {
        let reference = try await ReferenceBackend.start()
        defer { reference.stop() }
        let embedded = try EmbeddedLotteryServer.start(options: EmbeddedBackendOptions(port: 0))
        defer { embedded.stop() }
        let fromReference = try await FetchSchemaCommand.fetch(endpoint: reference.graphQLURL, headers: [])
        let fromEmbedded = try await FetchSchemaCommand.fetch(endpoint: embedded.graphQLURL, headers: [])
        do {
            let fetchedOutline = SchemaOutline.of(try Self.build(fromReference))
            let expectedOutline = SchemaOutline.of(try Self.bundledSchema())
            #expect(fetchedOutline == expectedOutline, "\(SchemaOutline.difference(fetchedOutline, expectedOutline))")
        }
        // The same introspection answers, printed the same: descriptions, deprecations and order included.
        #expect(fromReference == fromEmbedded)
    }

    @Test(
        "a token goes in --header; without it the server's refusal is exit 1 with its message; an unreachable server exit 2"
    )
    func headersAndErrors() async throws {
        let server = try EmbeddedLotteryServer.start(options: EmbeddedBackendOptions(token: "secret", port: 0))
        defer { server.stop() }
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("fetch-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("schema.graphqls").path

        let refused = OutputBuffer()
        let refusedStatus = await FetchSchemaCommand.main(
            arguments: ["--endpoint", server.graphQLURL.absoluteString], output: refused.commandOutput)
        #expect(refusedStatus == 1)
        #expect(refused.standardError.contains("missing or wrong bearer token"), "\(refused.standardError)")

        let written = OutputBuffer()
        let status = await FetchSchemaCommand.main(
            arguments: [
                "--endpoint", server.graphQLURL.absoluteString, "--header", "Authorization: Bearer secret",
                "--output", file,
            ], output: written.commandOutput)
        #expect(status == 0, "\(written.standardError)")
        let sdl = try String(contentsOfFile: file, encoding: .utf8)
        do {
            let fetchedOutline = SchemaOutline.of(try Self.build(sdl))
            let expectedOutline = SchemaOutline.of(try Self.bundledSchema())
            #expect(fetchedOutline == expectedOutline, "\(SchemaOutline.difference(fetchedOutline, expectedOutline))")
        }

        let port = server.port
        server.stop()
        let unreachable = OutputBuffer()
        let unreachableStatus = await FetchSchemaCommand.main(
            arguments: ["--endpoint", "http://127.0.0.1:\(port)/graphql"], output: unreachable.commandOutput)
        #expect(unreachableStatus == 2)
        #expect(unreachable.standardError.contains("cannot reach"), "\(unreachable.standardError)")

        let usage = OutputBuffer()
        #expect(await FetchSchemaCommand.main(arguments: ["--endpoint", "ftp://x"], output: usage.commandOutput) == 2)
        #expect(usage.standardError.contains("http or https"), "\(usage.standardError)")
        #expect(await FetchSchemaCommand.main(arguments: ["--header", "nocolon"], output: usage.commandOutput) == 2)
    }

    @Test(
        "the SDL printed from an introspection result is graphql-core's print_schema(build_client_schema(...)), byte for byte"
    )
    func printedAsGraphQLCore() async throws {
        let embedded = try EmbeddedLotteryServer.start(options: EmbeddedBackendOptions(port: 0))
        defer { embedded.stop() }
        let mock = try MockGraphQLServer.start(schema: try Self.build(MockServerTests.schemaSDL))
        defer { mock.stop() }
        let python = try await ReferenceBackend.python()
        for endpoint in [embedded.graphQLURL, mock.graphQLURL] {
            let schema = try await FetchSchemaCommand.introspection(endpoint: endpoint, headers: [])
            let file = FileManager.default.temporaryDirectory.appendingPathComponent("introspection-\(UUID()).json")
            defer { try? FileManager.default.removeItem(at: file) }
            try JSONValue.object([("__schema", schema)]).serialized().write(to: file)
            let script = """
                import json, sys
                from graphql import build_client_schema, print_schema
                with open(sys.argv[1]) as f:
                    sys.stdout.write(print_schema(build_client_schema(json.load(f))) + "\\n")
                """
            let result = try await ChildProcessResult.run(
                URL(fileURLWithPath: python), arguments: ["-c", script, file.path])
            #expect(result.status == 0, "\(result.standardError)")
            #expect(try IntrospectionSDL.print(schema: schema) == result.standardOutput)
        }
    }

    @Test("a malformed introspection result is a typed error that says where")
    func malformed() throws {
        let schema = try JSONParser.parse(
            Array(#"{"queryType":{"name":"Query"},"directives":[],"types":[{"kind":"OBJECT"}]}"#.utf8))
        #expect(throws: IntrospectionSDL.Malformed.self) { try IntrospectionSDL.print(schema: schema) }
        do {
            _ = try IntrospectionSDL.print(schema: schema)
        } catch {
            #expect(error.description.contains("__schema.types[0].name"), "\(error)")
        }
    }
}

/// A command output that keeps what is written, from any thread.
final class OutputBuffer: Sendable {
    private let out = Locked("")
    private let err = Locked("")

    var commandOutput: CommandOutput {
        CommandOutput(
            standardOutput: { text in self.out.withLock { $0 += text } },
            standardError: { text in self.err.withLock { $0 += text } })
    }

    var standardOutput: String { out.withLock { $0 } }
    var standardError: String { err.withLock { $0 } }
}
