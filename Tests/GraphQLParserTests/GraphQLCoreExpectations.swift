import Foundation
import GraphQLParser
import Testing

/// What graphql-core 3.3.2 answers for the documents of `make_expected.py`, read from
/// `Fixtures/graphql-core-expectations.json` (regenerate with that script).
struct GraphQLCoreExpectations: Decodable, Sendable {
    /// A document graphql-core rejects, with its message and position.
    struct SyntaxErrorCase: Decodable, Sendable, CustomTestStringConvertible {
        /// The options a case may set.
        struct Options: Decodable, Sendable {
            var maxTokens: Int?
        }

        var name: String
        /// `document`, `value`, `constValue` or `type`.
        var kind: String
        var source: String
        var message: String
        var line: Int
        var column: Int
        var options: Options?

        var testDescription: String { name }
    }

    /// A string literal and its value.
    struct StringValueCase: Decodable, Sendable, CustomTestStringConvertible {
        var name: String
        var source: String
        var value: String

        var testDescription: String { name }
    }

    /// A document and graphql-core's `print_ast` of it.
    struct PrintingCase: Decodable, Sendable, CustomTestStringConvertible {
        var name: String
        var source: String
        var pretty: String

        var testDescription: String { name }
    }

    /// A document and the position of each of its names.
    struct NameLocationsCase: Decodable, Sendable, CustomTestStringConvertible {
        /// A name and where it starts.
        struct NameLocation: Decodable, Sendable, Hashable {
            var value: String
            var line: Int
            var column: Int
        }

        var name: String
        var source: String
        var names: [NameLocation]

        var testDescription: String { name }
    }

    /// A randomly edited document: graphql-core's error for it, or its `print_ast` output when it accepts it.
    struct MutationCase: Decodable, Sendable, CustomTestStringConvertible {
        var source: String
        var message: String?
        var line: Int?
        var column: Int?
        var pretty: String?

        var testDescription: String { String(reflecting: source) }
    }

    /// A valid schema coordinate, graphql-core's node kind for it and its printed form.
    struct SchemaCoordinateCase: Decodable, Sendable, CustomTestStringConvertible {
        var source: String
        var printed: String
        var kind: String

        var testDescription: String { source }
    }

    var graphqlCoreVersion: String
    var syntaxErrors: [SyntaxErrorCase]
    var stringValues: [StringValueCase]
    var printing: [PrintingCase]
    var nameLocations: [NameLocationsCase]
    var schemaCoordinates: [SchemaCoordinateCase]
    var mutations: [MutationCase]

    /// The fixture's URL in the test bundle.
    static var url: URL? {
        Bundle.module.url(
            forResource: "graphql-core-expectations", withExtension: "json", subdirectory: "Fixtures")
    }

    /// Reads the fixture.
    static func load() throws -> GraphQLCoreExpectations {
        guard let url else { throw CocoaError(.fileNoSuchFile) }
        return try JSONDecoder().decode(GraphQLCoreExpectations.self, from: Data(contentsOf: url))
    }

    /// The fixture, or empty lists when it cannot be read (``FixtureTests`` then fails).
    static let shared: GraphQLCoreExpectations =
        (try? load())
        ?? GraphQLCoreExpectations(
            graphqlCoreVersion: "", syntaxErrors: [], stringValues: [], printing: [], nameLocations: [],
            schemaCoordinates: [], mutations: [])
}
