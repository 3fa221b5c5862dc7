import Foundation
import Testing

@testable import GraphQLBridge

/// One answer's write naming a field of a record twice (an object met twice in one answer, a list merge's pages): the
/// later value is the answer's, as in ``CacheRecord/merge(fields:)``. The store must not take the field it has just
/// written for one written since the answer's request started (kept against the answer, the answer overtaken, the
/// field made stale as a mix of two answers).
@Suite("A record write naming one field twice")
struct RepeatedFieldWriteTests {
    static let received = Date(timeIntervalSince1970: 1_800_000_000)

    static func name(_ text: String) -> CacheFieldWrite {
        CacheFieldWrite(
            name: "name", entry: CacheFieldEntry(value: .scalar(.string(text)), receivedAt: received, maxAge: nil))
    }

    @Test("the later value is kept, fresh, and the answer is not overtaken", arguments: ["memory", "sqlite"])
    func laterValueKept(storage: String) throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let store: any GraphQLCacheStore =
            storage == "memory"
            ? MemoryCacheStore()
            : try SQLiteCacheStore(fileURL: folder.url.appendingPathComponent("s.sqlite"), schemaVersion: "1")
        _ = try store.merge(["User:1": [Self.name("A")]], startedAt: nil, response: nil)
        let start = try store.version()
        let outcome = try store.merge(
            ["User:1": [Self.name("B"), Self.name("C")]], startedAt: start, response: nil)
        #expect(!outcome.overtaken, "the answer's own first value taken for a newer writer's")
        let entry = try #require(try store.records(forKeys: ["User:1"])["User:1"]?.entry(named: "name"))
        #expect(entry.value == .scalar(.string("C")))
        #expect(entry.maxAge != .zero, "made stale as if two answers were mixed")
    }
}
