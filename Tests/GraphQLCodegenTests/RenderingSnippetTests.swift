import Foundation
import GraphQLCodegen
import GraphQLParser
import Testing

/// Snippet tests: a small schema and operations in (Fixtures/Snippets/<name>/: schema.graphqls, operations.graphql,
/// config.json), the expected Swift out (expected.swift: every generated file, each after a `// FILE: <path>` line)
/// and the expected warnings (expected-diagnostics.txt). A difference fails with a diff; UPDATE_SNAPSHOTS=1
/// rewrites the expected files. Every snippet's output is also compiled by GeneratedCodeCompilesTests.
@Suite("Rendering snippets")
struct RenderingSnippetTests {
    /// The snippets, one per construct.
    static let snippets = [
        "access-internal",  // internal declarations
        "conditional-fields",  // @include/@skip: optional fields, a conditional fragment
        "data-connect-scalars",  // UUID (both forms), LocalDate, Timestamp, Any: decoding, variables, inputs
        "enums",  // unknown case, case names, keywords, descriptions, deprecation
        "fragments",  // fragments, nested spreads, a selection typed as its only fragment, spreads beside fields
        "input-objects",  // Encodable inputs, GraphQLNullable, defaults, a recursive input, Date fields
        "interfaces",  // inline fragments on an interface, __typename added, asDog views, a fragment in a view
        "keywords-and-collisions",  // backticks, reserved member names, nested struct names that would hide types
        "nested-selections",  // nested structs, merged fields, aliases, singular list item names, Identifiable
        "operation-types",  // query, mutation and subscription, custom root type names, a name ending in Query
        "scalars",  // custom scalars mapped, an unmapped one as JSONValue with a warning, ID, lists
        "unions",  // a union with object and interface type conditions
        "variables",  // required, nullable, defaults, lists, a Date variable sent as RFC 3339
    ]

    /// Runs the pipeline on one snippet: the generated files joined, and the diagnostics with file names only.
    static func generate(_ name: String) throws -> (code: String, diagnostics: String) {
        let folder = try CodegenTestSupport.fixtureURL("Snippets/\(name)")
        let configuration = try CodegenConfiguration.load(contentsOf: folder.appendingPathComponent("config.json"))
        let result = try CodegenPipeline(configuration: configuration).run()
        let diagnostics = result.diagnostics.map { diagnostic -> String in
            var copy = diagnostic
            copy.location.fileName = URL(fileURLWithPath: diagnostic.location.fileName).lastPathComponent
            return copy.description + "\n"
        }.joined()
        return (CodegenTestSupport.joined(result.files), diagnostics)
    }

    @Test("generated Swift matches expected.swift", arguments: snippets)
    func snippet(_ name: String) throws {
        let (code, diagnostics) = try Self.generate(name)
        let folder = try CodegenTestSupport.fixtureURL("Snippets/\(name)")
        let source = CodegenTestSupport.testsFolder.appendingPathComponent("Fixtures/Snippets/\(name)")
        try CodegenTestSupport.expectSnapshot(
            code, expected: folder.appendingPathComponent("expected.swift"),
            source: source.appendingPathComponent("expected.swift"))
        let expectedDiagnostics = folder.appendingPathComponent("expected-diagnostics.txt")
        try CodegenTestSupport.expectSnapshot(
            diagnostics,
            expected: FileManager.default.fileExists(atPath: expectedDiagnostics.path) ? expectedDiagnostics : nil,
            source: source.appendingPathComponent("expected-diagnostics.txt"))
    }

    @Test("the output is the same on every run")
    func deterministic() throws {
        for name in Self.snippets {
            let first = try Self.generate(name)
            let second = try Self.generate(name)
            #expect(first.code == second.code, "\(name)")
            #expect(first.diagnostics == second.diagnostics, "\(name)")
        }
    }
}
