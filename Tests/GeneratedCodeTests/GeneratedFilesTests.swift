import Foundation
import GraphQLCodegen
import GraphQLCodegenTestSupport
import GraphQLParser
import Testing

/// The code this target compiles is what the generator generates now (from Fixtures/, into Generated/), and the
/// property test's random operations (Fixtures/PropertyCorpus/random.graphql) are the seeded generator's.
/// `UPDATE_SNAPSHOTS=1` rewrites them.
@Suite("Generated code is current")
struct GeneratedFilesTests {
    @Test("Generated/ holds what the generator writes for each configuration", arguments: GeneratedSources.units)
    func current(_ unit: (configuration: String, output: String)) throws {
        let configuration = try CodegenConfiguration.load(contentsOf: GeneratedSources.fixture(unit.configuration))
        let result = try CodegenPipeline(configuration: configuration).run()
        #expect(!result.hasErrors, "\(result.diagnostics)")
        let folder = GeneratedSources.folder.appendingPathComponent(unit.output)
        if GeneratedSources.updating {
            _ = try GeneratedFileWriter(directory: folder).write(result.files)
            return
        }
        let committed = try GeneratedSources.swiftFiles(in: folder)
        let generated = Dictionary(uniqueKeysWithValues: result.files.map { ($0.relativePath, $0.contents) })
        #expect(
            committed.keys.sorted() == generated.keys.sorted(),
            "\(unit.output) has other files than the generator writes (UPDATE_SNAPSHOTS=1 rewrites them)")
        for (path, contents) in generated.sorted(by: { $0.key < $1.key }) where committed[path] != contents {
            Issue.record("\(unit.output)/\(path) differs from the generator's output (UPDATE_SNAPSHOTS=1 rewrites it)")
        }
    }

    @Test("the property corpus is the seeded generator's valid documents, and its list of operations is current")
    func corpus() throws {
        let text = try PropertyCorpus.generate()
        let operations = PropertyCorpus.operationList(for: text)
        let corpusURL = GeneratedSources.fixture(PropertyCorpus.documentsPath)
        let listURL = GeneratedSources.folder.appendingPathComponent(PropertyCorpus.listPath)
        if GeneratedSources.updating {
            try Data(text.utf8).write(to: corpusURL)
            try Data(operations.utf8).write(to: listURL)
            return
        }
        #expect(
            (try? String(contentsOf: corpusURL, encoding: .utf8)) == text,
            "\(PropertyCorpus.documentsPath) is not the generator's (UPDATE_SNAPSHOTS=1 rewrites it)")
        #expect(
            (try? String(contentsOf: listURL, encoding: .utf8)) == operations,
            "\(PropertyCorpus.listPath) is not current (UPDATE_SNAPSHOTS=1 rewrites it)")
    }
}
