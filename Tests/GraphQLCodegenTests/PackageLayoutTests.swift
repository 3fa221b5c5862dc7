import Foundation
import GraphQLBridgeSupport
import Testing

/// The library apart from its worked example (issue 30): no target of a library product, nor any target they depend
/// on, is the example's or imports one of the example's modules. Read from the manifest itself (`swift package
/// dump-package` on a copy of `Package.swift`) and from every Swift file of those targets.
@Suite("The package's layout: the library apart from the example")
struct PackageLayoutTests {
    /// The worked example's targets: the legacy app, its generated API, bridge, backend, comparison and commands.
    static func isExample(_ target: String) -> Bool {
        target == "LegacyModels" || target.hasPrefix("Lottery") || target == "lottery"
    }

    /// The products of the library, which an app links or runs.
    static let libraryProducts = [
        "GraphQLBridge", "GraphQLBridgeTesting", "GraphQLMigration", "GraphQLComparison", "GraphQLParser",
        "GraphQLSchema", "GraphQLCodegen", "GraphQLCodegenPlugin", "graphql-bridge",
    ]

    struct Manifest: Decodable {
        struct Product: Decodable {
            var name: String
            var targets: [String]
        }

        struct Target: Decodable {
            var name: String
            var path: String?
            var type: String
            var dependencies: [Dependency]
        }

        /// `{"byName": ["X", null]}`, `{"target": ["X", null]}` or `{"product": ["X", "package", ...]}`.
        struct Dependency: Decodable {
            var name: String?

            init(from decoder: any Decoder) throws {
                let container = try decoder.container(keyedBy: AnyKey.self)
                for key in ["byName", "target"] {
                    if let key = AnyKey(stringValue: key), container.contains(key) {
                        var values = try container.nestedUnkeyedContainer(forKey: key)
                        name = try values.decode(String.self)
                        return
                    }
                }
                name = nil
            }
        }

        struct AnyKey: CodingKey {
            var stringValue: String
            var intValue: Int? { nil }
            init?(stringValue: String) { self.stringValue = stringValue }
            init?(intValue: Int) { nil }
        }

        var products: [Product]
        var targets: [Target]
    }

    /// The manifest as SwiftPM reads it, from a copy in a folder of its own (no lock on this package's build).
    static func manifest() async throws -> Manifest {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("layout-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.copyItem(
            at: CodegenTestSupport.repositoryRoot.appendingPathComponent("Package.swift"),
            to: folder.appendingPathComponent("Package.swift"))
        let (status, output) = try await GeneratedCodeCompilesTests.run(
            ["swift", "package", "dump-package", "--package-path", folder.path])
        try #require(status == 0, "swift package dump-package failed:\n\(output)")
        let json = output.drop { $0 != "{" }
        return try JSONDecoder().decode(Manifest.self, from: Data(json.utf8))
    }

    /// Every target a library product needs, directly or not.
    static func libraryTargets(_ manifest: Manifest) throws -> Set<String> {
        let targets = Dictionary(manifest.targets.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        var pending = try libraryProducts.flatMap { name in
            try #require(manifest.products.first { $0.name == name }, "no product \(name)").targets
        }
        var found: Set<String> = []
        while let name = pending.popLast() {
            guard found.insert(name).inserted, let target = targets[name] else { continue }
            pending += target.dependencies.compactMap(\.name)
        }
        return found
    }

    /// Every target `roots` need, directly or not, themselves included.
    static func closure(of roots: [String], in manifest: Manifest) -> Set<String> {
        let targets = Dictionary(manifest.targets.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        var pending = roots
        var found: Set<String> = []
        while let name = pending.popLast() {
            guard found.insert(name).inserted, let target = targets[name] else { continue }
            pending += target.dependencies.compactMap(\.name)
        }
        return found
    }

    @Test("no product an app links for production needs the test product (the WebSocket connector is the runtime's)")
    func productionNeedsNoTestSupport() async throws {
        let manifest = try await Self.manifest()
        for product in Self.libraryProducts where product != "GraphQLBridgeTesting" {
            let roots = try #require(manifest.products.first { $0.name == product }, "no product \(product)").targets
            let needed = Self.closure(of: roots, in: manifest)
            #expect(!needed.contains("GraphQLBridgeTesting"), "\(product) needs GraphQLBridgeTesting")
        }
    }

    @Test("the runtime's and the schema's tests are targets of their own that need nothing of the example")
    func runtimeTestsAtHome() async throws {
        let manifest = try await Self.manifest()
        for name in ["GraphQLBridgeTests", "GraphQLSchemaTests", "GraphQLParserTests", "GraphQLMigrationTests"] {
            let target = try #require(manifest.targets.first { $0.name == name }, "no test target \(name)")
            #expect(target.type == "test", "\(name) is a \(target.type) target")
            let example = Self.closure(of: [name], in: manifest).filter(Self.isExample)
            #expect(example.isEmpty, "\(name) needs the example's \(example.sorted())")
        }
    }

    @Test("no library product needs a target of the example")
    func manifestDirections() async throws {
        let manifest = try await Self.manifest()
        let library = try Self.libraryTargets(manifest)
        #expect(library.contains("GraphQLBridge") && library.contains("GraphQLBridgeCLI"), "\(library.sorted())")
        let example = library.filter(Self.isExample)
        #expect(example.isEmpty, "library products need the example's \(example.sorted())")
        #expect(manifest.products.contains { $0.name == "lottery" }, "the example's commands are 'lottery'")
    }

    @Test("no Swift file of a library target imports a module of the example")
    func imports() async throws {
        let manifest = try await Self.manifest()
        let library = try Self.libraryTargets(manifest)
        let root = CodegenTestSupport.repositoryRoot
        var offenders: [String] = []
        var scanned = 0
        for target in manifest.targets where library.contains(target.name) && target.type != "system" {
            let folder = root.appendingPathComponent(
                target.path ?? (target.type == "plugin" ? "Plugins/\(target.name)" : "Sources/\(target.name)"))
            let files = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil)
            while let file = files?.nextObject() as? URL {
                guard file.pathExtension == "swift" else { continue }
                scanned += 1
                let text = try String(contentsOf: file, encoding: .utf8)
                for line in text.split(separator: "\n") {
                    let words = line.split(separator: " ")
                    guard let index = words.firstIndex(of: "import"), index + 1 < words.count else { continue }
                    let module = String(words[index + 1])
                    if Self.isExample(module) {
                        offenders.append("\(file.path.dropFirst(root.path.count + 1)): \(line)")
                    }
                }
            }
        }
        #expect(scanned > 100, "only \(scanned) files scanned")
        #expect(offenders.isEmpty, "library files import the example:\n\(offenders.joined(separator: "\n"))")
    }
}
