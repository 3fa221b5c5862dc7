import Foundation
import GraphQLBridgeSupport
import GraphQLCodegen
import GraphQLParser
import LotteryBackend
import Testing

/// The generated code and the documentation's code compile, in one package made as a reader of the README makes
/// it (its `Package.swift` is the README's, depending on this repository through a path in place of the URL):
/// every snippet's output of the generator, (when GRAPHQL_CORE_FIXTURES names graphql-core's fixtures folder)
/// realistic GitHub operations against its github_schema.graphql, and every Swift block of README.md, Migration.md,
/// docs/ and the DocC articles (``DocumentationSnippets``). Then the README's quick start and the blocks marked `run`
/// run against the embedded backend, and a small program decodes GitHub responses with the generated types (its
/// output compared with Fixtures/GitHub/expected-output.txt).
///
/// Slow (one `swift build`): the package lives at a fixed path under /tmp so that repeated runs are incremental, one per
/// checkout (named after its path), so that checkouts tested at the same time do not rewrite each other's files.
@Suite("Generated code and the documentation's code compile and run", .serialized)
struct GeneratedCodeCompilesTests {
    static let packageFolder = URL(
        fileURLWithPath: "/tmp/graphql-codegen-compile-check"
            + CodegenTestSupport.repositoryRoot.standardizedFileURL.path.replacingOccurrences(of: "/", with: "-"))
    /// How many of the property test's random operations are compiled.
    static let propertySampleSize = 40

    // On a fresh machine (no build of the package yet) this takes about 4 to 6 minutes on 2 cores, several times that
    // while other builds share them: the limit only tells a hang.
    @Test(
        "snippets, GitHub operations and the documentation's code compile; the GitHub types decode; the quick start runs",
        .timeLimit(.minutes(30)))
    func compileAndDecode() async throws {
        let package = Self.packageFolder
        let repository = CodegenTestSupport.repositoryRoot
        let documentation = try SnippetPackage(snippets: DocumentationSnippets.all(), repository: repository)
        var targets = documentation.targets
        let runtime = ".product(name: \"GraphQLBridge\", package: \"\(SnippetPackage.dependencyLink)\")"

        // This repository, as the package's dependency (a link: the dependency's identity is the link's name).
        try FileManager.default.createDirectory(at: package, withIntermediateDirectories: true)
        let link = package.appendingPathComponent(SnippetPackage.dependencyLink)
        if (try? FileManager.default.destinationOfSymbolicLink(atPath: link.path)) != repository.path {
            try? FileManager.default.removeItem(at: link)
            try FileManager.default.createSymbolicLink(at: link, withDestinationURL: repository)
        }
        // Earlier versions of this check copied the runtime into the package.
        for stale in ["Sources/GraphQLBridge", "Sources/CSQLite"] {
            try? FileManager.default.removeItem(at: package.appendingPathComponent(stale))
        }
        // The documentation's files (the quick start's configuration, operations and code) and its blocks; the
        // quick start's schema is the embedded backend's, which the README says to copy.
        var documentationFiles = documentation.files
        documentationFiles.append(
            GeneratedFile(
                relativePath: "Sources/MyAPI/graphql/schema.graphqls",
                contents: try String(
                    contentsOf: repository.appendingPathComponent("contract/lottery.graphqls"), encoding: .utf8)))
        let documentationFolders = Set(
            documentationFiles.map { $0.relativePath.split(separator: "/").prefix(2).joined(separator: "/") })
        for folder in documentationFolders {
            let prefix = folder + "/"
            try Self.sync(
                documentationFiles.filter { $0.relativePath.hasPrefix(prefix) }.map {
                    GeneratedFile(relativePath: String($0.relativePath.dropFirst(prefix.count)), contents: $0.contents)
                }, to: package.appendingPathComponent(folder),
                extensions: [".swift", ".graphql", ".graphqls", ".json"])
        }

        for name in RenderingSnippetTests.snippets {
            let folder = try CodegenTestSupport.fixtureURL("Snippets/\(name)")
            let configuration = try CodegenConfiguration.load(contentsOf: folder.appendingPathComponent("config.json"))
            let result = try CodegenPipeline(configuration: configuration).run()
            #expect(!result.hasErrors, "\(name): \(result.diagnostics)")
            let target = "Snippet" + name.split(separator: "-").map { SwiftNames.capitalized(String($0)) }.joined()
            try Self.sync(result.files, to: package.appendingPathComponent("Sources/\(target)"))
            targets.append(
                ".target(name: \"\(target)\", dependencies: [\(runtime)], path: \"Sources/\(target)\")")
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
                ".target(name: \"GitHubAPI\", dependencies: [\(runtime)], path: \"Sources/GitHubAPI\")")
            targets.append(
                ".executableTarget(name: \"GitHubSmoke\", dependencies: [\"GitHubAPI\", \(runtime)], "
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
                ".target(name: \"PropertySample\", dependencies: [\(runtime)], path: \"Sources/PropertySample\")"
            )
        }

