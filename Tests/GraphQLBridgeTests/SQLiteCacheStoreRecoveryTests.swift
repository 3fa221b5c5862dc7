import Foundation
import Testing

@testable import GraphQLBridge

#if canImport(SQLite3)
    import SQLite3
#else
    import CSQLite
#endif

/// `SQLiteCacheStore` on a file that is not a cache store, or is damaged: moved aside, replaced by an empty store,
/// reported, never a crash.
@Suite("SQLiteCacheStore recovery")
struct SQLiteCacheStoreRecoveryTests {
    /// What the file holds before the store opens it.
    enum Damage: String, CaseIterable, CustomStringConvertible {
        case randomBytes, plainText, truncatedStore, otherTables, foreignMetaTable, foreignMetaRows

        var description: String { rawValue }
    }

    /// Writes `damage` at `file`; returns what the store must not lose sight of: the file's bytes.
    static func prepare(_ damage: Damage, at file: URL) throws -> Data {
        switch damage {
        case .randomBytes:
            var generator = SplitMix(seed: 8)
            let bytes = Data((0..<16_384).map { _ in UInt8(truncatingIfNeeded: generator.next()) })
            try bytes.write(to: file)
            // A stray WAL must not survive into the new store.
            try Data("not a WAL either".utf8).write(to: URL(fileURLWithPath: file.path + "-wal"))
        case .plainText:
            try Data("This is a shopping list, not a database.\nEggs\nMilk\n".utf8).write(to: file)
        case .truncatedStore:
            do {
                let store = try SQLiteCacheStore(fileURL: file, schemaVersion: "1")
                for batch in 0..<4 {
                    try store.write(
                        (0..<50).map { SQLiteCacheStoreTests.record("r\(batch):\($0)", size: 3_000 + $0) })
                }
            }
            let whole = try Data(contentsOf: file)
            try whole.prefix(whole.count / 2).write(to: file)
        case .otherTables:
            try runSQL(
                at: file,
                "CREATE TABLE users (id INTEGER PRIMARY KEY, name TEXT); INSERT INTO users (name) VALUES ('Ann');")
        case .foreignMetaTable:
            try runSQL(
                at: file,
                "CREATE TABLE meta (id INTEGER PRIMARY KEY, data BLOB); INSERT INTO meta (data) VALUES (x'00');")
        case .foreignMetaRows:
            try runSQL(
                at: file,
                """
                CREATE TABLE meta (name TEXT PRIMARY KEY, value TEXT); INSERT INTO meta VALUES ('format', 'other-app');
                CREATE TABLE records (key TEXT);
                """)
        }
        return try Data(contentsOf: file)
    }

    /// Runs `sql` on a SQLite file (another program's database, or a cache store's file changed behind its back).
    static func runSQL(at file: URL, _ sql: String) throws {
        var handle: OpaquePointer?
        defer { sqlite3_close_v2(handle) }
        try #require(sqlite3_open(file.path, &handle) == SQLITE_OK)
        try #require(sqlite3_exec(handle, sql, nil, nil, nil) == SQLITE_OK)
    }

    @Test("a damaged or foreign file is moved aside and replaced by an empty store", arguments: Damage.allCases)
    func recovers(from damage: Damage) throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let file = folder.url.appendingPathComponent("cache.sqlite")
        let original = try Self.prepare(damage, at: file)

        let store = try SQLiteCacheStore(fileURL: file, schemaVersion: "1")
        let recovered = try #require(store.recovered)
        #expect(recovered.kind == .corrupt)
        #expect(recovered.path == file.path)
        #expect(recovered.message.contains(".corrupt-"), "\(recovered)")
        #expect(try store.allKeys().isEmpty)
        try store.write([SQLiteCacheStoreTests.record("fresh")])
        #expect(try store.records(forKeys: ["fresh"]).count == 1)

        let aside = folder.entries().filter { $0.hasPrefix("cache.sqlite.corrupt-") }
        let moved = try #require(aside.first { !$0.hasSuffix("-wal") && !$0.hasSuffix("-shm") }, "\(aside)")
        #expect(try Data(contentsOf: folder.url.appendingPathComponent(moved)) == original)
        if damage == .randomBytes {
            // The stray WAL went aside, or SQLite dropped it (it had no frame): the new store does not inherit it.
            let wal = try? Data(contentsOf: URL(fileURLWithPath: file.path + "-wal"))
            #expect(wal.map { !$0.starts(with: Data("not a WAL".utf8)) } ?? true)
        }

