import Foundation
import GraphQLCodegen
import GraphQLParser
import Testing

/// The pipeline's stages and when it stops: errors stop it at the end of their stage, warnings never do.
@Suite("Codegen pipeline")
struct CodegenPipelineTests {
    static let schema = "type Query { game(id: ID!): Game } type Game { id: ID!, name: String! }"

    @Test("a syntax error in any file stops the run, and every file is still parsed")
    func syntaxErrors() throws {
        let result = CodegenPipeline().run(
            schema: [Source(Self.schema, name: "schema.graphqls")],
            operations: [Source("query A { game(id: 1) {", name: "a.graphql"), Source("query B {", name: "b.graphql")])
        #expect(result.files.isEmpty)
        #expect(result.diagnostics.map(\.location.fileName) == ["a.graphql", "b.graphql"])
        #expect(result.diagnostics.allSatisfy { $0.severity == .error && $0.message.hasPrefix("Syntax Error") })
    }

    @Test("validation errors are reported with file, line and column, and nothing is generated")
    func validationErrors() throws {
        let result = CodegenTestSupport.generate(
            schema: Self.schema, operations: "query G {\n  game(id: \"1\") { nmae }\n}")
        #expect(result.files.isEmpty)
        let error = try #require(result.diagnostics.first)
        #expect(error.description.hasPrefix("ops.graphql:2:19: error: Cannot query field 'nmae' on type 'Game'."))
    }

    @Test("a subscription selects one root field (the spec's rule): two are an error, and nothing is generated")
    func subscriptionRootFields() throws {
        let schema = Self.schema + " type Subscription { gameChanged(id: ID!): Game, tick: Int }"
        let two = CodegenTestSupport.generate(
            schema: schema, operations: "subscription Both {\n  gameChanged(id: \"1\") { id }\n  tick\n}")
        #expect(two.files.isEmpty)
        let error = try #require(two.diagnostics.first)
        #expect(
            error.description.hasPrefix(
                "ops.graphql:3:3: error: Subscription 'Both' must select only one top level field."))
        let one = CodegenTestSupport.generate(
            schema: schema, operations: "subscription One { gameChanged(id: \"1\") { id } }")
        #expect(!one.hasErrors)
        let generated = try #require(one.files.first { $0.relativePath.hasSuffix("OneSubscription.swift") })
        #expect(generated.contents.contains("public struct OneSubscription: GraphQLSubscription"))
        #expect(generated.contents.contains("public static let cacheMetadata: GraphQLCacheMetadata?"))
        // The one-pass decoder is generated code's API only: SPI, which the file imports.
        #expect(generated.contents.contains("@_spi(Generated) public init(graphQLReader: inout GraphQLJSONReader)"))
        #expect(generated.contents.contains("\n@_spi(Generated) import GraphQLBridge\n"))
        #expect(
            generated.contents.contains(
                "@_spi(Generated) public func writeGraphQLMembers(to graphQLObject: inout GraphQLResponseObject)"))
    }

    @Test("a schema error stops the run before validation")
    func schemaErrors() throws {
        let result = CodegenTestSupport.generate(schema: "type Query { a: Missing }", operations: "query Q { a }")
        #expect(result.files.isEmpty)
        #expect(result.diagnostics.allSatisfy { $0.location.fileName == "schema.graphqls" })
        #expect(result.hasErrors)
    }

    @Test("a fragment no operation uses is generated, not an error")
    func unusedFragment() throws {
        let result = CodegenTestSupport.generate(schema: Self.schema, operations: "fragment GameName on Game { name }")
        #expect(result.diagnostics.isEmpty)
        #expect(result.files.map(\.relativePath) == ["Fragments/GameName.swift"])
    }

    @Test("fragments may be defined in another file than the operations that use them")
    func fragmentsAcrossFiles() throws {
        let result = CodegenPipeline().run(
            schema: [Source(Self.schema, name: "schema.graphqls")],
            operations: [
                Source("query G { game(id: \"1\") { ...GameName } }", name: "a.graphql"),
                Source("fragment GameName on Game { name }", name: "b.graphql"),
            ])
        #expect(result.diagnostics.isEmpty)
        #expect(result.files.map(\.relativePath) == ["Fragments/GameName.swift", "Operations/GQuery.swift"])
    }

    @Test("warnings do not stop the run")
    func warningsDoNotStop() throws {
        let result = CodegenTestSupport.generate(
            schema: "scalar Odd type Query { odd: Odd }", operations: "query O { odd }")
        #expect(result.diagnostics.map(\.severity) == [.warning])
        #expect(result.files.count == 1)
        #expect(result.files.first?.contents.contains("public let odd: JSONValue?") == true)
    }

    @Test("the stages can be driven one by one")
    func stages() throws {
        let pipeline = CodegenPipeline(configuration: CodegenConfiguration(accessLevel: .internal))
        let (schemaDocuments, parseDiagnostics) = pipeline.parse([Source(Self.schema, name: "s.graphqls")])
        #expect(parseDiagnostics.isEmpty)
        let schema = try #require(pipeline.buildSchema(schemaDocuments).schema)
        let (operations, _) = pipeline.parse([Source("query G { game(id: \"x\") { id } }", name: "o.graphql")])
        #expect(pipeline.validate(operations, schema: schema).isEmpty)
        let (plan, planDiagnostics) = pipeline.plan(operations, schema: schema)
        #expect(planDiagnostics.isEmpty)
        #expect(plan.operations.map(\.swiftName) == ["GQuery"])
        let files = pipeline.render(plan)
        #expect(files.first?.contents.contains("\nstruct GQuery: GraphQLQuery {") == true)
        #expect(files.first?.contents.contains("public ") == false)
    }

    @Test("reading the configuration's paths: folders give their .graphql files, sorted")
    func configurationPaths() throws {
        let folder = try CodegenTestSupport.temporaryDirectory("pipeline")
        defer { CodegenTestSupport.remove(folder) }
        try CodegenTestSupport.write(Self.schema, to: folder.appendingPathComponent("schema.graphqls"))
        try CodegenTestSupport.write(
            "query B { game(id: \"b\") { id } }", to: folder.appendingPathComponent("ops/b.graphql"))
        try CodegenTestSupport.write(
            "query A { game(id: \"a\") { id } }", to: folder.appendingPathComponent("ops/sub/a.graphql"))
        try CodegenTestSupport.write("not graphql", to: folder.appendingPathComponent("ops/notes.txt"))
        let files = try SourceFiles.expand([folder.appendingPathComponent("ops").path], extensions: ["graphql"])
        #expect(files.map { URL(fileURLWithPath: $0).lastPathComponent } == ["b.graphql", "a.graphql"])
        let configuration = CodegenConfiguration(
            schemaPaths: [folder.appendingPathComponent("schema.graphqls").path],
            operationPaths: [folder.appendingPathComponent("ops").path])
        let result = try CodegenPipeline(configuration: configuration).run()
        #expect(result.files.map(\.relativePath) == ["Operations/AQuery.swift", "Operations/BQuery.swift"])
        #expect(throws: SourceLoadingError.self) {
            try SourceFiles.expand([folder.appendingPathComponent("missing").path], extensions: ["graphql"])
        }
    }
}
