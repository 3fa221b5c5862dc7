import Foundation
import GraphQLCodegen
import GraphQLParser
import GraphQLSchema
import Testing

/// The schema model holds no reference cycles: a schema built, validated against, planned and rendered from, then
/// dropped, is freed with every type, field, argument and directive it made, with no call to make first. So
/// `codegen --watch`, which builds the schema again on every change, does not grow. (scripts/leaks.sh checks the same
/// under LeakSanitizer, over GitHub's schema.)
@Suite("Schema lifetime")
struct SchemaLifetimeTests {
    /// Weak references to what a pipeline run made (the built-in definitions, made once per process, aside): all `nil`
    /// once the run's values are dropped.
    final class Watched {
        weak var schema: Schema?
        var types: [Weak<SchemaType>] = []
        var fields: [Weak<SchemaField>] = []
        var arguments: [Weak<SchemaInputValue>] = []
        var directives: [Weak<SchemaDirective>] = []

        var alive: [String] {
            (schema == nil ? [] : ["the schema"])
                + types.compactMap { $0.object.map { "type \($0.name)" } }
                + fields.compactMap { $0.object.map { "field \($0.name)" } }
                + arguments.compactMap { $0.object.map { "argument \($0.name)" } }
                + directives.compactMap { $0.object.map { "directive @\($0.name)" } }
        }
    }

    /// A weak reference.
    struct Weak<Object: AnyObject> {
        weak var object: Object?
    }

    /// The schemas of the fixtures, and GitHub's when graphql-core's fixtures are there (scripts/test.sh).
    static var schemas: [(name: String, sdl: URL, operations: URL?)] {
        get throws {
            var schemas: [(name: String, sdl: URL, operations: URL?)] = try ["lottery", "catalog", "pets"].map {
                ($0, CodegenTestSupport.schemaFixtureURL("\($0).graphqls"), nil)
            }
            if let fixtures = ProcessInfo.processInfo.environment["GRAPHQL_CORE_FIXTURES"] {
                schemas.append(
                    (
                        "GitHub", URL(fileURLWithPath: fixtures).appendingPathComponent("github_schema.graphql"),
                        try CodegenTestSupport.fixtureURL("GitHub/operations.graphql")
                    ))
            }
            return schemas
        }
    }

    @Test("a schema built, validated against, planned and rendered from is freed once dropped")
    func schemaIsFreed() throws {
        for (name, sdl, operations) in try Self.schemas {
            let watched = Watched()
            try run(sdl: sdl, operations: operations, watching: watched)
            #expect(watched.types.count > 10, "\(name): the run made no schema")
            #expect(watched.alive.isEmpty, "\(name): still alive after the run: \(watched.alive.prefix(5))")
        }
    }

    /// One pipeline run whose values all go at its end; records weak references to what it made.
    private func run(sdl: URL, operations: URL?, watching watched: Watched) throws {
        let pipeline = CodegenPipeline()
        let sources = [Source(try String(contentsOf: sdl, encoding: .utf8), name: sdl.lastPathComponent)]
        let (documents, parseDiagnostics) = pipeline.parse(sources)
        #expect(parseDiagnostics.isEmpty)
        let (built, _) = pipeline.buildSchema(documents)
        let schema = try #require(built)
        watched.schema = schema
        // The built-in scalars, introspection types and directives are static values, made once per process.
        for type in schema.types where !type.isBuiltIn {
            watched.types.append(Weak(object: type))
            for field in type.fields {
                watched.fields.append(Weak(object: field))
                watched.arguments += field.arguments.map { Weak(object: $0) }
            }
            watched.arguments += type.inputFields.map { Weak(object: $0) }
        }
        watched.directives = schema.directives.filter { !$0.isBuiltIn }.map { Weak(object: $0) }
        if let operations {
            let text = try String(contentsOf: operations, encoding: .utf8)
            let (operationDocuments, _) = pipeline.parse([Source(text, name: operations.lastPathComponent)])
            _ = pipeline.validate(operationDocuments, schema: schema)
            let (plan, _) = pipeline.plan(operationDocuments, schema: schema)
            #expect(!pipeline.render(plan).isEmpty)
        }
    }
}
