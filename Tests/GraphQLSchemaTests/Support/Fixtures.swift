import Foundation
import GraphQLParser
import GraphQLSchema
import Testing

/// Reads the test target's fixture files.
enum Fixtures {
    struct Missing: Error, CustomStringConvertible {
        let path: String
        var description: String { "missing fixture \(path)" }
    }

    /// The text of a file under Fixtures/.
    static func text(_ path: String) throws -> String {
        guard let url = Bundle.module.url(forResource: "Fixtures/" + path, withExtension: nil) else {
            throw Missing(path: path)
        }
        return try String(contentsOf: url, encoding: .utf8)
    }

    /// A JSON fixture decoded.
    static func decode<T: Decodable>(_ type: T.Type, _ path: String) throws -> T {
        try JSONDecoder().decode(type, from: Data(text(path).utf8))
    }

    /// One of the schemas under Fixtures/schemas/, built (it must build without errors).
    static func schema(_ name: String) throws -> Schema {
        let document = try Parser.parse(Source(try text("schemas/\(name).graphqls"), name: "\(name).graphqls"))
        let (schema, diagnostics) = SchemaBuilder.build([document])
        #expect(diagnostics.isEmpty, "\(name).graphqls: \(diagnostics)")
        return try #require(schema)
    }
}
