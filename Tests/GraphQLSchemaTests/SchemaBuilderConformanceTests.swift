import Foundation
import GraphQLParser
import GraphQLSchema
import Testing

/// The SchemaBuilder against graphql-core 3.3.2 itself: for every document of Fixtures/sdl-corpus.graphql, the
/// diagnostics (errors and warnings) have the messages and locations graphql-core's `validate_sdl`, or when that
/// finds nothing `validate_schema`, reports (Fixtures/sdl-expectations.json, by make_validation_expectations.py).
/// The builder makes a schema exactly when it reports no error; graphql-core's problems that leave a usable schema
/// (misplaced or unknown directives, empty types, deprecation rules) are warnings.
///
/// KNOWN DIFFERENCES (see `knownDifferences`; the test fails when a listed document starts to agree):
///
/// - A list or input object default value where a scalar or enum is expected (`x: Int = [1]`): same message,
///   but graphql-core gives no location (its `replace_variables` copies the literal without its location); the
///   builder reports the default value's line and column.
@Suite("SchemaBuilder conformance with graphql-core")
struct SchemaBuilderConformanceTests {
    /// Documents whose diagnostics may differ from graphql-core's errors, with why.
    static let knownDifferences: [String: String] = [
        "default-value-composite-for-leaf": "lists and objects for leaf types: graphql-core gives them no location"
    ]

    @Test("diagnostics agree with graphql-core's build_schema and validate_schema")
    func agreement() throws {
        let expectations = try Fixtures.decode(Expectations.SDL.self, "sdl-expectations.json")
        let corpus = Corpus(try Fixtures.text("sdl-corpus.graphql"))
        #expect(corpus.entries.count == expectations.documents.count, "regenerate the expectations")
        #expect(corpus.entries.count >= 40)
        var exact = 0
        for (entry, expected) in zip(corpus.entries, expectations.documents) {
            #expect(entry.id == expected.id)
            let document = try Parser.parse(Source(entry.text, name: entry.id))
            let (schema, diagnostics) = SchemaBuilder.build([document])
            let actual = diagnostics.map(ExpectedError.init)
            let hasErrors = diagnostics.contains { $0.severity == .error }
            #expect((schema == nil) == hasErrors, "\(entry.id): a schema exactly when there is no error")
            #expect(expected.errors.isEmpty == actual.isEmpty, "\(entry.id): \(expected.errors) vs \(actual)")
            if expected.errors.isEmpty {
                #expect(schema != nil, "\(entry.id) builds")
            }
            let agrees = expected.errors.sorted() == actual.sorted()
            if agrees { exact += 1 }
            if Self.knownDifferences[entry.id] != nil {
                #expect(!agrees, "\(entry.id) agrees now: remove it from knownDifferences")
                continue
            }
            let missing = expected.errors.filter { !actual.contains($0) }
            let extra = actual.filter { !expected.errors.contains($0) }
            #expect(
                agrees, "\(entry.id):\n  missing \(missing.map(\.description))\n  extra \(extra.map(\.description))")
        }
        print("SchemaBuilder vs graphql-core: \(corpus.entries.count) documents, diagnostics agree on \(exact)")
    }
}
