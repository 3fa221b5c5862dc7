import Foundation
import GraphQLCodegen
import GraphQLParser
import Testing

/// Directives the generator treats itself: client-only directives declared by the app (accepted, and removed from the
/// documents sent), and `@defer`/`@stream` (kept in the documents sent; what `@defer` defers is optional, `nil` until
/// its increment arrives; graphql-core's incremental delivery rules apply).
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

    static let incrementalSchema =
        schema + """

            directive @defer(if: Boolean! = true, label: String) on FRAGMENT_SPREAD | INLINE_FRAGMENT
            directive @stream(if: Boolean! = true, label: String, initialCount: Int = 0) on FIELD
            """

    @Test("@defer makes what it defers optional; @stream leaves the list's type; both are sent")
    func incrementalDelivery() throws {
        let result = Self.generate(
            """
            query Games($later: Boolean!) {
              games @stream(initialCount: 1) {
                id
                ... @defer(label: "names") { name }
                ... @defer(if: false) { draws }
                ...Later @defer(if: $later)
              }
            }
            fragment Later on Game { name draws }
            """, schema: Self.incrementalSchema)
        #expect(!result.hasErrors, "\(result.diagnostics)")
        let operation = try #require(result.plan?.operations.first)
        #expect(operation.minifiedText.contains("games@stream(initialCount:1)"), "\(operation.minifiedText)")
        #expect(operation.minifiedText.contains("...@defer(label:\"names\"){name}"), "\(operation.minifiedText)")
        #expect(operation.minifiedText.contains("...Later@defer(if:$later)"), "\(operation.minifiedText)")
        let games = try #require(operation.data.fields.first { $0.responseKey == "games" })
        #expect(games.type.swift == "[Game]")
        let game = try #require(operation.data.nestedTypes.first)
        func type(_ key: String) -> String? { game.fields.first { $0.responseKey == key }?.type.swift }
        #expect(type("id") == "GraphQLID")
        // Deferred (by the labelled fragment and by the spread): nil until its increment arrives.
        #expect(type("name") == "String?")
        // `@defer(if: false)` is not deferred, and the spread's `draws` is not the only place it is selected.
        #expect(type("draws") == "[Int]")
        // The spread, then the labelled inline fragment's view (`fragments.names: Names?`).
        #expect(game.fragments.map(\.fragmentType) == ["Later", "Names"])
        #expect(game.fragments.allSatisfy { $0.isConditional })
        #expect(game.deferredViews.map(\.swiftName) == ["Names"])
    }

    @Test("a deferred inline fragment is a view named by its label or type condition, holding what only it selects")
    func deferredInlineViews() throws {
        let result = Self.generate(
            """
            query Game($id: ID!) {
              game(id: $id) {
                id
                ... on Game @defer(label: "more") { name }
                ... @defer { draws }
              }
            }
            """, schema: Self.incrementalSchema)
        #expect(!result.hasErrors, "\(result.diagnostics)")
        let operation = try #require(result.plan?.operations.first)
        let game = try #require(operation.data.nestedTypes.first)
        // What only a deferred inline fragment selects is its view's, not the enclosing struct's.
        #expect(game.fields.map(\.responseKey) == ["id"])
        #expect(game.fragments.map(\.fragmentType) == ["More", "DeferredGame"])
        #expect(game.fragments.map(\.propertyName) == ["more", "deferredGame"])
        #expect(game.fragments.allSatisfy { $0.isConditional })
        let more = try #require(game.deferredViews.first)
        func field(_ view: SelectionSetPlan, _ key: String) -> FieldPlan? {
            view.fields.first { $0.responseKey == key }
        }
        // The view holds the enclosing fields and its own, typed as the schema says; its own must be there.
        #expect(more.fields.map(\.responseKey) == ["id", "name"])
        #expect(field(more, "name")?.type.swift == "String" && field(more, "name")?.requiresPresence == true)
        #expect(field(more, "id")?.requiresPresence == false)
        // Not the other deferred fragment's fields, nor a view of its own.
        #expect(more.deferredViews.isEmpty && field(more, "draws") == nil)
        let unlabelled = try #require(game.deferredViews.last)
        #expect(unlabelled.swiftName == "DeferredGame")
        #expect(
            field(unlabelled, "draws")?.type.swift == "[Int]" && field(unlabelled, "draws")?.requiresPresence == true)
    }

    @Test("@defer and @stream: graphql-core's rules, and the schema must declare them")
    func incrementalDeliveryRules() throws {
        let undeclared = Self.generate("query Games { games { id ... @defer { name } } }")
        #expect(
            undeclared.diagnostics.contains { $0.message.contains("Unknown directive '@defer'") },
            "\(undeclared.diagnostics)")
        let notList = Self.generate(
            "query Game { game(id: 1) @stream { id } }", schema: Self.incrementalSchema)
        #expect(notList.hasErrors, "\(notList.diagnostics)")
        let sameLabel = Self.generate(
            "query Games { games { ... @defer(label: \"a\") { id } ... @defer(label: \"a\") { name } } }",
            schema: Self.incrementalSchema)
        #expect(sameLabel.hasErrors, "\(sameLabel.diagnostics)")
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
