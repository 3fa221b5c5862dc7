import Foundation
import GraphQLBridgeCLI
import GraphQLCodegen
import Testing

/// Operation ids at build time and the Apollo persisted-query manifest: `"persistedQueries": {"manifest": ...}` in
/// graphql-codegen.json and `codegen --manifest`; the new scalar mappings in the configuration.
@Suite("Persisted-query manifest and scalar mappings")
struct PersistedQueryManifestTests {
    @Test("SHA-256 of known texts (FIPS 180-4 examples), as lowercase hex")
    func sha256() {
        #expect(
            PersistedQueryManifest.identifier(of: "")
                == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
        #expect(
            PersistedQueryManifest.identifier(of: "abc")
                == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        #expect(
            PersistedQueryManifest.identifier(of: "abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq")
                == "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1")
        // Multi-byte UTF-8 hashes the bytes sent.
        #expect(
            PersistedQueryManifest.identifier(of: "é")
                == "4a99557e4033c3539de2eb65472017cad5f9557f7a0625a09f1c3f6e2ba69c4c")
    }

    @Test("the LotteryAPI manifest checked in next to graphql-codegen.json is the one the generator writes")
    func lotteryManifestIsCurrent() throws {
        let configuration = try CodegenConfiguration.load(contentsOf: LotterySnapshotTests.configurationURL)
        let manifestPath = try #require(configuration.manifestPath)
        #expect(manifestPath.hasSuffix("Sources/LotteryAPI/graphql/persisted-query-manifest.json"))
        let plan = try #require(try LotterySnapshotTests.generate(layout: .filePerDeclaration).plan)
        let manifest = PersistedQueryManifest(plan: plan)
        let written = try String(contentsOfFile: manifestPath, encoding: .utf8)
        #expect(written == manifest.json, "regenerate it: swift build (the plugin writes it) or codegen --manifest")
        #expect(
            manifest.operations.map(\.name) == [
                "Draw", "DrawScreen", "DrawUpdated", "Draws", "Game", "GameIDs", "Games", "Image", "SetFavorite",
            ])
        #expect(
            manifest.operations.map(\.type) == [
                "query", "query", "subscription", "query", "query", "query", "query", "query", "mutation",
            ])
        for operation in plan.operations {
            let entry = try #require(manifest.operations.first { $0.name == operation.name })
            #expect(entry.body == plan.document(of: operation))
            #expect(entry.id == PersistedQueryManifest.identifier(of: entry.body))
            #expect(entry.body.hasPrefix(operation.minifiedText))
        }
        // The generated operation holds the same id as a constant.
        let files = try LotterySnapshotTests.generate(layout: .filePerDeclaration).files
        let game = try #require(files.first { $0.relativePath == "Operations/GameQuery.swift" })
        let gameID = try #require(manifest.operations.first { $0.name == "Game" }?.id)
        #expect(game.contents.contains("public static let operationIdentifier = \"\(gameID)\""))
    }

    @Test("the manifest's JSON: Apollo's format, sorted by name, escaped, stable")
    func manifestJSON() throws {
        var plan = CodegenPlan()
        plan.operations = []
        #expect(PersistedQueryManifest(plan: plan).json.contains("\"operations\": []"))
        let manifest = PersistedQueryManifest(
            plan: try #require(LotterySnapshotTests.generate(layout: .singleFile("x")).plan))
        let object = try #require(
            try JSONSerialization.jsonObject(with: Data(manifest.json.utf8)) as? [String: Any])
        #expect(object["format"] as? String == "apollo-persisted-query-manifest")
        #expect(object["version"] as? Int == 1)
        let operations = try #require(object["operations"] as? [[String: String]])
        #expect(operations.count == 9)
        #expect(operations.allSatisfy { Set($0.keys) == ["id", "body", "name", "type"] })
    }

    @Test("codegen --manifest writes the manifest (and leaves an unchanged one alone)")
    func commandLine() async throws {
        let folder = try CodegenTestSupport.temporaryDirectory("codegen-manifest")
        defer { CodegenTestSupport.remove(folder) }
        let schema = folder.appendingPathComponent("schema.graphqls")
        let operations = folder.appendingPathComponent("Ops.graphql")
        try CodegenTestSupport.write(
            "type Query { a: Int, b(x: String): String }\ntype Mutation { c: Int }", to: schema)
        try CodegenTestSupport.write(
            "query A { a }\nquery B { b(x: \"say \\\"hé\\\"\\n\") a }\nmutation C { c }", to: operations)
        let manifest = folder.appendingPathComponent("out/manifest.json")
        let arguments = [
            "codegen", "--schema", schema.path, "--operations", operations.path, "--output",
            folder.appendingPathComponent("Generated").path, "--manifest", manifest.path,
        ]
        let capture = OutputCapture()
        #expect(await GraphQLBridgeCommand.main(arguments: arguments, output: capture.output) == 0)
        #expect(capture.standardOutput.contains("Persisted-query manifest of 3 operations: \(manifest.path) (written)"))
        let text = try String(contentsOf: manifest, encoding: .utf8)
        #expect(text.contains(#""body": "query A{a}""#))
        #expect(text.contains(#""id": "\#(PersistedQueryManifest.identifier(of: "query A{a}"))""#))
        #expect(text.contains(#""type": "mutation""#))
        // Quotes, backslashes and non-ASCII in a document survive the JSON: the body is the document sent.
        let object = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        let entries = try #require(object["operations"] as? [[String: String]])
        let b = try #require(entries.first { $0["name"] == "B" })
        #expect(b["body"] == #"query B{b(x:"say \"hé\"\n")a}"#)
        #expect(b["id"] == PersistedQueryManifest.identifier(of: b["body"] ?? ""))
        let again = OutputCapture()
        #expect(await GraphQLBridgeCommand.main(arguments: arguments, output: again.output) == 0)
        #expect(again.standardOutput.contains("(unchanged)"))
        let empty = OutputCapture()
        #expect(
            await GraphQLBridgeCommand.main(arguments: Array(arguments.dropLast()) + [""], output: empty.output) == 2)
    }

    @Test("\"persistedQueries\" and the new scalar mappings in graphql-codegen.json")
    func configuration() throws {
        let configuration = try CodegenConfiguration.decode(
            Data(
                """
                {"schema": "s.graphqls", "operations": "o", "persistedQueries": {"manifest": "pq/manifest.json"},
                 "scalars": {"Date": "LocalDate", "Timestamp": "Timestamp", "UUID": "UUID",
                             "UUIDKey": {"type": "UUID", "format": "compact"}}}
                """.utf8), path: "graphql-codegen.json", baseDirectory: "/app/graphql")
        #expect(configuration.manifestPath == "/app/graphql/pq/manifest.json")
        #expect(configuration.scalars["Date"]?.decoding == .scalar)
        #expect(configuration.scalars["Date"]?.formatter == nil)
        #expect(configuration.scalars["Timestamp"]?.decoding == .scalar)
        #expect(configuration.scalars["UUID"]?.formatter == "UUIDScalar.hyphenated")
        #expect(configuration.scalars["UUIDKey"]?.formatter == "UUIDScalar.compact")
        #expect(ScalarMapping(swiftType: "Date").formatter == "DateTimeScalar.format")
    }

    @Test(
        "mistakes in the new keys say what to change",
        arguments: [
            (#""persistedQueries": "m.json""#, "must be an object"),
            (#""persistedQueries": {"path": "m.json"}"#, "unknown key 'path'"),
            (#""persistedQueries": {"manifest": 3}"#, "'persistedQueries.manifest' must be the path"),
            (#""persistedQuery": {}"#, "did you mean 'persistedQueries'?"),
            (#""scalars": {"U": {"type": "UUID", "format": "dashed"}}"#, #"must be "hyphenated" or "compact""#),
            (#""scalars": {"D": {"type": "LocalDate", "format": "compact"}}"#, "applies to UUID mappings only"),
        ])
    func mistakes(member: String, expected: String) {
        let json = #"{"schema": "s", "operations": "o", "# + member + "}"
        do {
            _ = try CodegenConfiguration.decode(Data(json.utf8), path: "graphql-codegen.json")
            Issue.record("accepted \(json)")
        } catch {
            #expect(error.message.contains(expected), "\(error.message)")
        }
    }

    @Test("a scalar named Any is JSONValue without a warning; the suggestions name the new types")
    func anyAndSuggestions() throws {
        let schema = "scalar Any\nscalar Odd\ntype Query { meta: Any, odd: Odd }"
        let result = CodegenPipeline().run(
            schema: [.init(schema, name: "s.graphqls")], operations: [.init("query M { meta odd }", name: "o.graphql")])
        #expect(!result.hasErrors)
        #expect(result.diagnostics.count == 1, "\(result.diagnostics)")
        #expect(result.diagnostics.first?.message.contains("'Odd'") == true)
        let code = result.files.map(\.contents).joined()
        #expect(code.contains("public let meta: JSONValue?"))
        let warning = CodegenPipeline().run(
            schema: [
                .init(
                    "scalar Date\nscalar UUID\nscalar Timestamp\ntype Query { d: Date, u: UUID, t: Timestamp }",
                    name: "s")
            ],
            operations: [.init("query Q { d u t }", name: "o")]
        ).diagnostics.map(\.message).joined(separator: "\n")
        #expect(warning.contains(#"{"Date": "LocalDate"}"#))
        #expect(warning.contains(#"{"UUID": "UUID"}"#))
        #expect(warning.contains(#"{"Timestamp": "Timestamp"}"#))
    }
}
