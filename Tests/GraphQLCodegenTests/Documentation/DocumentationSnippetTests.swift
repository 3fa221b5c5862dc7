import Foundation
import Testing

/// The documentation's code blocks are what `GeneratedCodeCompilesTests` compiles: these checks need no build (they
/// read the Markdown), so a block that escapes the compile check, or says nothing of the product it uses, fails fast.
@Suite("Documentation snippets")
struct DocumentationSnippetTests {
    /// The blocks not compiled, each with its reason: few, on purpose.
    static let maximumSkipped = 4

    @Test("every document is read, with at least one compiled Swift block each in README.md and the articles")
    func documentsAreFound() throws {
        let documents = try DocumentationSnippets.documents()
        #expect(documents.contains("README.md") && documents.contains("Migration.md"))
        for catalog in [
            "GraphQLBridge", "GraphQLBridgeTesting", "GraphQLMigration", "GraphQLComparison", "GraphQLCodegen",
        ] {
            #expect(
                documents.contains {
                    $0.hasPrefix("Sources/\(catalog)/\(catalog).docc/") && !$0.hasSuffix("/\(catalog).md")
                },
                "\(catalog).docc has no article")
        }
        let snippets = try DocumentationSnippets.all()
        let compiled = snippets.filter { $0.language == "swift" && $0.annotation.skip == nil }
        #expect(compiled.contains { $0.document == "README.md" })
        #expect(compiled.count >= 30, "only \(compiled.count) Swift blocks are compiled")
    }

    @Test("every Swift block says which product it uses: it imports it")
    func everySwiftBlockImports() throws {
        for snippet in try DocumentationSnippets.all() where snippet.language == "swift" && !snippet.annotation.manifest
        {
            let imports = SnippetPackage.imports(of: snippet.code)
            #expect(!imports.isEmpty, "\(snippet) imports nothing: start it with the imports of the products it uses")
        }
    }

    @Test("blocks left out of the compile check are few, and each says why")
    func skippedBlocks() throws {
        let skipped = try DocumentationSnippets.all().filter { $0.annotation.skip != nil }
        #expect(skipped.count <= Self.maximumSkipped, "\(skipped.map(\.description))")
        for snippet in skipped {
            #expect((snippet.annotation.skip ?? "").count >= 10, "\(snippet): say why it is not compiled")
        }
    }

    @Test("the package a reader makes: one manifest, with this package's products, and files for the quick start")
    func readersPackage() throws {
        let repository = CodegenTestSupport.repositoryRoot
        let package = try SnippetPackage(snippets: DocumentationSnippets.all(), repository: repository)
        #expect(package.manifest.contains(".package(path: \"GraphQLBridge\")"))
        #expect(package.localModules.isSuperset(of: ["MyAPI", "MyApp"]))
        let ownManifest = try String(contentsOf: repository.appendingPathComponent("Package.swift"), encoding: .utf8)
        for product in package.manifest.matches(of: #/\.product\(name: "([^"]+)", package: "GraphQLBridge"\)/#) {
            #expect(ownManifest.contains(".library(name: \"\(product.output.1)\""), "no product \(product.output.1)")
        }
        for plugin in package.manifest.matches(of: #/\.plugin\(name: "([^"]+)", package: "GraphQLBridge"\)/#) {
            #expect(ownManifest.contains(".plugin(name: \"\(plugin.output.1)\""), "no plugin \(plugin.output.1)")
        }
        let paths = Set(package.files.map(\.relativePath))
        for path in [
            "Sources/MyAPI/graphql/graphql-codegen.json", "Sources/MyAPI/graphql/Operations.graphql",
            "Sources/MyApp/main.swift",
        ] {
            #expect(paths.contains(path), "the quick start has no \(path)")
        }
        #expect(!package.runnable.isEmpty)
    }

    @Test("annotations are read; a skip without a reason or an unknown directive is an error")
    func annotations() throws {
        let text = """
            <!-- snippet: given client: GraphQLHTTPClient; run -->
            ```swift
            import GraphQLBridge
            ```

            - A list item:
              <!-- snippet: file: Sources/MyAPI/graphql/Operations.graphql -->
              ```graphql
              query Q { a }
              ```
            """
        let snippets = try DocumentationSnippets.extract(from: text, document: "T.md")
        #expect(snippets.count == 2)
        #expect(snippets.first?.annotation.given == "client: GraphQLHTTPClient")
        #expect(snippets.first?.annotation.run == true)
        #expect(snippets.last?.annotation.file == "Sources/MyAPI/graphql/Operations.graphql")
        #expect(snippets.last?.code == "query Q { a }\n")
        #expect(snippets.last?.line == 8)
        #expect(throws: SnippetAnnotationError.self) {
            try DocumentationSnippets.extract(from: "<!-- snippet: skip -->\n```swift\nx\n```\n", document: "T.md")
        }
        #expect(throws: SnippetAnnotationError.self) {
            try DocumentationSnippets.extract(from: "<!-- snippet: compile -->\n```swift\nx\n```\n", document: "T.md")
        }
    }

    @Test("statements are wrapped in a function, declarations stay at file scope")
    func wrapping() {
        func snippet(_ code: String, given: String? = nil) -> DocumentationSnippet {
            var annotation = SnippetAnnotation()
            annotation.given = given
            return DocumentationSnippet(
                document: "T.md", line: 1, language: "swift", code: code, annotation: annotation)
        }
        #expect(SnippetPackage.isFunctionBody(snippet("import A\nlet x = 1\n")))
        #expect(!SnippetPackage.isFunctionBody(snippet("import A\n\nextension X {\n    var y: Int { 1 }\n}\n")))
        #expect(!SnippetPackage.isFunctionBody(snippet("import Testing\n\n@Test func t() {}\n")))
        #expect(SnippetPackage.isFunctionBody(snippet("import A\nstruct S {}\n", given: "a: Int")))
        #expect(
            SnippetPackage.moduleName(of: "Sources/GraphQLBridge/GraphQLBridge.docc/GettingStarted.md")
                == "DocsGraphQLBridgeGettingStarted")
        #expect(
            SnippetPackage.imports(of: "import GraphQLBridge  // the runtime\n@testable import X\n") == [
                "GraphQLBridge", "X",
            ])
    }
}
