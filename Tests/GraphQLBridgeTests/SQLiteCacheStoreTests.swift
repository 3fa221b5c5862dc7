import Foundation
import Testing

@testable import GraphQLBridge

/// `SQLiteCacheStore`: records on disk, least-recently-used trimming, a disk that is really freed, schema changes,
/// and one file per namespace.
@Suite("SQLiteCacheStore")
struct SQLiteCacheStoreTests {
    static let received = Date(timeIntervalSinceReferenceDate: 786_000_000.123_456)

    static func entry(_ value: CacheValue, maxAge: Duration? = nil) -> CacheFieldEntry {
        CacheFieldEntry(value: value, receivedAt: received, maxAge: maxAge)
    }

    /// A record whose one field holds `size` bytes of text.
    static func record(_ key: String, size: Int = 1_000, letter: Character = "x") -> CacheRecord {
        CacheRecord(key: key, fields: ["text": entry(.scalar(.string(String(repeating: letter, count: size))))])
    }

    @Test("every kind of value comes back as written, from a store opened again")
    func roundTrip() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let file = folder.url.appendingPathComponent("nested/folder/cache.sqlite")
        let game = CacheRecord(
            key: "Game:6x45 «ünïcødé» 🎲",
            fields: [
                "id": Self.entry(.scalar(.string("6x45"))),
                "max": Self.entry(.scalar(.number("9223372036854775807"))),
                "min": Self.entry(.scalar(.number("-9223372036854775808"))),
                "unsigned": Self.entry(.scalar(.number("18446744073709551615"))),
                "decimal": Self.entry(.scalar(.number("12345678901234567890.123456789"))),
                "half": Self.entry(.scalar(.number("1.5")), maxAge: .milliseconds(1_500)),
                "flag": Self.entry(.scalar(.bool(true)), maxAge: .seconds(5)),
                "jsonNull": Self.entry(.scalar(.null)),
                "null": Self.entry(.null),
                "object": Self.entry(.scalar(.object(["a": .array([.number("1"), .string("b"), .null])]))),
                "latestDraw": Self.entry(.reference("Draw:6x45:1234")),
                "draws({\"gameId\":\"6x45\",\"last\":10})": Self.entry(
                    .list([
                        .reference("Draw:1"), .null, .list([.reference("Draw:2"), .scalar(.string("é"))]), .list([]),
                    ])
                ),
                "名前(lang:\"日本語\")": Self.entry(.scalar(.string("ロト 🎰\u{0}\n\"quoted\""))),
                "empty": Self.entry(.list([])),
            ])
        let root = CacheRecord(key: CacheRecord.queryRootKey, fields: ["game": Self.entry(.reference(game.key))])
        // A key with a NUL is its own key, not "Now".
        let now = CacheRecord(key: "Now\u{0}", fields: ["at": CacheFieldEntry(value: .null, receivedAt: Date())])
        let plainNow = CacheRecord(key: "Now", fields: ["at": Self.entry(.scalar(.bool(false)))])
        do {
            let store = try SQLiteCacheStore(fileURL: file, schemaVersion: "1")
            #expect(store.recovered == nil)
            try store.write([game, root, now, plainNow])
            #expect(try store.records(forKeys: [game.key]) == [game.key: game])
        }
        let store = try SQLiteCacheStore(fileURL: file, schemaVersion: "1")
        #expect(store.recovered == nil)
        #expect(store.droppedSchemaVersion == nil)
        let found = try store.records(forKeys: [
            game.key, "missing", CacheRecord.queryRootKey, now.key, game.key, "Now",
        ])
        #expect(found == [game.key: game, root.key: root, now.key: now, "Now": plainNow])
        #expect(found[game.key]?.fields["max"]?.value == .scalar(.number("9223372036854775807")))
        #expect(Set(try store.allKeys()) == [game.key, root.key, now.key, "Now"])
        #expect(try store.records(forKeys: []).isEmpty)
    }

    @Test("a write replaces whole records; remove ignores absent keys; byteCount follows")
    func replaceAndRemove() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let store = try SQLiteCacheStore(fileURL: folder.url.appendingPathComponent("s.sqlite"), schemaVersion: "1")
        #expect(try store.byteCount() == 0)
        try store.write([Self.record("A", size: 5_000), Self.record("B", size: 1_000)])
        let both = try store.byteCount()
        #expect(both > 6_000)
        let replacement = CacheRecord(key: "A", fields: ["other": Self.entry(.scalar(.number("2")))])
        try store.write([replacement])
        #expect(try store.records(forKeys: ["A"]) == ["A": replacement])
        #expect(try store.byteCount() < both - 4_000)
        try store.remove(keys: ["A", "missing"])
        #expect(try store.allKeys() == ["B"])
        try store.remove(keys: [])
        #expect(try store.records(forKeys: ["A", "B"]).keys.sorted() == ["B"])
    }

    @Test("trim removes the least recently read or written records first, and the order survives reopening")
    func leastRecentlyUsedTrim() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let file = folder.url.appendingPathComponent("lru.sqlite")
        let unit: Int
        do {
            let store = try SQLiteCacheStore(fileURL: file, schemaVersion: "1")
            try store.write([Self.record("a")])
            unit = try store.byteCount()
            try store.write([Self.record("b"), Self.record("c")])
            try store.write([Self.record("d")])
            _ = try store.records(forKeys: ["a"])  // order of use now: b, c, d, a
            #expect(try store.trim(toBytes: 4 * unit, sparing: []).isEmpty)
        }
        let store = try SQLiteCacheStore(fileURL: file, schemaVersion: "1")
        #expect(try store.trim(toBytes: 2 * unit + unit / 2, sparing: []) == ["b", "c"])
        #expect(Set(try store.allKeys()) == ["a", "d"])
        try store.write([Self.record("e")])
        _ = try store.records(forKeys: ["d"])  // order of use now: a, e, d
        #expect(try store.trim(toBytes: unit, sparing: []) == ["a", "e"])
        #expect(try store.allKeys() == ["d"])
        #expect(try store.trim(toBytes: 0, sparing: []) == ["d"])
        #expect(try store.byteCount() == 0)
    }

    @Test("two connections' last-use marks are ordered across them: the next mark is above the other's (kept in state)")
    func lastUsesAcrossConnections() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let file = folder.url.appendingPathComponent("shared.sqlite")
        let app = try SQLiteCacheStore(fileURL: file, schemaVersion: "1")
        let widget = try SQLiteCacheStore(fileURL: file, schemaVersion: "1")
        try app.write([Self.record("m")])
        let unit = try app.byteCount()
        try widget.write([Self.record("z")])
        // The app's own last mark is m's: were it not to see the widget's, `a` would tie with `z` and go first by key.
        try app.write([Self.record("a")])
        #expect(try app.trim(toBytes: unit, sparing: []) == ["m", "z"])
        // A read's mark written by the other connection's next write is above both.
        try widget.write([Self.record("b")])
        _ = try app.records(forKeys: ["a"])
        try app.write([Self.record("c")])
        #expect(try widget.trim(toBytes: 2 * unit, sparing: []) == ["b"])
        #expect(Set(try widget.allKeys()) == ["a", "c"])
    }

    @Test("a store whose file another schema version took over reads none of its records and writes nothing")
    func supersededByAnotherSchemaVersion() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let file = folder.url.appendingPathComponent("versions.sqlite")
        let old = try SQLiteCacheStore(fileURL: file, schemaVersion: "1")
        try old.write([Self.record("a")])
        #expect(try old.records(forKeys: ["a"]).keys.sorted() == ["a"])
        // The new version drops the old records and writes its own under the same key.
        let new = try SQLiteCacheStore(fileURL: file, schemaVersion: "2")
        #expect(new.droppedSchemaVersion == "1")
        try new.write([Self.record("a"), Self.record("b")])
        // The old store's very next read, by the statement it read `a` with before (prepared again by SQLite for the
        // new tables), finds it out.
        #expect(try old.records(forKeys: ["a"]).isEmpty)
        #expect(old.supersededBy == "2")
        #expect(try old.allKeys().isEmpty)
        #expect(throws: GraphQLCacheError.self) { try old.write([Self.record("c")]) }
        #expect(Set(try new.allKeys()) == ["a", "b"], "the new version's records are untouched")
    }

    @Test("a file of the format before (10) has its records dropped on open; the versions go on from its")
    func earlierFormatDropped() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let file = folder.url.appendingPathComponent("format.sqlite")
        let oldVersion: UInt64
        do {
            let store = try SQLiteCacheStore(fileURL: file, schemaVersion: "1")
            for index in 0..<5 { try store.write([Self.record("r\(index)")]) }
            oldVersion = try store.version()
            // What format 10 had: no `last_use` in `state`, an index on the last uses.
            let db = try store.database(.write)
            try db.execute("UPDATE meta SET value = 'graphqlbridge-cache-10' WHERE name = 'format'", .write)
            try db.execute("ALTER TABLE state DROP COLUMN last_use", .write)
            try db.execute("CREATE INDEX records_by_last_use ON records (last_used, size)", .write)
        }
        let store = try SQLiteCacheStore(fileURL: file, schemaVersion: "1")
        #expect(store.droppedSchemaVersion == "1")
        #expect(store.recovered == nil)
        #expect(try store.allKeys().isEmpty)
        #expect(try store.version() > oldVersion, "an answer to a request started before the drop is older")
        try store.write([Self.record("new")])
        #expect(try store.allKeys() == ["new"])
        let indexes = try store.database(.read).texts(
            "SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = 'records'", .read)
        #expect(indexes == ["records_by_version"])
    }

    @Test("a long read-only session keeps a bounded list of last uses, and the most recent use still counts")
    func pendingUsesAreBounded() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let store = try SQLiteCacheStore(fileURL: folder.url.appendingPathComponent("reads.sqlite"), schemaVersion: "1")
        try store.write([Self.record("a"), Self.record("b")])
        let unit = try store.byteCount() / 2
        for _ in 0..<(3 * SQLiteCacheStore.pendingUseLimit) {
            _ = try store.records(forKeys: ["b"])
        }
        _ = try store.records(forKeys: ["a"])  // used last
        #expect(store.pendingUseCount <= 2 * SQLiteCacheStore.pendingUseLimit)
        #expect(try store.trim(toBytes: unit, sparing: []) == ["b"], "the last use survives the merging of marks")
        #expect(store.pendingUseCount == 0)
    }

    @Test("removeAll deletes every record and shrinks the file on disk")
    func removeAllFreesTheDisk() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let file = folder.url.appendingPathComponent("big.sqlite")
        let store = try SQLiteCacheStore(fileURL: file, schemaVersion: "1")
        for batch in 0..<4 {
            try store.write((0..<100).map { Self.record("r\(batch):\($0)", size: 8_000) })
        }
        let before = folder.bytesOnDisk(of: file)
        #expect(before > 3_000_000)
        #expect(try store.diskByteCount() > 3_000_000)
        try store.removeAll()
        let after = folder.bytesOnDisk(of: file)
        #expect(after < before / 20, "file and WAL: \(before) bytes before, \(after) after")
        #expect(try store.diskByteCount() < before / 20)
        #expect(try store.allKeys().isEmpty)
        #expect(try store.byteCount() == 0)
        try store.write([Self.record("again")])
        #expect(try store.allKeys() == ["again"])
    }

    @Test("a store opened with another schema version drops the old records")
    func schemaVersionChange() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let file = folder.url.appendingPathComponent("schema.sqlite")
        try SQLiteCacheStore(fileURL: file, schemaVersion: "v1").write([Self.record("A")])
        do {
            let same = try SQLiteCacheStore(fileURL: file, schemaVersion: "v1")
            #expect(try same.allKeys() == ["A"])
            #expect(same.droppedSchemaVersion == nil)
        }
        let changed = try SQLiteCacheStore(fileURL: file, schemaVersion: "v2")
        #expect(changed.droppedSchemaVersion == "v1")
        #expect(changed.recovered == nil)
        #expect(try changed.allKeys().isEmpty)
        try changed.write([Self.record("B")])
        #expect(try changed.allKeys() == ["B"])
        #expect(folder.entries().filter { $0.contains(".corrupt-") }.isEmpty)
    }

    @Test("namespaces map to different, safe files whose stores do not see each other's records")
    func namespaces() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let long = String(repeating: "user-", count: 60)
        let namespaces = [
            "alice", "Alice", "ALICE", "bob@example.com", "../x", "..", ".", "", "%", "%25", "a/b", "a%2Fb", "a b",
            "ünï", "🎲", "a~b", long + "1", long + "2", "\\", "CON",
        ]
        let urls = namespaces.map { SQLiteCacheStore.fileURL(directory: folder.url, namespace: $0) }
        for (namespace, url) in zip(namespaces, urls) {
            let name = url.lastPathComponent
            #expect(url.deletingLastPathComponent().standardizedFileURL == folder.url.standardizedFileURL)
            #expect(name.hasSuffix(".sqlite") && !name.hasPrefix("."), "\(namespace) → \(name)")
            #expect(!name.contains("/") && !name.contains("\\") && name.utf8.count <= 200, "\(namespace) → \(name)")
            #expect(SQLiteCacheStore.fileURL(directory: folder.url, namespace: namespace) == url)
        }
        // Distinct even where the file system ignores case.
        #expect(Set(urls.map { $0.lastPathComponent.lowercased() }).count == namespaces.count)

        let alice = try SQLiteCacheStore(fileURL: urls[0], schemaVersion: "1")
        let upperAlice = try SQLiteCacheStore(fileURL: urls[1], schemaVersion: "1")
        let escaping = try SQLiteCacheStore(fileURL: urls[4], schemaVersion: "1")
        try alice.write([Self.record("Me", letter: "a")])
        try upperAlice.write([Self.record("Me", letter: "A")])
        #expect(try escaping.allKeys().isEmpty)
        #expect(try alice.records(forKeys: ["Me"]) == ["Me": Self.record("Me", letter: "a")])
        #expect(try upperAlice.records(forKeys: ["Me"]) == ["Me": Self.record("Me", letter: "A")])
        #expect(folder.entries().filter { $0.hasSuffix(".sqlite") }.count == 3)
    }
}