        let structure = try Self.repositoryStructure(repository)
        let manifest =
            documentation.manifest + """

                // Added by GeneratedCodeCompilesTests (rewritten on every run): the checks of the generated code and the
                // documentation's blocks, a module per document.
                // The repository's files: \(structure). SwiftPM plans a build again
                // only when the root package's manifest or folders change, not a path dependency's: without this line a
                // file added to the repository is missing from the next incremental build ("cannot find type").
                package.targets += [
                    \(targets.joined(separator: ",\n    "))
                ]

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
        guard build.status == 0 else { return }

        try await runDocumentation(documentation, package: package)

        guard smoke else { return }
        let binary = package.appendingPathComponent(".build/debug/GitHubSmoke").path
        let run = try await Self.run([binary, gitHubFixtures.path])
        #expect(run.status == 0, "\(run.output)")
        let expected = try String(
            contentsOf: gitHubFixtures.appendingPathComponent("expected-output.txt"), encoding: .utf8)
        if let diff = TextDiff.diff(expected: expected, actual: run.output) {
            Issue.record("the smoke program's output differs from expected-output.txt:\n\(diff)")
        }
    }

    /// Runs the README's quick start (`MyApp`) and the blocks marked `run` against the embedded backend; the quick
    /// start must print what the README says it prints.
    func runDocumentation(_ documentation: SnippetPackage, package: URL) async throws {
        let server = try EmbeddedLotteryServer.start()
        defer { server.stop() }
        let environment = ["env", "\(SnippetPackage.portVariable)=\(server.port)"]
        for output in try DocumentationSnippets.all().filter({ $0.annotation.output != nil }) {
            let executable = output.annotation.output ?? ""
            let run = try await Self.run(
                environment + [package.appendingPathComponent(".build/debug/\(executable)").path])
            #expect(run.status == 0, "\(executable) (\(output)) failed: \(run.output)")
            if let diff = TextDiff.diff(expected: output.code, actual: run.output) {
                Issue.record("\(executable) does not print what \(output) says:\n\(diff)")
            }
        }
        guard !documentation.runnable.isEmpty else { return }
        let run = try await Self.run(
            environment + [package.appendingPathComponent(".build/debug/SnippetRunner").path])
        #expect(run.status == 0, "a runnable block failed:\n\(run.output)")
        for name in documentation.runnable {
            #expect(run.output.contains("ok \(name)\n"), "\(name) did not run:\n\(run.output)")
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

    /// What the package's build plan depends on in the repository it links: how many files its targets' folders
    /// (`Sources/`, `LegacyModels/`) hold and a hash (64-bit FNV-1a, the same on every run) of their paths and of its
    /// `Package.swift`. Written into the checking package's manifest, so that a file added, removed or renamed in the
    /// repository changes that manifest and SwiftPM plans the build again.
    static func repositoryStructure(_ repository: URL) throws -> String {
        var paths: [String] = []
        for folder in ["Sources", "LegacyModels"] {
            let enumerator = FileManager.default.enumerator(
                atPath: repository.appendingPathComponent(folder).path)
            while let relative = enumerator?.nextObject() as? String {
                paths.append(folder + "/" + relative)
            }
        }
        paths.sort()
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        let manifest = try Data(contentsOf: repository.appendingPathComponent("Package.swift"))
        for byte in paths.joined(separator: "\n").utf8 + [0] + Array(manifest) {
            hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3
        }
        return "\(paths.count) paths, \(String(hash, radix: 16))"
    }

    /// Makes a folder hold exactly `files` (other `.swift` files removed, when `removeOthers`), rewriting only the
    /// files that changed, so the build stays incremental.
    static func sync(
        _ files: [GeneratedFile], to folder: URL, removeOthers: Bool = true,
        extensions: [String] = [".swift", ".modulemap", ".h"]
    ) throws {
        _ = try GeneratedFileWriter(directory: folder).write(files, removeStale: false)
        guard removeOthers else { return }
        let kept = Set(files.map(\.relativePath))
        for file in try Self.files(in: folder, extensions: extensions) where !kept.contains(file.relativePath) {
            try FileManager.default.removeItem(at: folder.appendingPathComponent(file.relativePath))
        }
    }

    /// Runs a command on a thread of its own, so that a long `swift build` does not hold one of the few threads of
    /// the concurrency pool that the other (parallel) tests need.
    static func run(_ arguments: [String]) async throws -> (status: Int32, output: String) {
        let (status, output) = try await DedicatedThread.run(name: "swift build") { try runBlocking(arguments) }
        return (status, output)
    }

    /// Runs a command (through `env`, so `swift` is found on the PATH); its standard output and error together.
    static func runBlocking(_ arguments: [String]) throws -> (status: Int32, output: String) {
        let process = SpawnedProcess()
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
