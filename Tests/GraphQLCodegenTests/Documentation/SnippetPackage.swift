import Foundation
import GraphQLCodegen

/// The package a reader of the documentation makes, written from the documentation's own code blocks: its
/// `Package.swift` is the README's (depending on this repository as a third party does, through a path in place of
/// the URL), its files are the blocks marked `file:`, and every other Swift block is compiled in a module per
/// document, with the products its imports name. The blocks marked `run` are called by one executable,
/// `SnippetRunner`.
struct SnippetPackage {
    /// The folder (beside `Package.swift`) that links to this repository: the dependency's identity is its name.
    static let dependencyLink = "GraphQLBridge"
    /// The environment variable that gives the embedded backend's port to the code that runs.
    static let portVariable = "GRAPHQLBRIDGE_SNIPPET_PORT"
    /// The address a runnable block uses for the local backend (`lottery serve`'s default).
    static let localBackend = "http://127.0.0.1:8080"

    /// The importable modules of this repository's products, and the product each is.
    static let products: Set<String> = [
        "GraphQLBridge", "GraphQLBridgeTesting", "GraphQLMigration", "GraphQLComparison", "GraphQLParser",
        "GraphQLSchema",
        "GraphQLCodegen", "LegacyModels", "LotteryAPI", "LotteryBridge", "LotteryBackend",
    ]
    /// Modules a block may import that are not products: the toolchain's.
    static let toolchainModules: Set<String> = [
        "Foundation", "FoundationNetworking", "Observation", "Testing", "Dispatch",
    ]

    /// `Package.swift`, before the targets of the checks are added.
    var manifest: String
    /// The files to write, relative to the package.
    var files: [GeneratedFile] = []
    /// The targets to add to the manifest, as `Package.swift` source.
    var targets: [String] = []
    /// The blocks `SnippetRunner` calls, in order (`README.md:120`).
    var runnable: [String] = []
    /// The reader's own targets (`MyAPI`, `MyApp`): the local modules blocks may import.
    var localModules: Set<String> = []

