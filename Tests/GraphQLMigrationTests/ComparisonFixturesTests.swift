import Foundation
import GraphQLComparison
import GraphQLMigration
import Testing

/// `--record DIR`: stable file names, read back by `ComparisonFixtures`.
@Suite("Recorded comparison fixtures")
struct ComparisonFixturesTests {
    @Test(
        "Ids as file names: safe characters kept, the rest percent-encoded, and back",
        arguments: [
            ("6x45", "6x45"),
            ("draws(gameId: \"6x45\", last: 10)", "draws%28gameId%3A%20%226x45%22%2C%20last%3A%2010%29"),
            ("a/b", "a%2Fb"), (".hidden", "%2Ehidden"), ("..", "%2E."), ("", "%"), ("é", "%C3%A9"), ("50%", "50%25"),
        ])
    func names(id: String, file: String) {
        #expect(ComparisonFixtures.encode(id) == file)
        #expect(ComparisonFixtures.decode(file) == id)
    }

    @Test("A run records each compared read's bodies (not the noise check's), and they read back")
    func recordsAndReadsBack() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("record-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let backend = BookshopBackend()
        let run = await ComparisonRun.main(
            BookshopComparison.plan(backend), ["--format", "json", "--quiet", "--record", folder.path])
        #expect(run.status == 0)
        #expect((try run.json()["notes"] as? [String])?.first == "recorded 34 response bodies in \(folder.path)")
        let fixtures = ComparisonFixtures(directory: folder)
        #expect(try fixtures.ids(of: "Book") == (1...12).map { String(format: "b%02d", $0) })
        #expect(try fixtures.ids(of: "Author") == ["a1", "a2", "a3", "a4"])
        #expect(try fixtures.ids(of: "Book", list: true) == ["shelf(new)"])
        // Offline, the REST fixture through the legacy decoding and the GraphQL fixture through the adapter give the
        // same book, but for the live counter (read one request apart).
        let rest =
            try JSONSerialization.jsonObject(with: fixtures.body(.rest, model: "Book", id: "b03")) as? [String: Any]
        let graphQL =
            try JSONSerialization.jsonObject(with: fixtures.body(.graphql, model: "Book", id: "b03")) as? [String: Any]
        let restReaders = rest?["readers_now"] as? Int ?? 0
        let graphQLReaders = ((graphQL?["data"] as? [String: Any])?["book"] as? [String: Any])?["readersNow"] as? Int
        #expect(
            graphQLReaders == restReaders + 1, "the first REST read, then GraphQL; the second REST read is not kept")
        #expect(rest?["title"] as? String == "Book 3")
        #expect {
            try fixtures.body(.rest, model: "Book", id: "b99")
        } throws: { error in
            (error as? ComparisonFixtureError)?.description.contains("no REST fixture for Book b99") == true
        }
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.appendingPathComponent("Book").path)
        #expect(names.contains("b01.rest.json") && names.contains("b01.graphql.json") && names.contains("lists"))
    }
}
