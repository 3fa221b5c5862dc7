import Foundation
import GraphQLCodegen
import GraphQLParser
import Testing

/// Type conditions on abstract types that overlap: a condition's fields are merged into another condition's view
/// (or the base struct) only where every possible type of that view has them, and a field merged that way is typed
/// from the type it is written on, even when the view's own type (an interface or a union) does not declare it.
@Suite("Overlapping type conditions")
struct OverlappingConditionTests {
    static let schema = """
        type Query { node(id: ID!): Node, search: [Result!]!, item: Item }
        interface Node { id: ID! }
        interface Starrable { id: ID!, stars: Int! }
        interface Info { name: String!, isPrivate: Boolean! }
        type Repo implements Node & Starrable & Info { id: ID!, stars: Int!, name: String!, isPrivate: Boolean! }
        type Gist implements Node & Starrable { id: ID!, stars: Int! }
        type User implements Node { id: ID!, login: String! }
        union Result = Repo | Gist
        union Item = Repo
        """

    func plan(_ operations: String) throws -> CodegenPlan {
        let result = CodegenTestSupport.generate(schema: Self.schema, operations: operations)
        #expect(!result.hasErrors, "\(result.diagnostics)")
        return try #require(result.plan, "\(result.diagnostics)")
    }

    @Test("the issue's shape: conditions on two interfaces under a third; the view of one gets the other's fields")
    func twoInterfacesUnderAThird() throws {
        let plan = try plan(
            """
            query NodeById($id: ID!) {
              node(id: $id) { __typename id ... on Starrable { stars } ... on Info { name isPrivate } }
            }
            """)
        let node = try #require(plan.operations.first?.data.nestedTypes.first)
        let cases = Dictionary(uniqueKeysWithValues: node.typeCases.map { ($0.typeCondition, $0) })
        let info = try #require(cases["Info"])
        // Every Info (Repo) is Starrable: `stars` is in Info's view.
        #expect(info.selectionSet.fields.map(\.responseKey) == ["__typename", "id", "stars", "name", "isPrivate"])
        let starrable = try #require(cases["Starrable"])
        // Not every Starrable (Gist) is an Info: Info's fields stay out of Starrable's view.
        #expect(starrable.selectionSet.fields.map(\.responseKey) == ["__typename", "id", "stars"])
        #expect(starrable.possibleTypes == ["Repo", "Gist"])
    }

    @Test("a union all of whose members implement an interface gets the interface's fields in its base struct")
    func interfaceFieldsOnAUnion() throws {
        let plan = try plan("query I { item { ... on Node { id } ... on Starrable { stars } } }")
        let item = try #require(plan.operations.first?.data.nestedTypes.first)
        #expect(item.fields.map(\.responseKey) == ["__typename", "id", "stars"])
        #expect(item.typeCases.isEmpty)
    }

    @Test("a union whose members do not all implement the interface keeps a view, with the interface's fields")
    func interfaceViewInAUnion() throws {
        let plan = try plan("query S { search { ... on Info { name } ... on Starrable { stars } } }")
        let result = try #require(plan.operations.first?.data.nestedTypes.first)
        #expect(result.fields.map(\.responseKey) == ["__typename", "stars"])
        let info = try #require(result.typeCases.first { $0.typeCondition == "Info" })
        #expect(info.selectionSet.fields.map(\.responseKey) == ["__typename", "name", "stars"])
    }

    @Test("nested conditions: an inner condition's fields reach a view only through conditions that apply to it")
    func nestedConditions() throws {
        let plan = try plan(
            """
            query N($id: ID!) {
              node(id: $id) { ... on Starrable { ... on Info { name } stars } ... on Info { ... on Node { id } } }
            }
            """)
        let node = try #require(plan.operations.first?.data.nestedTypes.first)
        let cases = Dictionary(uniqueKeysWithValues: node.typeCases.map { ($0.typeCondition, $0) })
        let info = try #require(cases["Info"])
        #expect(info.selectionSet.fields.map(\.responseKey) == ["__typename", "name", "stars", "id"])
        let starrable = try #require(cases["Starrable"])
        #expect(starrable.selectionSet.fields.map(\.responseKey) == ["__typename", "stars"])
    }

    @Test("named fragments on overlapping interfaces merge the same way as inline fragments")
    func namedFragments() throws {
        let plan = try plan(
            """
            fragment Stars on Starrable { stars }
            fragment Names on Info { name }
            query F($id: ID!) { node(id: $id) { id ...Stars ...Names } }
            """)
        let node = try #require(plan.operations.first?.data.nestedTypes.first)
        let info = try #require(node.typeCases.first { $0.typeCondition == "Info" })
        #expect(info.selectionSet.fields.map(\.responseKey) == ["__typename", "id", "stars", "name"])
    }

    @Test("the issue's operation over graphql-core's GitHub schema generates", .enabled(if: gitHubSchemaPath != nil))
    func gitHubNodeById() throws {
        let path = try #require(Self.gitHubSchemaPath)
        let schema = try String(contentsOfFile: path, encoding: .utf8)
        let operation = try Fixtures.text("GitHub/node-by-id.graphql")
        let result = CodegenPipeline(configuration: CodegenConfiguration()).run(
            schema: [Source(schema, name: "github_schema.graphql")],
            operations: [Source(operation, name: "node-by-id.graphql")], layout: .filePerDeclaration)
        #expect(!result.hasErrors, "\(result.diagnostics)")
        let node = try #require(result.plan?.operations.first?.data.nestedTypes.first)
        let info = try #require(node.typeCases.first { $0.typeCondition == "RepositoryInfo" })
        #expect(info.selectionSet.fields.map(\.responseKey).contains("stargazers"))
    }

    /// github_schema.graphql in graphql-core's fixtures folder (GRAPHQL_CORE_FIXTURES), when set.
    static var gitHubSchemaPath: String? {
        ProcessInfo.processInfo.environment["GRAPHQL_CORE_FIXTURES"].map { $0 + "/github_schema.graphql" }
    }
}