    /// Builds the package from the documentation's blocks.
    /// - Throws: `SnippetAnnotationError` when the blocks do not make a package: no manifest, a block importing
    ///   what no product is, a runnable block that is not a function body.
    init(snippets: [DocumentationSnippet], repository: URL) throws {
        // The manifest may be shown in several places (the README, Getting started): always the same one.
        let manifests = snippets.filter(\.annotation.manifest)
        guard let manifest = manifests.first else {
            throw SnippetAnnotationError(message: "the documentation needs a <!-- snippet: manifest --> block")
        }
        for other in manifests.dropFirst() where other.code != manifest.code {
            throw SnippetAnnotationError(message: "\(other): the manifest differs from the one at \(manifest)")
        }
        self.manifest = try Self.localManifest(manifest)
        localModules = Set(Self.targetNames(in: manifest.code))

        // The reader's files (the quick start's configuration, operations and code), joined per path: a block shown
        // again elsewhere (the README's quick start in Getting started) is taken once.
        var fileOrder: [String] = []
        var fileContents: [String: String] = [:]
        var fileBlocks: [String: Set<String>] = [:]
        for snippet in snippets where snippet.annotation.skip == nil {
            guard let path = snippet.annotation.file else { continue }
            guard fileBlocks[path, default: []].insert(snippet.code).inserted else { continue }
            let code = snippet.annotation.run ? Self.pointedAtTheBackend(snippet.code) : snippet.code
            if let earlier = fileContents[path] {
                fileContents[path] = earlier + "\n" + code
            } else {
                fileOrder.append(path)
                fileContents[path] = code
            }
        }
        for path in fileOrder {
            files.append(GeneratedFile(relativePath: path, contents: fileContents[path] ?? ""))
        }
        // Each executable of the reader's (a folder with a main.swift) can read the backend's port.
        for path in fileOrder where path.hasSuffix("/main.swift") {
            let folder = (path as NSString).deletingLastPathComponent
            files.append(GeneratedFile(relativePath: folder + "/SnippetBackendPort.swift", contents: Self.portSupport))
        }

        // Every other Swift block: a module per document.
        var byDocument: [String: [DocumentationSnippet]] = [:]
        var documentOrder: [String] = []
        for snippet in snippets
        where snippet.language == "swift" && snippet.annotation.skip == nil
            && snippet.annotation.file == nil && !snippet.annotation.manifest
        {
            if byDocument[snippet.document] == nil { documentOrder.append(snippet.document) }
            byDocument[snippet.document, default: []].append(snippet)
        }
        var runnerCalls: [(module: String, function: String, name: String)] = []
        for document in documentOrder {
            let module = Self.moduleName(of: document)
            var imports: Set<String> = []
            for snippet in byDocument[document] ?? [] {
                let imported = Self.imports(of: snippet.code)
                for name in imported
                where !Self.products.contains(name) && !Self.toolchainModules.contains(name)
                    && !localModules.contains(name)
                {
                    throw SnippetAnnotationError(
                        message: "\(snippet): imports \(name), which is neither a product of GraphQLBridge, a target "
                            + "of the README's Package.swift, nor a toolchain module")
                }
                imports.formUnion(imported)
                let function = "snippet_L\(snippet.line)"
                files.append(
                    GeneratedFile(
                        relativePath: "Sources/\(module)/\(Self.fileName(of: snippet))",
                        contents: Self.source(of: snippet, function: function, repository: repository)))
                if snippet.annotation.run {
                    guard Self.isFunctionBody(snippet) else {
                        throw SnippetAnnotationError(message: "\(snippet): a 'run' block must be statements")
                    }
                    guard snippet.annotation.given == nil else {
                        throw SnippetAnnotationError(message: "\(snippet): a 'run' block takes nothing 'given'")
                    }
                    runnerCalls.append((module, function, snippet.description))
                }
            }
            files.append(
                GeneratedFile(relativePath: "Sources/\(module)/SnippetBackendPort.swift", contents: Self.portSupport))
            let dependencies =
                imports.filter(Self.products.contains).sorted().map {
                    ".product(name: \"\($0)\", package: \"\(Self.dependencyLink)\")"
                } + imports.filter(localModules.contains).sorted().map { "\"\($0)\"" }
            targets.append(
                ".target(name: \"\(module)\", dependencies: [\(dependencies.joined(separator: ", "))], "
                    + "path: \"Sources/\(module)\", "
                    + "swiftSettings: [.enableUpcomingFeature(\"MemberImportVisibility\")])")
        }
        runnable = runnerCalls.map(\.name)
        if !runnerCalls.isEmpty {
            let modules = Array(Set(runnerCalls.map(\.module))).sorted()
            var main =
                "// The documentation's runnable blocks, called in order (written by GeneratedCodeCompilesTests).\n"
            main += "import Foundation\n" + modules.map { "import \($0)\n" }.joined()
            main += "\nlet snippets: [(String, () async throws -> Void)] = [\n"
            main += runnerCalls.map { "    (\"\($0.name)\", \($0.module).\($0.function)),\n" }.joined()
            main += "]\nvar failures = 0\nfor (name, body) in snippets {\n"
            main += "    do {\n        try await body()\n        print(\"ok \\(name)\")\n"
            main += "    } catch {\n        print(\"FAILED \\(name): \\(error)\")\n        failures += 1\n    }\n}\n"
            main += "exit(failures == 0 ? 0 : 1)\n"
            files.append(GeneratedFile(relativePath: "Sources/SnippetRunner/main.swift", contents: main))
            targets.append(
                ".executableTarget(name: \"SnippetRunner\", dependencies: [\(modules.map { "\"\($0)\"" }.joined(separator: ", "))], "
                    + "path: \"Sources/SnippetRunner\")")
        }
    }

    /// The README's manifest with the package's URL replaced by the path of the link to this repository.
    static func localManifest(_ snippet: DocumentationSnippet) throws -> String {
        let pattern = #/\.package\(\s*url:\s*"[^"]+"\s*,\s*from:\s*"[^"]+"\s*\)/#
        let matches = snippet.code.matches(of: pattern)
        guard matches.count == 1, let match = matches.first else {
            throw SnippetAnnotationError(
                message: "\(snippet): the manifest must have one .package(url: ..., from: ...), found \(matches.count)")
        }
        var manifest = snippet.code
        manifest.replaceSubrange(match.range, with: ".package(path: \"\(dependencyLink)\")")
        return manifest
    }

    /// The names of the targets a manifest declares (`.target(name: "MyAPI"`, `.executableTarget(name: "MyApp"`).
    static func targetNames(in manifest: String) -> [String] {
        manifest.matches(of: #/Target\(\s*name:\s*"([^"]+)"/#).map { String($0.output.1) }
            + manifest.matches(of: #/\.target\(\s*name:\s*"([^"]+)"/#).map { String($0.output.1) }
    }

    /// `DocsREADME`, `DocsGraphQLBridgeGettingStarted`: a module name from a document's path.
    static func moduleName(of document: String) -> String {
        var name = (document as NSString).deletingPathExtension
        if name.hasPrefix("Sources/"), let catalog = name.range(of: ".docc/") {
            // Sources/GraphQLBridge/GraphQLBridge.docc/GettingStarted -> GraphQLBridge + GettingStarted
            let module = name.dropFirst("Sources/".count).prefix { $0 != "/" }
            name = String(module) + "_" + name[catalog.upperBound...]
        }
        return "Docs" + name.filter { $0.isLetter || $0.isNumber }
    }

    /// `README_L120.swift`.
    static func fileName(of snippet: DocumentationSnippet) -> String {
        let base = ((snippet.document as NSString).lastPathComponent as NSString).deletingPathExtension
        return "\(base)_L\(snippet.line).swift"
    }

    /// The modules a block imports (`import GraphQLBridge`, `@testable import X`, `import struct X.Y`).
    static func imports(of code: String) -> [String] {
        code.split(separator: "\n").compactMap { line -> String? in
            let words = line.split(separator: " ").filter { !$0.hasPrefix("@") }
            guard words.first == "import", words.count >= 2 else { return nil }
            let name =
                words.count >= 3 && ["struct", "class", "enum", "func", "protocol"].contains(words[1])
                ? words[2] : words[1]
            return String(name.prefix { $0 != "." })
        }
    }

    /// Whether the block is statements (wrapped in a function) rather than declarations (compiled at file scope):
    /// `given` blocks are; otherwise, any line at the left margin that is not a declaration makes it so.
    static func isFunctionBody(_ snippet: DocumentationSnippet) -> Bool {
        if snippet.annotation.given != nil { return true }
        let declarations = [
            "extension ", "struct ", "final ", "class ", "enum ", "actor ", "protocol ", "func ", "public ",
            "private ", "fileprivate ", "internal ", "@", "typealias ", "nonisolated ", "import ",
        ]
        for line in snippet.code.split(separator: "\n") {
            guard let first = line.first, first != " ", first != "\t" else { continue }
            if line.hasPrefix("//") || line.hasPrefix("}") || line.hasPrefix(")") || line.hasPrefix("]")
                || line.hasPrefix("#")
            {
                continue
            }
            if !declarations.contains(where: { line.hasPrefix($0) }) { return true }
        }
        return false
    }

    /// The Swift file for a block: its imports first, then its code, at file scope or as the body of `function`,
    /// with `#sourceLocation` pointing at the document so that a compiler error names the document's line.
    static func source(of snippet: DocumentationSnippet, function: String, repository: URL) -> String {
        let path = repository.appendingPathComponent(snippet.document).path
        let lines = snippet.code.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let importLines = lines.filter { Self.imports(of: $0).count == 1 }
        // Import lines become empty lines, so that every other line keeps its number.
        var body = lines.map { Self.imports(of: $0).count == 1 ? "" : $0 }.joined(separator: "\n")
        if snippet.annotation.run { body = pointedAtTheBackend(body) }
        var text = "// Extracted from \(snippet) by GeneratedCodeCompilesTests; rewritten on every run.\n"
        text += importLines.joined(separator: "\n") + "\n\n"
        if isFunctionBody(snippet) {
            let access = snippet.annotation.run ? "public " : ""
            text += "\(access)func \(function)(\(snippet.annotation.given ?? "")) async throws {\n"
            text += "#sourceLocation(file: \"\(path)\", line: \(snippet.firstCodeLine))\n"
            text += body + "\n#sourceLocation()\n}\n"
        } else {
            text += "#sourceLocation(file: \"\(path)\", line: \(snippet.firstCodeLine))\n"
            text += body + "\n#sourceLocation()\n"
        }
        return text
    }

    /// A runnable block's local backend address, pointed at the port the runner is given.
    static func pointedAtTheBackend(_ code: String) -> String {
        code.replacingOccurrences(of: localBackend, with: "http://127.0.0.1:\\(snippetBackendPort)")
    }

    /// The declaration `pointedAtTheBackend` relies on, in every module with runnable code.
    static let portSupport = """
        // Written by GeneratedCodeCompilesTests: where the runnable blocks find the embedded backend.
        import Foundation

        /// The embedded backend's port when the documentation's code runs in the tests; 8080 (serve's) otherwise.
        let snippetBackendPort = ProcessInfo.processInfo.environment["\(portVariable)"] ?? "8080"

        """
}
