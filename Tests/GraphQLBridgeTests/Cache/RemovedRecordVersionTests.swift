import Foundation
import Testing

@testable import GraphQLBridge

/// A record trimmed or evicted takes its fields' versions with it: an answer to a request that started before the
/// record's last change must not write it again as fresh (the model checker's seed 828: a held query answered after
/// another connection's mutation of a path-keyed owner, which a trim under a small byte limit had removed). Each store
/// keeps the highest version a removed record had; such an answer writes where no record is stored stale, overtaken.
@Suite("Records removed since a request started")
struct RemovedRecordVersionTests {
    private static let time = Date(timeIntervalSince1970: 1_800_000_000)

    private static func fields(_ value: String) -> CacheRecordWrite {
        [CacheFieldWrite(name: "page", entry: CacheFieldEntry(value: .scalar(.string(value)), receivedAt: time))]
    }

    /// The stores under test: memory, and SQLite with a second connection to the same file (another process).
    private enum Kind: CaseIterable, CustomTestStringConvertible {
        case memory, sqlite, sqliteOtherConnection
        var testDescription: String {
            switch self {
            case .memory: "memory"
            case .sqlite: "SQLite"
            case .sqliteOtherConnection: "SQLite, removed through another connection"
            }
        }
    }

    /// Two views of one store: `writer` writes and removes, `reader` merges the late answer.
    private static func stores(_ kind: Kind, in folder: TemporaryFolder) throws -> (
        any GraphQLCacheStore, any GraphQLCacheStore
    ) {
        switch kind {
        case .memory:
            let store = MemoryCacheStore()
            return (store, store)
        case .sqlite:
            let store = try SQLiteCacheStore(fileURL: folder.url.appendingPathComponent("a.sqlite"), schemaVersion: "1")
            return (store, store)
        case .sqliteOtherConnection:
            let file = folder.url.appendingPathComponent("b.sqlite")
            return (
                try SQLiteCacheStore(fileURL: file, schemaVersion: "1"),
                try SQLiteCacheStore(fileURL: file, schemaVersion: "1")
            )
        }
    }

    @Test(
        "a record changed after the request started, then trimmed: the late answer is written stale",
        arguments: Kind.allCases)
    private func trimmedAfterChange(_ kind: Kind) throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let (writer, reader) = try Self.stores(kind, in: folder)
        _ = try writer.merge(["Owner:1": Self.fields("page 1")], startedAt: nil, response: nil)
        let start = try reader.version()
        // A mutation lands after the request started, then the record is trimmed away.
        _ = try writer.merge(["Owner:1": Self.fields("y")], startedAt: nil, response: nil)
        #expect(try writer.trim(toBytes: 0, sparing: []) == ["Owner:1"])
        let merged = try reader.merge(["Owner:1": Self.fields("page 1")], startedAt: start, response: nil)
        #expect(merged.overtaken)
        let written = try #require(try reader.records(forKeys: ["Owner:1"])["Owner:1"]?.entry(named: "page"))
        #expect(written.value == .scalar(.string("page 1")))
        #expect(written.maxAge == .zero, "written fresh with a value the server had changed since")
    }

    @Test(
        "a record trimmed, then written again without the field (another query): the late answer's field is stale",
        arguments: Kind.allCases)
    private func writtenAgainWithoutTheField(_ kind: Kind) throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let (writer, reader) = try Self.stores(kind, in: folder)
        let start = try reader.version()
        _ = try writer.merge(["Site:1": Self.fields("a.b")], startedAt: nil, response: nil)
        #expect(try writer.trim(toBytes: 0, sparing: []) == ["Site:1"])
        let owner = CacheFieldWrite(
            name: "owner", entry: CacheFieldEntry(value: .reference("Site:1.owner"), receivedAt: Self.time))
        _ = try writer.merge(["Site:1": [owner]], startedAt: try writer.version(), response: nil)
        let merged = try reader.merge(["Site:1": Self.fields("Site 1") + [owner]], startedAt: start, response: nil)
        #expect(merged.overtaken)
        let record = try #require(try reader.records(forKeys: ["Site:1"])["Site:1"])
        #expect(record.entry(named: "page")?.maxAge == .zero, "the field the record lost is written fresh")
        #expect(record.entry(named: "owner")?.maxAge == nil, "the field written since is untouched")
    }

    @Test("the same with an evicted record", arguments: Kind.allCases)
    private func evictedAfterChange(_ kind: Kind) throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let (writer, reader) = try Self.stores(kind, in: folder)
        let start = try reader.version()
        _ = try writer.merge(["Owner:1": Self.fields("y")], startedAt: nil, response: nil)
        try writer.remove(keys: ["Owner:1"])
        let merged = try reader.merge(["Owner:1": Self.fields("page 1")], startedAt: start, response: nil)
        #expect(merged.overtaken)
        #expect(try reader.records(forKeys: ["Owner:1"])["Owner:1"]?.entry(named: "page")?.maxAge == .zero)
    }

    @Test(
        "a record last changed before the request started, then trimmed: the answer is newer, written fresh",
        arguments: Kind.allCases)
    private func trimmedBeforeStart(_ kind: Kind) throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let (writer, reader) = try Self.stores(kind, in: folder)
        _ = try writer.merge(["Owner:1": Self.fields("old")], startedAt: nil, response: nil)
        let start = try reader.version()
        #expect(try writer.trim(toBytes: 0, sparing: []) == ["Owner:1"])
        let merged = try reader.merge(["Owner:1": Self.fields("new")], startedAt: start, response: nil)
        #expect(!merged.overtaken)
        let written = try #require(try reader.records(forKeys: ["Owner:1"])["Owner:1"]?.entry(named: "page"))
        #expect(written.value == .scalar(.string("new")))
        #expect(written.maxAge == nil)
    }

    @Test("a local edit (no request) is never made stale by a removal", arguments: Kind.allCases)
    private func localEdit(_ kind: Kind) throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let (writer, reader) = try Self.stores(kind, in: folder)
        _ = try writer.merge(["Owner:1": Self.fields("y")], startedAt: nil, response: nil)
        try writer.remove(keys: ["Owner:1"])
        let merged = try reader.merge(["Owner:1": Self.fields("edited")], startedAt: nil, response: nil)
        #expect(!merged.overtaken)
        #expect(try reader.records(forKeys: ["Owner:1"])["Owner:1"]?.entry(named: "page")?.maxAge == nil)
    }
}
