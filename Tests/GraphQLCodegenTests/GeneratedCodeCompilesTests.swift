import Foundation
import GraphQLCodegen
import GraphQLParser
import Testing

/// The generated code compiles and decodes: every snippet's output, and (when GRAPHQL_CORE_FIXTURES names
/// graphql-core's fixtures folder) realistic GitHub operations against its github_schema.graphql, are compiled in a
/// temporary package with a copy of the GraphQLBridge runtime; a small program then decodes GitHub responses with
/// the generated types and its output is compared with Fixtures/GitHub/expected-output.txt.
///
/// Slow (a `swift build`): the package lives at a fixed path under /tmp so that repeated runs are incremental, one per
/// checkout (named after its path), so that checkouts tested at the same time do not rewrite each other's files.
@Suite("Generated code compiles and decodes", .serialized)
struct GeneratedCodeCompilesTests {
    static let packageFolder = URL(
        fileURLWithPath: "/tmp/graphql-codegen-compile-check"
            + CodegenTestSupport.repositoryRoot.standardizedFileURL.path.replacingOccurrences(of: "/", with: "-"))
    /// How many of the property test's random operations are compiled.
    static let propertySampleSize = 40

    // On a fresh machine (no build of the package yet) this takes 236 to 262 s on 2 cores, several times that while
    // other builds share them: the limit only tells a hang.
    @Test("snippets and GitHub operations compile; the GitHub types decode responses", .timeLimit(.minutes(30)))
    func compileAndDecode() async throws {
        let package = Self.packageFolder
        var targets: [String] = []

        // The runtime, copied as a local target.
        let runtime = CodegenTestSupport.repositoryRoot.appendingPathComponent("Sources/GraphQLBridge")
        try Self.sync(try Self.files(in: runtime), to: package.appendingPathComponent("Sources/GraphQLBridge"))
        // The runtime's persistent cache links the system's SQLite through this module map on Linux.
        let sqlite = CodegenTestSupport.repositoryRoot.appendingPathComponent("Sources/CSQLite")
        try Self.sync(try Self.files(in: sqlite), to: package.appendingPathComponent("Sources/CSQLite"))

        for name in RenderingSnippetTests.snippets {
            let folder = try CodegenTestSupport.fixtureURL("Snippets/\(name)")
            let configuration = try CodegenConfiguration.load(contentsOf: folder.appendingPathComponent("config.json"))
            let result = try CodegenPipeline(configuration: configuration).run()
            #expect(!result.hasErrors, "\(name): \(result.diagnostics)")
            let target = "Snippet" + name.split(separator: "-").map { SwiftNames.capitalized(String($0)) }.joined()
            try Self.sync(result.files, to: package.appendingPathComponent("Sources/\(target)"))
            targets.append(
                ".target(name: \"\(target)\", dependencies: [\"GraphQLBridge\"], path: \"Sources/\(target)\")")
        }

        let gitHubFixtures = try CodegenTestSupport.fixtureURL("GitHub")
        var smoke = false
        if let fixtures = ProcessInfo.processInfo.environment["GRAPHQL_CORE_FIXTURES"] {
            var configuration = try CodegenConfiguration.load(
                contentsOf: gitHubFixtures.appendingPathComponent("config.json"))
            configuration.schemaPaths = [
                URL(fileURLWithPath: fixtures).appendingPathComponent("github_schema.graphql").path
            ]
            let result = try CodegenPipeline(configuration: configuration).run()
            #expect(!result.hasErrors, "\(result.diagnostics)")
            // GitObjectID is deliberately left unmapped: it becomes JSONValue, with a warning.
            #expect(result.diagnostics.map(\.severity) == [.warning])
            #expect(result.diagnostics.first?.message.contains("'GitObjectID'") == true)
            try Self.sync(result.files, to: package.appendingPathComponent("Sources/GitHubAPI"))
            let main = try String(contentsOf: gitHubFixtures.appendingPathComponent("main.swift.txt"), encoding: .utf8)
            try Self.sync(
                [GeneratedFile(relativePath: "main.swift", contents: main)],
                to: package.appendingPathComponent("Sources/GitHubSmoke"))
            targets.append(
                ".target(name: \"GitHubAPI\", dependencies: [\"GraphQLBridge\"], path: \"Sources/GitHubAPI\")")
            targets.append(
                ".executableTarget(name: \"GitHubSmoke\", dependencies: [\"GitHubAPI\", \"GraphQLBridge\"], "
                    + "path: \"Sources/GitHubSmoke\")")
            smoke = true

            // A sample of the generator property test's random operations (GeneratorPropertyTests), generated
            // together (their operation and fragment names are unique) into one more target of the same build.
            let schema = try GeneratorPropertyTests.gitHubSchema()
            let documents = GeneratorPropertyTests.documents(
                schema: schema, seed: GeneratorPropertyTests.seed, count: Self.propertySampleSize * 2)
            let sample = GeneratorPropertyTests.valid(documents, schema: schema).prefix(Self.propertySampleSize)
            #expect(sample.count == Self.propertySampleSize)
            let sampleResult = CodegenPipeline(configuration: configuration).run(
                schema: [
                    Source(
                        try String(contentsOfFile: fixtures + "/github_schema.graphql", encoding: .utf8),
                        name: "github_schema.graphql")
                ],
                operations: [Source(sample.map(\.text).joined(separator: "\n"), name: "random.graphql")])
            #expect(!sampleResult.hasErrors, "\(sampleResult.diagnostics.filter { $0.severity == .error })")
            try Self.sync(sampleResult.files, to: package.appendingPathComponent("Sources/PropertySample"))
            targets.append(
                ".target(name: \"PropertySample\", dependencies: [\"GraphQLBridge\"], path: \"Sources/PropertySample\")"
            )
        }

        let manifest = """
            // swift-tools-version: 6.0
            // Written by GraphQLCodegenTests (GeneratedCodeCompilesTests); rebuilt on every run.
            import PackageDescription

            let package = Package(
                name: "GraphQLCodegenCompileCheck",
                platforms: [.macOS(.v14), .iOS(.v17)],
                targets: [
                    .systemLibrary(name: "CSQLite", path: "Sources/CSQLite", pkgConfig: "sqlite3"),
                    .target(
                        name: "GraphQLBridge",
                        dependencies: [.target(name: "CSQLite", condition: .when(platforms: [.linux]))],
                        path: "Sources/GraphQLBridge"),
                    \(targets.joined(separator: ",\n        "))
                ],
                swiftLanguageModes: [.v6]
            )

            """
        try Self.sync(
            [GeneratedFile(relativePath: "Package.swift", contents: manifest)], to: package, removeOthers: false)

        // Niced: the build's compilers must not take the CPU from the timing-sensitive tests running beside it.
        let build = try await Self.run([
            "nice", "-n", "10", "swift", "build", "--package-path", package.path, "--scratch-path",
            package.path + "/.build",
        ])
        let errors = build.output.split(separator: "\n").filter { $0.contains("error:") || $0.contains("warning:") }
        #expect(build.status == 0, "swift build failed:\n\(errors.prefix(40).joined(separator: "\n"))")
        #expect(
            !errors.contains {
                $0.contains("/Sources/Snippet") || $0.contains("/Sources/GitHubAPI")
                    || $0.contains("/Sources/PropertySample")
            },
            "the generated code has warnings:\n\(errors.prefix(40).joined(separator: "\n"))")
        guard build.status == 0, smoke else { return }

