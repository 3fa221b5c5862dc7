import Foundation
import GraphQLCodegen
import GraphQLParser
import Testing

/// Directives the generator treats itself: client-only directives declared by the app (accepted, and removed from the
/// documents sent), and `@defer`/`@stream` (refused with file, line and column until the runtime reads incremental
/// delivery).
@Suite("Client-only directives, @defer and @stream")
struct DirectiveHandlingTests {
    static let schema = """
        type Query { game(id: ID!): Game games: [Game!]! }
        type Game { id: ID! name: String! draws: [Int!]! }
        """

    static func generate(_ operations: String, clientDirectives: [String] = [], schema: String = schema)
        -> CodegenResult
    {
        var configuration = CodegenConfiguration()
        configuration.clientDirectives = clientDirectives
        return CodegenTestSupport.generate(schema: schema, operations: operations, configuration: configuration)
    }

    @Test("a client-only directive is accepted wherever it is used, and not sent")
    func clientDirectiveStripped() throws {
        let operations = """
            query Games @local { games { id name @local ...GameName @local ... @local { id } } }
            fragment GameName on Game @local { name }
            """
        let result = Self.generate(operations, clientDirectives: ["local"])
        #expect(!result.hasErrors, "\(result.diagnostics)")
        let plan = try #require(result.plan)
        #expect(plan.operations.first?.minifiedText == "query Games{games{id name...GameName...{id}}}")
        #expect(plan.fragments.first?.minifiedText == "fragment GameName on Game{name}")
        // Not configured: an unknown directive, as the spec says.
        let unknown = Self.generate(operations)
        #expect(unknown.diagnostics.contains { $0.message == "Unknown directive '@local'." })
    }

    @Test("a client-only directive declared in a schema file keeps its declaration (arguments, locations)")
    func clientDirectiveDeclared() throws {
        let schema = Self.schema + "\ndirective @local(reason: String) on QUERY"
        let result = Self.generate(
            "query Games @local(reason: \"cache\") { games { id } }", clientDirectives: ["local"], schema: schema)
        #expect(!result.hasErrors, "\(result.diagnostics)")
        #expect(result.plan?.operations.first?.minifiedText == "query Games{games{id}}")
        let misplaced = Self.generate(
            "query Games { games @local { id } }", clientDirectives: ["local"], schema: schema)
        #expect(misplaced.diagnostics.contains { $0.message == "Directive '@local' may not be used on field." })
    }

    @Test("@defer and @stream are refused with where they are and what to do")
    func incrementalDelivery() throws {
        let schema =
            Self.schema + """

                directive @defer(if: Boolean! = true, label: String) on FRAGMENT_SPREAD | INLINE_FRAGMENT
                directive @stream(if: Boolean! = true, label: String, initialCount: Int = 0) on FIELD
                """
        let result = Self.generate(
            "query Games {\n  games @stream(initialCount: 1) {\n    id\n    ... @defer { name }\n  }\n}", schema: schema
        )
        #expect(result.files.isEmpty)
        let messages = result.diagnostics.map(\.description)
        #expect(
            messages.contains {
                $0.hasPrefix("ops.graphql:2:9: error: @stream is not supported yet: the runtime reads one response")
            }, "\(messages)")
        #expect(
            messages.contains {
                $0.hasPrefix("ops.graphql:4:9: error: @defer is not supported yet") && $0.contains("remove it")
            },
            "\(messages)")
    }

    @Test("clientDirectives in graphql-codegen.json: names, with or without @; anything else is refused")
    func configuration() throws {
        let json = #"{"schema": "s.graphqls", "operations": "o.graphql", "clientDirectives": ["a", "@b"]}"#
        let configuration = try CodegenConfiguration.decode(Data(json.utf8), path: "graphql-codegen.json")
        #expect(configuration.clientDirectives == ["a", "b"])
        for bad in [#""a""#, "[1]", #"["a b"]"#] {
            let text = #"{"schema": "s.graphqls", "operations": "o.graphql", "clientDirectives": "# + bad + "}"
            #expect(throws: ConfigurationError.self) {
                try CodegenConfiguration.decode(Data(text.utf8), path: "graphql-codegen.json")
            }
        }
    }
}
