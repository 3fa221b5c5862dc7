import Foundation
import GraphQLParser
import GraphQLSchema

/// The generated APIs this target compiles (Generated/<name>/, from Fixtures/<config>): Apollo's AnimalKingdom with
/// the property test's random operations, and the repros of issue 18.
///
/// Regenerate them after a change of the generator with `UPDATE_SNAPSHOTS=1 swift test --filter GeneratedFilesTests`
/// or, when the committed code no longer compiles, with `swift run graphql-bridge codegen --config <config>` for each
/// configuration below (each names its `output`).
enum GeneratedSources {
    /// This target's folder in the source tree.
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()

    /// `Fixtures/<path>`.
    static func fixture(_ path: String) -> URL { folder.appendingPathComponent("Fixtures/" + path) }

    /// Each generated API: its configuration (relative to Fixtures/) and its output folder (relative to the target).
    static let units: [(configuration: String, output: String)] = [
        ("AnimalKingdom/graphql-codegen.json", "Generated/AnimalKingdom"),
        ("Repros/NestedConditions/graphql-codegen.json", "Generated/NestedConditions"),
        ("Repros/ViewsEncoding/graphql-codegen.json", "Generated/ViewsEncoding"),
        ("Repros/ConditionalFragment/graphql-codegen.json", "Generated/ConditionalFragment"),
    ]

    /// Whether tests rewrite the generated files instead of comparing them.
    static var updating: Bool { ProcessInfo.processInfo.environment["UPDATE_SNAPSHOTS"] == "1" }

    /// A schema built from SDL files.
    static func schema(_ paths: [String]) throws -> Schema {
        let documents = try paths.map { path in
            try Parser.parse(Source(try String(contentsOf: fixture(path), encoding: .utf8), name: path))
        }
        let (schema, diagnostics) = SchemaBuilder.build(documents)
        guard let schema, !diagnostics.contains(where: { $0.severity == .error }) else {
            throw GeneratedCodeTestError("\(paths) does not build: \(diagnostics)")
        }
        return schema
    }

    /// The Swift files under a folder, by path relative to it.
    static func swiftFiles(in folder: URL) throws -> [String: String] {
        var files: [String: String] = [:]
        let enumerator = FileManager.default.enumerator(atPath: folder.path)
        while let relative = enumerator?.nextObject() as? String {
            guard relative.hasSuffix(".swift") else { continue }
            files[relative] = try String(contentsOf: folder.appendingPathComponent(relative), encoding: .utf8)
        }
        return files
    }
}

/// A test's setup went wrong (a fixture missing, a schema that does not build).
struct GeneratedCodeTestError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}