        let binary = package.appendingPathComponent(".build/debug/GitHubSmoke").path
        let run = try await Self.run([binary, gitHubFixtures.path])
        #expect(run.status == 0, "\(run.output)")
        let expected = try String(
            contentsOf: gitHubFixtures.appendingPathComponent("expected-output.txt"), encoding: .utf8)
        if let diff = TextDiff.diff(expected: expected, actual: run.output) {
            Issue.record("the smoke program's output differs from expected-output.txt:\n\(diff)")
        }
    }

    /// The `.swift` files under a folder, with paths relative to it.
    static func files(in folder: URL, extensions: [String] = [".swift", ".modulemap", ".h"]) throws -> [GeneratedFile] {
        var files: [GeneratedFile] = []
        let enumerator = FileManager.default.enumerator(atPath: folder.path)
        while let relative = enumerator?.nextObject() as? String {
            guard extensions.contains(where: relative.hasSuffix) else { continue }
            let contents = try String(contentsOf: folder.appendingPathComponent(relative), encoding: .utf8)
            files.append(GeneratedFile(relativePath: relative, contents: contents))
        }
        return files
    }

    /// Makes a folder hold exactly `files` (other `.swift` files removed, when `removeOthers`), rewriting only the
    /// files that changed, so the build stays incremental.
    static func sync(_ files: [GeneratedFile], to folder: URL, removeOthers: Bool = true) throws {
        _ = try GeneratedFileWriter(directory: folder).write(files, removeStale: false)
        guard removeOthers else { return }
        let kept = Set(files.map(\.relativePath))
        for file in try Self.files(in: folder) where !kept.contains(file.relativePath) {
            try FileManager.default.removeItem(at: folder.appendingPathComponent(file.relativePath))
        }
    }

    /// Runs a command on a Dispatch thread, so that a long `swift build` does not hold one of the few threads of the
    /// concurrency pool that the other (parallel) tests need.
    static func run(_ arguments: [String]) async throws -> (status: Int32, output: String) {
        try await withCheckedThrowingContinuation { continuation in
            DispatchQueue.global().async {
                continuation.resume(with: Result { try runBlocking(arguments) })
            }
        }
    }

    /// Runs a command (through `env`, so `swift` is found on the PATH); its standard output and error together.
    static func runBlocking(_ arguments: [String]) throws -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }
}