        // The replacement is an ordinary store: opened again, nothing to recover.
        let again = try SQLiteCacheStore(fileURL: file, schemaVersion: "1")
        #expect(again.recovered == nil)
        #expect(try again.allKeys() == ["fresh"])
    }

    @Test("damage found after opening: the call throws .corrupt, the file is moved aside, the store goes on empty")
    func damageFoundLater() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let file = folder.url.appendingPathComponent("later.sqlite")
        try SQLiteCacheStore(fileURL: file, schemaVersion: "1").write(
            (0..<100).map { SQLiteCacheStoreTests.record("r\($0)") })
        let store = try SQLiteCacheStore(fileURL: file, schemaVersion: "1")
        #expect(store.recovered == nil)
        // Another connection writes, so that this one reads the file again instead of its page cache...
        try SQLiteCacheStore(fileURL: file, schemaVersion: "1").write([SQLiteCacheStoreTests.record("other")])
        // ... and every page after the first is damaged underneath it.
        let bytes = try Data(contentsOf: file)
        try (bytes.prefix(4_096) + Data(repeating: 0xA5, count: bytes.count - 4_096)).write(to: file)

        #expect {
            try store.records(forKeys: (0..<100).map { "r\($0)" })
        } throws: { error in
            (error as? GraphQLCacheError)?.kind == .corrupt
        }
        try Self.expectMovedAside(store, in: folder, prefix: "later.sqlite.corrupt-")
    }

    /// `store` found damage: it says so, goes on empty and usable, and the damaged file is in `folder` under `prefix`.
    static func expectMovedAside(_ store: SQLiteCacheStore, in folder: TemporaryFolder, prefix: String) throws {
        #expect(store.recovered?.kind == .corrupt)
        #expect(try store.allKeys().isEmpty)
        try store.write([SQLiteCacheStoreTests.record("fresh")])
        #expect(try store.allKeys() == ["fresh"])
        #expect(folder.entries().contains { $0.hasPrefix(prefix) })
    }

    @Test("damage in a closed file's record pages: met by the first read (.corrupt, never wrong records), moved aside")
    func damageMetAtFirstRead() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let file = folder.url.appendingPathComponent("closed.sqlite")
        let keys = (0..<100).map { "r\($0)" }
        do {
            let writer = try SQLiteCacheStore(fileURL: file, schemaVersion: "1")
            try writer.write(keys.map { SQLiteCacheStoreTests.record($0, size: 3_000) })
        }
        // Closed: the WAL is checkpointed into the file. The records' pages are damaged from the 20th page on; the
        // first pages (the schema, the tables' roots, the small tables) stay readable.
        let bytes = try Data(contentsOf: file)
        try #require(bytes.count > 60 * 4_096)
        try (bytes.prefix(20 * 4_096) + Data(repeating: 0xA5, count: bytes.count - 20 * 4_096)).write(to: file)

        // Opening reads the header and the tables, not every page: it does not meet the damage...
        let store = try SQLiteCacheStore(fileURL: file, schemaVersion: "1")
        #expect(store.recovered == nil)
        // ... the first read that does throws, and never answers with damaged records.
        #expect {
            try store.records(forKeys: keys)
        } throws: { error in
            (error as? GraphQLCacheError)?.kind == .corrupt
        }
        try Self.expectMovedAside(store, in: folder, prefix: "closed.sqlite.corrupt-")
    }

    @Test("a store of an older format of ours has its records dropped, and is not moved aside")
    func olderFormat() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let file = folder.url.appendingPathComponent("old.sqlite")
        try SQLiteCacheStore(fileURL: file, schemaVersion: "1").write([SQLiteCacheStoreTests.record("old")])
        try Self.runSQL(at: file, "UPDATE meta SET value = 'graphqlbridge-cache-0' WHERE name = 'format'")
        let store = try SQLiteCacheStore(fileURL: file, schemaVersion: "1")
        #expect(store.recovered == nil)
        #expect(store.droppedSchemaVersion == "1")
        #expect(try store.allKeys().isEmpty)
        #expect(folder.entries().filter { $0.contains(".corrupt-") }.isEmpty)
    }

    @Test("an empty file is an empty store, not damage")
    func emptyFile() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let file = folder.url.appendingPathComponent("empty.sqlite")
        try Data().write(to: file)
        let store = try SQLiteCacheStore(fileURL: file, schemaVersion: "1")
        #expect(store.recovered == nil)
        #expect(try store.allKeys().isEmpty)
    }

    @Test("a folder that cannot be created is an open error naming the path")
    func unwritableFolder() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let blocker = folder.url.appendingPathComponent("file")
        try Data("x".utf8).write(to: blocker)
        let file = blocker.appendingPathComponent("cache.sqlite")
        #expect {
            try SQLiteCacheStore(fileURL: file, schemaVersion: "1")
        } throws: { error in
            (error as? GraphQLCacheError)?.kind == .open && (error as? GraphQLCacheError)?.path == file.path
        }
    }

    /// A small deterministic random number generator (SplitMix64).
    struct SplitMix {
        var state: UInt64
        init(seed: UInt64) { state = seed }
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var value = state
            value = (value ^ (value >> 30)) &* 0xBF58_476D_1CE4_E5B9
            value = (value ^ (value >> 27)) &* 0x94D0_49BB_1331_11EB
            return value ^ (value >> 31)
        }
    }
}
