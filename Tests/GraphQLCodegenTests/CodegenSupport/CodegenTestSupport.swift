import Foundation
import GraphQLCodegen
import GraphQLParser
import Testing

/// Paths and helpers shared by the code generator's tests.
enum CodegenTestSupport {
    /// The package's root folder (this file is Tests/GraphQLCodegenTests/CodegenSupport/CodegenTestSupport.swift).
    static let repositoryRoot: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// The test target's folder in the source tree (where fixtures are updated with UPDATE_SNAPSHOTS=1).
    static let testsFolder = repositoryRoot.appendingPathComponent("Tests/GraphQLCodegenTests")

    /// Whether snapshot tests should rewrite their expected files instead of comparing.
    static var updatingSnapshots: Bool { ProcessInfo.processInfo.environment["UPDATE_SNAPSHOTS"] == "1" }

    /// The fixture folder `Fixtures/<path>` in the test bundle.
    static func fixtureURL(_ path: String) throws -> URL {
        guard let url = Bundle.module.url(forResource: "Fixtures/" + path, withExtension: nil) else {
            throw Fixtures.Missing(path: path)
        }
        return url
    }

    /// One of the schema tests' schemas (Tests/GraphQLSchemaTests/Fixtures/schemas), read from the source tree.
    static func schemaFixtureURL(_ name: String) -> URL {
        repositoryRoot.appendingPathComponent("Tests/GraphQLSchemaTests/Fixtures/schemas").appendingPathComponent(name)
    }

    /// A temporary folder, removed by the caller with `remove(_:)`.
    static func temporaryDirectory(_ name: String = "codegen") throws -> URL {
        let url = FileManager.default.temporaryDirectory
            .appendingPathComponent("GraphQLCodegenTests-\(name)-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    /// Removes a temporary folder.
    static func remove(_ url: URL) {
        try? FileManager.default.removeItem(at: url)
    }

    /// Writes a text file, creating folders.
    static func write(_ text: String, to url: URL) throws {
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: url)
    }

    /// Runs the whole pipeline on SDL and operation text.
    static func generate(
        schema: String, operations: String, configuration: CodegenConfiguration = CodegenConfiguration(),
        layout: OutputLayout = .filePerDeclaration
    ) -> CodegenResult {
        CodegenPipeline(configuration: configuration).run(
            schema: [Source(schema, name: "schema.graphqls")], operations: [Source(operations, name: "ops.graphql")],
            layout: layout)
    }

    /// The generated files as one text: each file preceded by a `// FILE: <path>` line.
    static func joined(_ files: [GeneratedFile]) -> String {
        files.map { "// FILE: \($0.relativePath)\n" + $0.contents }.joined(separator: "\n")
    }

    /// Expects `actual` to equal the file at `expectedURL`, printing a diff otherwise; with UPDATE_SNAPSHOTS=1,
    /// writes `actual` to `sourceURL` (the same file in the source tree) instead.
    static func expectSnapshot(
        _ actual: String, expected expectedURL: URL?, source sourceURL: URL,
        sourceLocation: Testing.SourceLocation = #_sourceLocation
    ) throws {
        if updatingSnapshots {
            if !actual.isEmpty || FileManager.default.fileExists(atPath: sourceURL.path) {
                try write(actual, to: sourceURL)
            }
            return
        }
        let expected = try expectedURL.map { try String(contentsOf: $0, encoding: .utf8) } ?? ""
        if let diff = TextDiff.diff(expected: expected, actual: actual) {
            let message =
                "\(sourceURL.lastPathComponent) differs from the generated code (UPDATE_SNAPSHOTS=1 rewrites it):\n"
                + diff
            Issue.record("\(message)", sourceLocation: sourceLocation)
        }
    }
}
