import Foundation
import GraphQLParser
import GraphQLSchema
import Testing

/// graphql-core's own test fixtures (github_schema.graphql, large_query.graphql, schema_kitchen_sink.graphql),
/// when GRAPHQL_CORE_FIXTURES names their folder (`scripts/fetch-graphql-core-fixtures.sh` prints it), against
/// what graphql-core 3.3.2 reports for them (Fixtures/graphql-core-fixture-expectations.json).
///
/// large_query.graphql is a serialization benchmark written for a schema of its own (`organization(id:)`,
/// `membersCount`, `SortOrder`, ...), not for GitHub's; validated against GitHub's schema it has 863 errors, which
/// makes it a good check of messages, suggestions and locations at scale.
@Suite(
    "graphql-core fixtures",
    .enabled(if: ProcessInfo.processInfo.environment["GRAPHQL_CORE_FIXTURES"] != nil, "GRAPHQL_CORE_FIXTURES not set"))
struct GraphQLCoreFixtureTests {
    static func fixture(_ name: String) throws -> Document {
        let folder = ProcessInfo.processInfo.environment["GRAPHQL_CORE_FIXTURES"] ?? ""
        let text = try String(contentsOf: URL(fileURLWithPath: folder).appendingPathComponent(name), encoding: .utf8)
        return try Parser.parse(Source(text, name: name))
    }

    static func githubSchema() throws -> Schema {
        let (schema, diagnostics) = SchemaBuilder.build([try fixture("github_schema.graphql")])
        #expect(diagnostics.isEmpty, "\(diagnostics.prefix(5))")
        return try #require(schema)
    }

    @Test("GitHub's schema builds without diagnostics, as in graphql-core")
    func githubSchemaBuilds() throws {
        let expectations = try Fixtures.decode(
            Expectations.GraphQLCoreFixtures.self, "graphql-core-fixture-expectations.json")
        #expect(expectations.schemaErrors.isEmpty)
        let schema = try Self.githubSchema()
        #expect(schema.queryType?.name == "Query")
        #expect(schema.mutationType?.name == "Mutation")
        #expect(schema.types.count == 552)  // graphql-core's type map: 552 types
        let node = try #require(schema.type(named: "Node"))
        let possibleTypes = schema.possibleTypes(of: node).map(\.name)
        #expect(possibleTypes.count == 92)  // as graphql-core's get_possible_types
        #expect(possibleTypes.prefix(3) == ["AddedToProjectEvent", "App", "AssignedEvent"])
    }

    @Test("large_query.graphql against GitHub's schema: graphql-core's 100 first errors, then the abort")
    func largeQueryFirstErrors() throws {
        let expectations = try Fixtures.decode(
            Expectations.GraphQLCoreFixtures.self, "graphql-core-fixture-expectations.json")
        let schema = try Self.githubSchema()
        let query = try Self.fixture("large_query.graphql")
        let start = ContinuousClock.now
        let errors = Validator.validate(query, schema: schema).map(ExpectedError.init)
        print("large_query.graphql validated against GitHub's schema in \(ContinuousClock.now - start)")
        #expect(errors.count == 101)
        #expect(errors == expectations.largeQueryErrors)
    }

    @Test("large_query.graphql against GitHub's schema: all 863 errors, in graphql-core's order")
    func largeQueryAllErrors() throws {
        let expectations = try Fixtures.decode(
            Expectations.GraphQLCoreFixtures.self, "graphql-core-fixture-expectations.json")
        let schema = try Self.githubSchema()
        let query = try Self.fixture("large_query.graphql")
        let errors = Validator.validate(query, schema: schema, maxErrors: .max).map(ExpectedError.init)
        #expect(errors.count == expectations.largeQueryAllErrors.count)
        let missing = expectations.largeQueryAllErrors.filter { !errors.contains($0) }
        let extra = errors.filter { !expectations.largeQueryAllErrors.contains($0) }
        #expect(missing.isEmpty && extra.isEmpty, "missing \(missing.prefix(5)), extra \(extra.prefix(5))")
        #expect(errors == expectations.largeQueryAllErrors)
    }

    @Test("schema_kitchen_sink.graphql: graphql-core's SDL errors")
    func schemaKitchenSink() throws {
        let expectations = try Fixtures.decode(
            Expectations.GraphQLCoreFixtures.self, "graphql-core-fixture-expectations.json")
        let (schema, diagnostics) = SchemaBuilder.build([try Self.fixture("schema_kitchen_sink.graphql")])
        #expect(schema == nil)
        let actual = diagnostics.map(ExpectedError.init)
        let missing = expectations.schemaKitchenSinkErrors.filter { !actual.contains($0) }
        let extra = actual.filter { !expectations.schemaKitchenSinkErrors.contains($0) }
        #expect(missing.isEmpty && extra.isEmpty, "missing \(missing), extra \(extra)")
        #expect(actual.sorted() == expectations.schemaKitchenSinkErrors.sorted())
    }
}
