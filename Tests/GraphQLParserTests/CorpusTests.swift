import Foundation
import GraphQLParser
import Testing

/// graphql-core's own test documents, read from the folder named by `GRAPHQL_CORE_FIXTURES`
/// (`scripts/fetch-graphql-core-fixtures.sh` downloads them; they are not committed).
@Suite(
    "graphql-core corpus",
    .enabled(
        if: CorpusFixtures.directory != nil,
        "Set GRAPHQL_CORE_FIXTURES to the output of scripts/fetch-graphql-core-fixtures.sh to run these"
    )
)
struct CorpusTests {
    /// A corpus file and what it contains.
    struct CorpusFile: Sendable, CustomTestStringConvertible {
        var name: String
        var definitions: Int
        var isExecutable: Bool

        var testDescription: String { name }
    }

    static let files = [
        CorpusFile(name: "kitchen_sink.graphql", definitions: 6, isExecutable: true),
        CorpusFile(name: "schema_kitchen_sink.graphql", definitions: 40, isExecutable: false),
        CorpusFile(name: "github_schema.graphql", definitions: 540, isExecutable: false),
        CorpusFile(name: "large_query.graphql", definitions: 41, isExecutable: true),
    ]

    private static func text(of file: CorpusFile) throws -> String {
        let directory = try #require(CorpusFixtures.directory)
        return try String(contentsOf: directory.appendingPathComponent(file.name), encoding: .utf8)
    }

    @Test("parses", arguments: files)
    func parses(_ file: CorpusFile) throws {
        let document = try Parser.parse(Source(try Self.text(of: file), name: file.name))
        #expect(document.definitions.count == file.definitions)
        #expect(document.isExecutable == file.isExecutable)
        #expect(document.definitions.allSatisfy { $0.location.isKnown && $0.location.fileName == file.name })
    }

    @Test("pretty printing and parsing again gives the same AST", arguments: files)
    func prettyRoundTrip(_ file: CorpusFile) throws {
        let options = ParseOptions(noLocation: true)
        let document = try Parser.parse(Source(try Self.text(of: file)), options: options)
        let printed = Printer.pretty(document)
        let reparsed = try Parser.parse(Source(printed), options: options)
        #expect(reparsed == document)
        #expect(Printer.pretty(reparsed) == printed)
    }

    @Test("minified printing and parsing again gives the same AST", arguments: files)
    func minifiedRoundTrip(_ file: CorpusFile) throws {
        let options = ParseOptions(noLocation: true)
        let text = try Self.text(of: file)
        let document = try Parser.parse(Source(text), options: options)
        let minified = Printer.minified(document)
        #expect(try Parser.parse(Source(minified), options: options) == document)
        #expect(minified.utf8.count < text.utf8.count)
    }

    @Test("executable corpus files pass parseExecutable", arguments: files.filter(\.isExecutable))
    func executable(_ file: CorpusFile) throws {
        let document = try Parser.parseExecutable(Source(try Self.text(of: file)))
        #expect(document.operations.count + document.fragments.count == file.definitions)
    }
}
