import Foundation
import GraphQLCodegen
import GraphQLParser
import GraphQLSchema
import Testing

/// The generator's output for the lottery app's documents (Sources/LotteryAPI/graphql, with its
/// graphql-codegen.json) compared with the hand-written LotteryAPI types it replaced
/// (Fixtures/Snapshots/LotteryAPI/, in the generator's layout: Operations/, Fragments/, Schema/).
@Suite("LotteryAPI snapshot")
struct LotterySnapshotTests {
    static let configurationURL = CodegenTestSupport.repositoryRoot
        .appendingPathComponent("Sources/LotteryAPI/graphql/graphql-codegen.json")

    static func generate(layout: OutputLayout) throws -> CodegenResult {
        let configuration = try CodegenConfiguration.load(contentsOf: configurationURL)
        return try CodegenPipeline(configuration: configuration).run(layout: layout)
    }

    @Test("every generated file matches the hand-written one")
    func matchesHandWritten() throws {
        let result = try Self.generate(layout: .filePerDeclaration)
        #expect(result.diagnostics.isEmpty, "\(result.diagnostics)")
        let expectedFolder = try CodegenTestSupport.fixtureURL("Snapshots/LotteryAPI")
        let sourceFolder = CodegenTestSupport.testsFolder.appendingPathComponent("Fixtures/Snapshots/LotteryAPI")
        let expectedFiles = try Self.swiftFiles(in: expectedFolder)
        #expect(result.files.map(\.relativePath).sorted() == expectedFiles)
        for file in result.files {
            let url = expectedFolder.appendingPathComponent(file.relativePath)
            try CodegenTestSupport.expectSnapshot(
                file.contents, expected: FileManager.default.fileExists(atPath: url.path) ? url : nil,
                source: sourceFolder.appendingPathComponent(file.relativePath))
        }
    }

    @Test("the build plugin's single file holds the same declarations")
    func singleFileHasEveryDeclaration() throws {
        let single = try Self.generate(layout: .singleFile("LotteryAPI.generated.swift"))
        let perFile = try Self.generate(layout: .filePerDeclaration)
        let file = try #require(single.files.first)
        #expect(single.files.count == 1)
        #expect(file.relativePath == "LotteryAPI.generated.swift")
        #expect(file.contents.hasPrefix(GeneratedFile.marker))
        for declaration in perFile.files {
            // Everything after the imports is the declaration.
            let body = try #require(declaration.contents.components(separatedBy: "import GraphQLBridge\n\n").last)
            #expect(file.contents.contains(body), "\(declaration.relativePath) is not in the single file")
        }
        let order = ["public enum DrawStatus", "public struct DrawDetails", "public struct DrawQuery"]
        let positions = order.compactMap { file.contents.range(of: $0)?.lowerBound }
        #expect(positions.count == 3 && positions == positions.sorted(), "enums, then fragments, then operations")
    }

    @Test("documents hold the operation and its fragments, transitively, sorted by name")
    func documents() throws {
        let plan = try #require(try Self.generate(layout: .filePerDeclaration).plan)
        let game = try #require(plan.operations.first { $0.name == "Game" })
        #expect(game.fragments == ["DrawDetails", "GameDetails", "ImageDetails", "PrizeCategoryDetails"])
        #expect(game.minifiedText == "query Game($id:ID!){game(id:$id){...GameDetails}}")
        let image = try #require(plan.operations.first { $0.name == "Image" })
        #expect(image.fragments == ["ImageDetails"])
        // The description is documentation: not sent.
        #expect(!game.minifiedText.contains("nil"))
        #expect(game.description == "a game by its id; `data.game` is `nil` when there is no such game.")
    }

    static func swiftFiles(in folder: URL) throws -> [String] {
        let enumerator = FileManager.default.enumerator(atPath: folder.path)
        var files: [String] = []
        while let relative = enumerator?.nextObject() as? String {
            if relative.hasSuffix(".swift") { files.append(relative) }
        }
        return files.sorted()
    }
}
