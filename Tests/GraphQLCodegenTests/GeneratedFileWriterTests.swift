import Foundation
import GraphQLCodegen
import GraphQLSchema
import Testing

/// Writing generated files: unchanged files are left alone, stale generated files removed, other files kept.
@Suite("Generated file writer")
struct GeneratedFileWriterTests {
    @Test("writes new files, leaves unchanged ones alone and removes stale generated ones")
    func writes() throws {
        let folder = try CodegenTestSupport.temporaryDirectory("writer")
        defer { CodegenTestSupport.remove(folder) }
        let writer = GeneratedFileWriter(directory: folder.appendingPathComponent("Generated"))
        let a = GeneratedFile(relativePath: "Operations/A.swift", contents: GeneratedFile.marker + " a\n")
        let b = GeneratedFile(relativePath: "Schema/B.swift", contents: GeneratedFile.marker + " b\n")
        let first = try writer.write([a, b])
        #expect(first.written == ["Operations/A.swift", "Schema/B.swift"])

        // Back-date A, so a rewrite would be visible.
        let aURL = writer.directory.appendingPathComponent(a.relativePath)
        let past = Date(timeIntervalSince1970: 1_000_000)
        try FileManager.default.setAttributes([.modificationDate: past], ofItemAtPath: aURL.path)
        let handWritten = writer.directory.appendingPathComponent("Operations/Extensions.swift")
        try CodegenTestSupport.write("// mine\n", to: handWritten)

        let changedB = GeneratedFile(relativePath: b.relativePath, contents: GeneratedFile.marker + " b2\n")
        let c = GeneratedFile(relativePath: "Fragments/C.swift", contents: GeneratedFile.marker + " c\n")
        let second = try writer.write([a, changedB, c].reversed())
        #expect(second.unchanged == ["Operations/A.swift"])
        #expect(second.written == ["Fragments/C.swift", "Schema/B.swift"])
        #expect(second.removed.isEmpty)
        let date = try FileManager.default.attributesOfItem(atPath: aURL.path)[.modificationDate] as? Date
        #expect(date == past, "an unchanged file is not rewritten")
        #expect(
            try String(contentsOf: writer.directory.appendingPathComponent(b.relativePath), encoding: .utf8)
                == changedB.contents)

        let third = try writer.write([c])
        #expect(third.removed == ["Operations/A.swift", "Schema/B.swift"])
        #expect(FileManager.default.fileExists(atPath: handWritten.path), "files the generator did not write stay")
        #expect(!FileManager.default.fileExists(atPath: aURL.path))
    }
}
