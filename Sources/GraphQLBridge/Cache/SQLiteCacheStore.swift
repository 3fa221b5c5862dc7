import Foundation

#if canImport(SQLite3)
    import SQLite3
#else
    import CSQLite
#endif

/// Records in a SQLite file: the persistent store of a ``GraphQLCache``.
///
/// - Tables: `records` (the key, the fields in ``CacheRecordCodec``'s binary format, the record's stored size and a
///   last-use counter for least-recently-used trimming), `meta` (the file format, the schema version and the
///   version of the last write), and `responses` with `response_dependencies` (stored responses, see
///   ``storedResponse(forQuery:defaultMaxAge:)``).
/// - WAL journal and `synchronous=NORMAL`: every call that writes is one `BEGIN IMMEDIATE … COMMIT` transaction
///   (rolled back on error), so a process killed in the middle of a write leaves the store as it was before that
///   call, readable. Several processes may open the same file (a busy timeout waits for the other's lock).
/// - Opening checks the file (`PRAGMA quick_check`, which reads it once): a file that is not SQLite, is damaged,
///   or holds other tables than a cache store's is moved aside (renamed `<file>.corrupt-<milliseconds>`, its
///   `-wal` and `-shm` files too, unless SQLite dropped an empty WAL on closing it) and replaced by an empty
///   store; ``recovered`` tells the caller. Nothing is written to a file before it is known to be a cache store
///   or empty. Damage found later (SQLite's `SQLITE_CORRUPT` or `SQLITE_NOTADB` on any call) is handled the same
///   way, and that call throws a `.corrupt` error. Moving a file aside assumes that no other process still has it
///   open (SQLite removes a WAL by its path on closing, which would be the new store's), as holds for an app's
///   own cache.
/// - A store written with another `schemaVersion` has its records dropped on open (``droppedSchemaVersion``).
/// - ``byteCount()`` is the sum of the records' stored sizes (key plus encoded fields), which is what
///   ``trim(toBytes:)`` measures; trimming leaves the freed pages in the file for reuse. ``removeAll()`` gives
///   the disk back (`VACUUM`, then the WAL is checkpointed and truncated); ``diskByteCount()`` is the file's size.
///
/// One file per namespace: ``fileURL(directory:namespace:)``. Owned by one cache and called from its actor one
/// call at a time, so it is not `Sendable`.
final class SQLiteCacheStore: GraphQLCacheStore {
    /// The tables' format, kept in `meta`: a file with another format has its records dropped on open.
    /// Format 2: the fields in ``CacheRecordCodec``'s binary format (format 1 held them as JSON).
    /// Format 5 (4 also kept each record's write version, unused): `responses` keeps each query's last response as
    /// written from its records, and `response_dependencies` which records each was written from: a write to a record
    /// deletes the responses written from it, in the same transaction (see ``storedResponse(forQuery:defaultMaxAge:)``).
    /// Format 6: `responses` is a rowid table (found through its key's index, each row whole in a table leaf), not a
    /// `WITHOUT ROWID` one, whose rows of 1 to 2 kB spilled to overflow pages: a new cache's first read went from
    /// 22-27 to 18-22 µs in the cache benchmark.
    static let formatVersion = "graphqlbridge-cache-6"

    /// The database file.
    let fileURL: URL
    /// The schema version the records belong to.
    let schemaVersion: String
    /// Set when the file was not a cache store or was damaged, and was moved aside and replaced by an empty store
    /// (on open, or later when a call found the damage): its message says where the old file went.
    private(set) var recovered: GraphQLCacheError?
    /// The schema version of the records dropped on open, when the file held records of another schema version.
    private(set) var droppedSchemaVersion: String?

    private var connection: OpaquePointer?
    private var statements: [String: OpaquePointer] = [:]
    private var lastUse: Int64 = 0
    /// Keys read since the last write, in order: their last-use mark is written with the next write (or trim),
    /// so that a read is a plain `SELECT`, not a write transaction.
    private var pendingUses: [String] = []
    /// How many last-use marks wait for a write at most (a long read-only session must not grow them without end):
    /// past twice this, repeated keys are merged into their last use and the oldest marks are dropped. They only
    /// order trimming, so a dropped mark makes a record look older, never loses it.
    static let pendingUseLimit = 8_192
    /// The sum of the records' sizes, kept up to date by this store once read (`nil`: not read yet).
    private var knownStoredBytes: Int?

    /// Opens the store at `fileURL` (creating its folder and the file when needed), recovering from a damaged or
    /// foreign file (see ``recovered``) and dropping the records of another `schemaVersion`.
    /// - Throws: `.open` when the folder or the file cannot be created, opened or moved aside.
    init(fileURL: URL, schemaVersion: String) throws(GraphQLCacheError) {
        self.fileURL = fileURL
        self.schemaVersion = schemaVersion
        do {
            try FileManager.default.createDirectory(
                at: fileURL.deletingLastPathComponent(), withIntermediateDirectories: true)
        } catch {
            throw GraphQLCacheError(kind: .open, path: fileURL.path, message: "cannot create its folder: \(error)")
        }
        do {
            try open()
        } catch  where error.kind == .corrupt {
            try replaceDamagedFile(error)
        }
    }

    deinit {
        close()
    }

    // MARK: GraphQLCacheStore

    func records(forKeys keys: [String]) throws(GraphQLCacheError) -> [String: CacheRecord] {
        guard !keys.isEmpty else { return [:] }
        return try guarded { () throws(GraphQLCacheError) in
            var found: [String: CacheRecord] = [:]
            found.reserveCapacity(keys.count)
            var unique: [String] = []
            unique.reserveCapacity(keys.count)
            var seen: Set<String> = []
            for key in keys where seen.insert(key).inserted { unique.append(key) }
            // Up to `batchSize` keys per `SELECT … IN (…)`: one statement per batch size, prepared once.
            var start = 0
            while start < unique.count {
                let batch = unique[start..<min(unique.count, start + Self.batchSize)]
                start = batch.endIndex
                try withStatement(Self.selectSQL(count: batch.count), .read) { statement throws(GraphQLCacheError) in
                    for (index, key) in batch.enumerated() { try bind(key, at: Int32(index + 1), in: statement, .read) }
                    while try step(statement, .read) {
                        let key = columnText(statement, 0)
                        // The blob first, then its length (SQLite's order); read in place, not copied.
                        let blob = sqlite3_column_blob(statement, 1)
                        let count = Int(sqlite3_column_bytes(statement, 1))
                        let fields: [String: CacheFieldEntry]
                        do throws(GraphQLCacheError) {
                            fields = try CacheRecordCodec.decode(UnsafeRawBufferPointer(start: blob, count: count))
                        } catch {
                            throw GraphQLCacheError(
                                kind: .read, path: fileURL.path,
                                message: "record \(key) cannot be decoded: \(error.message)")
                        }
                        found[key] = CacheRecord(key: key, fields: fields)
                        pendingUses.append(key)
                        if pendingUses.count > 2 * Self.pendingUseLimit { compactPendingUses() }
                    }
                }
            }
            return found
        }
    }

    /// Marks are kept with the reads' until the next write or trim writes them.
    func markUsed(_ keys: [String]) {
        for key in keys {
            pendingUses.append(key)
            if pendingUses.count > 2 * Self.pendingUseLimit { compactPendingUses() }
        }
    }

    /// The most keys read with one statement.
    private static let batchSize = 32

    /// `SELECT key, fields FROM records WHERE key IN (?, …)` with `count` parameters.
    private static func selectSQL(count: Int) -> String {
        "SELECT key, fields FROM records WHERE key IN (?" + String(repeating: ", ?", count: max(0, count - 1)) + ")"
    }

    /// Runs `body` in one read transaction (`BEGIN` … `COMMIT`), so that its reads see one state of the file and
    /// take SQLite's locks once rather than once per statement. Without a transaction (when `BEGIN` fails, or one is
    /// already open) `body` runs as it is; a failure to end the transaction is left to the next call.
    func withReadSnapshot<T>(_ body: () -> T) -> T {
        guard let connection, sqlite3_get_autocommit(connection) != 0,
            sqlite3_exec(connection, "BEGIN", nil, nil, nil) == SQLITE_OK
        else { return body() }
        let result = body()
        // A damaged file found by `body` may have been replaced meanwhile: end the transaction of this connection
        // only if it is still open and in one.
        if let current = self.connection, sqlite3_get_autocommit(current) == 0 {
            sqlite3_exec(current, "COMMIT", nil, nil, nil)
        }
        return result
    }

    /// Keeps the last use of each key, at most ``pendingUseLimit`` of the most recent ones, in order.
    private func compactPendingUses() {
        var seen: Set<String> = []
        var kept: [String] = []
        for key in pendingUses.reversed() where seen.insert(key).inserted {
            kept.append(key)
            if kept.count == Self.pendingUseLimit { break }
        }
        pendingUses = kept.reversed()
    }

    /// How many last-use marks wait for the next write (for tests).
    var pendingUseCount: Int { pendingUses.count }

    /// Writes the last-use marks of the records read since the last write, inside a write transaction.
    private func flushPendingUses(from use: inout Int64) throws(GraphQLCacheError) {
        guard !pendingUses.isEmpty else { return }
        for key in pendingUses {
            try withStatement("UPDATE records SET last_used = ? WHERE key = ?", .write) {
                statement throws(GraphQLCacheError) in
                try bind(use, at: 1, in: statement, .write)
                try bind(key, at: 2, in: statement, .write)
                _ = try step(statement, .write)
            }
            use += 1
        }
        pendingUses = []
    }

    /// The stored size of `key`'s record, or 0 when there is none.
    private func storedSize(of key: String) throws(GraphQLCacheError) -> Int {
        try withStatement("SELECT size FROM records WHERE key = ?", .write) { statement throws(GraphQLCacheError) in
            try bind(key, at: 1, in: statement, .write)
            return try step(statement, .write) ? Int(sqlite3_column_int64(statement, 0)) : 0
        }
    }

    func write(_ records: [CacheRecord]) throws(GraphQLCacheError) {
        guard !records.isEmpty else { return }
        let encoded = records.map { (key: $0.key, fields: CacheRecordCodec.encode($0.fields)) }
        try guarded { () throws(GraphQLCacheError) in
            try transaction(.write) { () throws(GraphQLCacheError) in
                var use = try nextUse()
                try flushPendingUses(from: &use)
                let version = try currentVersion(.write) + 1
                try setVersion(version)
                var delta = 0
                for (key, fields) in encoded {
                    delta -= try deleteResponses(dependingOn: key)
                    if knownStoredBytes != nil { delta += key.utf8.count + fields.count - (try storedSize(of: key)) }
                    try withStatement(
                        "INSERT OR REPLACE INTO records (key, fields, size, last_used) VALUES (?, ?, ?, ?)", .write
                    ) { statement throws(GraphQLCacheError) in
                        try bind(key, at: 1, in: statement, .write)
                        try bind(fields, at: 2, in: statement, .write)
                        try bind(Int64(key.utf8.count + fields.count), at: 3, in: statement, .write)
                        try bind(use, at: 4, in: statement, .write)
                        _ = try step(statement, .write)
                    }
                    use += 1
                }
                lastUse = use - 1
                if let known = knownStoredBytes { knownStoredBytes = known + delta }
            }
        }
    }

    func remove(keys: [String]) throws(GraphQLCacheError) {
        try guarded { () throws(GraphQLCacheError) in
            try transaction(.write) { () throws(GraphQLCacheError) in
                for key in keys { try delete(key) }
            }
        }
    }

    func allKeys() throws(GraphQLCacheError) -> [String] {
        try guarded { () throws(GraphQLCacheError) in
            try withStatement("SELECT key FROM records", .read) { statement throws(GraphQLCacheError) in
                var keys: [String] = []
                while try step(statement, .read) { keys.append(columnText(statement, 0)) }
                return keys
            }
        }
    }

    /// Deletes every record, then gives the space back: `VACUUM` rewrites the file, and the WAL is checkpointed
    /// and truncated.
    func removeAll() throws(GraphQLCacheError) {
        try guarded { () throws(GraphQLCacheError) in
            pendingUses = []
            knownStoredBytes = nil
            try transaction(.write) { () throws(GraphQLCacheError) in
                try execute("DELETE FROM records", .write)
                try execute("DELETE FROM responses", .write)
                try execute("DELETE FROM response_dependencies", .write)
            }
            try compact()
        }
    }

    /// The sum of the records' stored sizes (key plus encoded fields), in bytes; not the file's size
    /// (``diskByteCount()``), which only shrinks on ``removeAll()``.
    func byteCount() throws(GraphQLCacheError) -> Int {
        if let knownStoredBytes { return knownStoredBytes }
        return try guarded { () throws(GraphQLCacheError) in
            let total = try storedBytes(.read)
            knownStoredBytes = total
            return total
        }
    }

    /// Removes the least recently used records (read or written) until ``byteCount()`` is at most `limit`, in one
    /// transaction; returns their keys, least recently used first.
    func trim(toBytes limit: Int) throws(GraphQLCacheError) -> [String] {
        try guarded { () throws(GraphQLCacheError) in
            try transaction(.write) { () throws(GraphQLCacheError) in
                var use = try nextUse()
                try flushPendingUses(from: &use)
                lastUse = use - 1
                var total = try storedBytes(.write)
                guard total > limit else { return [] }
                // The stored responses go first: each can be written again from its records.
                total -= Int(try integer("SELECT COALESCE(SUM(size), 0) FROM responses", .write))
                try execute("DELETE FROM responses", .write)
                try execute("DELETE FROM response_dependencies", .write)
                knownStoredBytes = nil
                guard total > limit else { return [] }
                let removed = try withStatement(
                    "SELECT key, size FROM records ORDER BY last_used, key", .write
                ) { statement throws(GraphQLCacheError) in
                    var removed: [String] = []
                    while total > limit, try step(statement, .write) {
                        removed.append(columnText(statement, 0))
                        total -= Int(sqlite3_column_int64(statement, 1))
                    }
                    return removed
                }
                for key in removed { try delete(key) }
                return removed
            }
        }
    }

    // MARK: Stored responses

    /// A persistent store keeps each query's last response.
    var keepsResponses: Bool { true }

    /// `query`'s stored response, when it was written with the same default lifetime; `nil` otherwise. A stored
    /// response is current by construction: any write or removal of a record it was written from deleted it.
    func storedResponse(forQuery query: String, defaultMaxAge: Double) throws(GraphQLCacheError) -> StoredResponse? {
        try guarded { () throws(GraphQLCacheError) -> StoredResponse? in
            let row = try withStatement(
                "SELECT max_age, expiry, dependencies, body FROM responses WHERE query_key = ?", .read
            ) { statement throws(GraphQLCacheError) -> (Double, Double, RecordKeys?, Data)? in
                try bind(query, at: 1, in: statement, .read)
                guard try step(statement, .read) else { return nil }
                return (
                    sqlite3_column_double(statement, 0), sqlite3_column_double(statement, 1),
                    RecordKeys(checkedEncoding: blob(statement, 2)), blobData(statement, 3)
                )
            }
            guard let (maxAge, expiry, dependencies, body) = row, maxAge == defaultMaxAge, let dependencies,
                expiry.isFinite
            else { return nil }
            return StoredResponse(
                body: body, dependencies: dependencies, expiry: Date(timeIntervalSince1970: expiry))
        }
    }

    /// The version of the last write.
    func writeVersion() throws(GraphQLCacheError) -> Int64 {
        try guarded { () throws(GraphQLCacheError) in try currentVersion(.read) }
    }

    /// Keeps `body` as `query`'s response, written from the records `dependencies` as they were at write `version`
    /// (another process's later write makes it stale, even one made before this call).
    func saveResponse(
        forQuery query: String, body: [UInt8], dependencies: Set<String>, expiry: Date, defaultMaxAge: Double,
        version: Int64
    ) throws(GraphQLCacheError) {
        let keys = Self.encodeKeys(dependencies.sorted())
        let size = query.utf8.count + body.count + keys.count
        try guarded { () throws(GraphQLCacheError) in
            try transaction(.write) { () throws(GraphQLCacheError) in
                // A write since the records were read (by another process) may have changed them: not kept.
                guard try currentVersion(.write) == version else { return }
                try withStatement("DELETE FROM response_dependencies WHERE query_key = ?", .write) {
                    statement throws(GraphQLCacheError) in
                    try bind(query, at: 1, in: statement, .write)
                    _ = try step(statement, .write)
                }
                for key in dependencies {
                    try withStatement(
                        "INSERT OR IGNORE INTO response_dependencies (record_key, query_key) VALUES (?, ?)", .write
                    ) { statement throws(GraphQLCacheError) in
                        try bind(key, at: 1, in: statement, .write)
                        try bind(query, at: 2, in: statement, .write)
                        _ = try step(statement, .write)
                    }
                }
                let old = try withStatement("SELECT size FROM responses WHERE query_key = ?", .write) {
                    statement throws(GraphQLCacheError) in
                    try bind(query, at: 1, in: statement, .write)
                    return try step(statement, .write) ? Int(sqlite3_column_int64(statement, 0)) : 0
                }
                try withStatement(
                    """
                    INSERT OR REPLACE INTO responses (query_key, max_age, expiry, dependencies, body, size) \
                    VALUES (?, ?, ?, ?, ?, ?)
                    """, .write
                ) { statement throws(GraphQLCacheError) in
                    try bind(query, at: 1, in: statement, .write)
                    try bind(defaultMaxAge, at: 2, in: statement, .write)
                    try bind(expiry.timeIntervalSince1970, at: 3, in: statement, .write)
                    try bind(keys, at: 4, in: statement, .write)
                    try bind(body, at: 5, in: statement, .write)
                    try bind(Int64(size), at: 6, in: statement, .write)
                    _ = try step(statement, .write)
                }
                if let known = knownStoredBytes { knownStoredBytes = known + size - old }
            }
        }
    }

    /// Deletes the stored responses written from the record `key` (it is being written or removed); returns their
    /// stored size.
    private func deleteResponses(dependingOn key: String) throws(GraphQLCacheError) -> Int {
        let size = try withStatement(
            """
            SELECT COALESCE(SUM(size), 0) FROM responses WHERE query_key IN \
            (SELECT query_key FROM response_dependencies WHERE record_key = ?)
            """, .write
        ) { statement throws(GraphQLCacheError) in
            try bind(key, at: 1, in: statement, .write)
            return try step(statement, .write) ? Int(sqlite3_column_int64(statement, 0)) : 0
        }
        guard size > 0 else { return 0 }
        try withStatement(
            "DELETE FROM responses WHERE query_key IN (SELECT query_key FROM response_dependencies WHERE record_key = ?)",
            .write
        ) { statement throws(GraphQLCacheError) in
            try bind(key, at: 1, in: statement, .write)
            _ = try step(statement, .write)
        }
        // (The deleted responses' other dependency rows stay until their queries are stored again: at worst they
        // delete a later response one write too early, never keep a stale one.)
        try withStatement("DELETE FROM response_dependencies WHERE record_key = ?", .write) {
            statement throws(GraphQLCacheError) in
            try bind(key, at: 1, in: statement, .write)
            _ = try step(statement, .write)
        }
        return size
    }

    /// The version of the last write (kept in `meta`).
    private func currentVersion(_ kind: GraphQLCacheError.Kind) throws(GraphQLCacheError) -> Int64 {
        try withStatement("SELECT value FROM meta WHERE name = 'version'", kind) {
            statement throws(GraphQLCacheError) in
            try step(statement, kind) ? Int64(columnText(statement, 0)) ?? 0 : 0
        }
    }

    private func setVersion(_ version: Int64) throws(GraphQLCacheError) {
        try withStatement("INSERT OR REPLACE INTO meta (name, value) VALUES ('version', ?)", .write) {
            statement throws(GraphQLCacheError) in
            try bind(String(version), at: 1, in: statement, .write)
            _ = try step(statement, .write)
        }
    }

    /// Record keys as stored: each as its UTF-8 length (4 bytes, little-endian) and its bytes.
    static func encodeKeys(_ keys: [String]) -> [UInt8] {
        var bytes: [UInt8] = []
        for key in keys {
            let utf8 = Array(key.utf8)
            let count = UInt32(truncatingIfNeeded: utf8.count)
            for shift in stride(from: 0, to: 32, by: 8) {
                bytes.append(UInt8(truncatingIfNeeded: count >> UInt32(shift)))
            }
            bytes += utf8
        }
        return bytes
    }

    /// The keys of ``encodeKeys(_:)``; `nil` for bytes it did not write (a damaged row is not used).
    static func decodeKeys(_ bytes: [UInt8]) -> [String]? {
        var keys: [String] = []
        let whole = forEachKey(in: bytes) { range in keys.append(String(decoding: bytes[range], as: UTF8.self)) }
        return whole ? keys : nil
    }

    /// Calls `body` with the byte range of each key of ``encodeKeys(_:)``'s `bytes`, in order; `false` when the bytes
    /// are not a whole list (a key's length or bytes cut off).
    static func forEachKey(in bytes: [UInt8], _ body: (Range<Int>) -> Void) -> Bool {
        var index = 0
        while index < bytes.count {
            guard bytes.count - index >= 4 else { return false }
            var count = 0
            for offset in 0..<4 { count |= Int(bytes[index + offset]) << (8 * offset) }
            index += 4
            guard count <= bytes.count - index else { return false }
            body(index..<index + count)
            index += count
        }
        return true
    }

    /// The bytes of a blob column as `Data` (empty for `NULL`): one copy, straight from SQLite's buffer.
    private func blobData(_ statement: OpaquePointer, _ index: Int32) -> Data {
        guard let start = sqlite3_column_blob(statement, index) else { return Data() }
        return Data(bytes: start, count: Int(sqlite3_column_bytes(statement, index)))
    }

    /// The bytes of a blob column (empty for `NULL`).
    private func blob(_ statement: OpaquePointer, _ index: Int32) -> [UInt8] {
        guard let start = sqlite3_column_blob(statement, index) else { return [] }
        let count = Int(sqlite3_column_bytes(statement, index))
        return Array(UnsafeRawBufferPointer(start: start, count: count))
    }

    // MARK: Beyond the protocol

    /// The size of the store on disk, in bytes: the database's pages (`page_count * page_size`) plus its WAL file.
    func diskByteCount() throws(GraphQLCacheError) -> Int {
        try guarded { () throws(GraphQLCacheError) in
            let pages = try integer("PRAGMA page_count", .read)
            let pageSize = try integer("PRAGMA page_size", .read)
            let attributes = try? FileManager.default.attributesOfItem(atPath: fileURL.path + "-wal")
            let wal = (attributes?[.size] as? NSNumber)?.intValue ?? 0
            return Int(pages * pageSize) + wal
        }
    }

    /// The file of `namespace`'s store in `directory`: `<directory>/<namespace, made file-safe>.sqlite`.
    ///
    /// Any string is safe (`../x`, an e-mail address, an empty string) and two different namespaces never share a
    /// file, even on a case-insensitive file system: ASCII lowercase letters, digits, `-` and `_` are kept, every
    /// other byte of the UTF-8 is written `%XX` (uppercase hex). A name that would be longer than 120 bytes is cut
    /// and followed by `~` and the SHA-256 of the whole namespace (`~` appears nowhere else).
    static func fileURL(directory: URL, namespace: String) -> URL {
        var name = namespace.isEmpty ? "%" : ""
        for byte in namespace.utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"),
                UInt8(ascii: "_"):
                name.unicodeScalars.append(Unicode.Scalar(byte))
            default:
                let hex = String(byte, radix: 16, uppercase: true)
                name += "%" + (hex.count == 1 ? "0" : "") + hex
            }
        }
        if name.utf8.count > 120 {
            name = String(name.prefix(80)) + "~" + SHA256.hex(namespace)
        }
        return directory.appendingPathComponent(name + ".sqlite", isDirectory: false)
    }

    // MARK: Opening, damage

    /// Opens the file, checks it, and creates the tables or checks the ones it has.
    /// - Throws: `.corrupt` when the file is not a cache store or is damaged; `.open` for anything else.
    private func open() throws(GraphQLCacheError) {
        var handle: OpaquePointer?
        let flags = SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_NOMUTEX
        let code = sqlite3_open_v2(fileURL.path, &handle, flags, nil)
        connection = handle
        guard code == SQLITE_OK, handle != nil else {
            let error = failure(.open, "cannot open the file", code: code)
            close()
            throw error
        }
        sqlite3_extended_result_codes(handle, 1)
        sqlite3_busy_timeout(handle, 5_000)
        do {
            // Read only until the file is known to be a cache store (or empty): another program's file is left as
            // it was. The first read of the header fails with SQLITE_NOTADB for a file that is not SQLite.
            try verify()
            try prepareTables(create: false)
            try execute("PRAGMA journal_mode = WAL", .open)
            try execute("PRAGMA synchronous = NORMAL", .open)
            // A WAL grown by a large write goes back to at most 1 MB at the next checkpoint.
            try execute("PRAGMA journal_size_limit = 1048576", .open)
            // Reads through a memory map (up to 256 MB of the file): a new connection's first reads of a page cost
            // no `pread` call each (a stored response read in a new process went from 23 to 19 µs).
            try execute("PRAGMA mmap_size = 268435456", .open)
            // Again under the write lock: another process may have created the tables meanwhile.
            try transaction(.open) { () throws(GraphQLCacheError) in
                try prepareTables(create: true)
            }
        } catch {
            close()
            throw error
        }
        if droppedSchemaVersion != nil { try? compact() }
    }

    /// Reads the whole file once (`PRAGMA quick_check`).
    private func verify() throws(GraphQLCacheError) {
        let problems = try withStatement("PRAGMA quick_check(5)", .open) { statement throws(GraphQLCacheError) in
            var lines: [String] = []
            while try step(statement, .open) { lines.append(columnText(statement, 0)) }
            return lines
        }
        guard problems == ["ok"] else {
            throw GraphQLCacheError(
                kind: .corrupt, path: fileURL.path,
                message: "the file is damaged: \(problems.joined(separator: "; "))")
        }
    }

    /// Checks that a file with tables is a cache store; when `create`, creates the tables of an empty file and drops
    /// the records of another format or schema version.
    private func prepareTables(create: Bool) throws(GraphQLCacheError) {
        let tables = try withStatement(
            "SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name", .open
        ) { statement throws(GraphQLCacheError) in
            var names: [String] = []
            while try step(statement, .open) { names.append(columnText(statement, 0)) }
            return names
        }
        if tables.isEmpty {
            if create { try createTables() }
            return
        }
        guard tables.contains("meta") else {
            throw GraphQLCacheError(
                kind: .corrupt, path: fileURL.path,
                message: "not a cache store: its tables are \(tables.joined(separator: ", "))")
        }
        let columns = try withStatement("PRAGMA table_info(meta)", .open) { statement throws(GraphQLCacheError) in
            var names: [String] = []
            while try step(statement, .open) { names.append(columnText(statement, 1)) }
            return names
        }
        guard columns == ["name", "value"] else {
            throw GraphQLCacheError(
                kind: .corrupt, path: fileURL.path, message: "not a cache store: its meta table is not one")
        }
        let meta = try withStatement("SELECT name, value FROM meta", .open) { statement throws(GraphQLCacheError) in
            var values: [String: String] = [:]
            while try step(statement, .open) { values[columnText(statement, 0)] = columnText(statement, 1) }
            return values
        }
        guard let format = meta["format"], format.hasPrefix("graphqlbridge-cache-") else {
            throw GraphQLCacheError(
                kind: .corrupt, path: fileURL.path, message: "not a cache store: its meta table is not one")
        }
        let storedVersion = meta["schemaVersion"] ?? ""
        guard format == Self.formatVersion, storedVersion == schemaVersion, tables.contains("records"),
            tables.contains("responses"), tables.contains("response_dependencies")
        else {
            guard create else { return }
            try execute("DROP TABLE IF EXISTS records", .open)
            try execute("DROP TABLE IF EXISTS responses", .open)
            try execute("DROP TABLE IF EXISTS response_dependencies", .open)
            try execute("DROP TABLE meta", .open)
            try createTables()
            droppedSchemaVersion = storedVersion
            return
        }
    }

    private func createTables() throws(GraphQLCacheError) {
        try execute("CREATE TABLE meta (name TEXT PRIMARY KEY NOT NULL, value TEXT NOT NULL) WITHOUT ROWID", .open)
        try execute(
            """
            CREATE TABLE records (key TEXT PRIMARY KEY NOT NULL, fields BLOB NOT NULL, size INTEGER NOT NULL, \
            last_used INTEGER NOT NULL) WITHOUT ROWID
            """, .open)
        try execute(
            """
            CREATE TABLE responses (query_key TEXT PRIMARY KEY NOT NULL, \
            max_age REAL NOT NULL, expiry REAL NOT NULL, dependencies BLOB NOT NULL, body BLOB NOT NULL, \
            size INTEGER NOT NULL)
            """, .open)
        try execute(
            """
            CREATE TABLE response_dependencies (record_key TEXT NOT NULL, query_key TEXT NOT NULL, \
            PRIMARY KEY (record_key, query_key)) WITHOUT ROWID
            """, .open)
        try execute("CREATE INDEX response_dependencies_by_query ON response_dependencies (query_key)", .open)
        try execute("CREATE INDEX records_by_last_use ON records (last_used, size)", .open)
        for (name, value) in [("format", Self.formatVersion), ("schemaVersion", schemaVersion)] {
            try withStatement("INSERT INTO meta (name, value) VALUES (?, ?)", .open) {
                statement throws(GraphQLCacheError) in
                try bind(name, at: 1, in: statement, .open)
                try bind(value, at: 2, in: statement, .open)
                _ = try step(statement, .open)
            }
        }
    }

    /// Runs `body`; when it finds the file damaged, moves the file aside and starts an empty store before throwing.
    private func guarded<T>(_ body: () throws(GraphQLCacheError) -> T) throws(GraphQLCacheError) -> T {
        do {
            return try body()
        } catch  where error.kind == .corrupt {
            pendingUses = []
            knownStoredBytes = nil
            close()
            try replaceDamagedFile(error)
            throw recovered ?? error
        }
    }

    /// Moves the damaged file (and its `-wal` and `-shm` files) aside and opens an empty store in its place.
    private func replaceDamagedFile(_ damage: GraphQLCacheError) throws(GraphQLCacheError) {
        close()
        let manager = FileManager.default
        let stamp = Int64((Date().timeIntervalSince1970 * 1000).rounded())
        var aside = fileURL.path + ".corrupt-\(stamp)"
        var attempt = 1
        while manager.fileExists(atPath: aside) {
            attempt += 1
            aside = fileURL.path + ".corrupt-\(stamp)-\(attempt)"
        }
        for suffix in ["", "-wal", "-shm"] where manager.fileExists(atPath: fileURL.path + suffix) {
            do {
                try manager.moveItem(atPath: fileURL.path + suffix, toPath: aside + suffix)
            } catch {
                do {
                    try manager.removeItem(atPath: fileURL.path + suffix)
                } catch {
                    throw GraphQLCacheError(
                        kind: .open, path: fileURL.path,
                        message: "\(damage.message); it can be neither moved aside nor removed: \(error)")
                }
            }
        }
        recovered = GraphQLCacheError(
            kind: .corrupt, path: fileURL.path,
            message: "\(damage.message); moved aside to \(aside) and replaced by an empty store")
        droppedSchemaVersion = nil
        try open()
    }

    private func close() {
        if !pendingUses.isEmpty, connection != nil {
            // Best effort: the last reads' use marks; losing them only changes which records a trim takes first.
            _ = try? transaction(.write) { () throws(GraphQLCacheError) in
                var use = try nextUse()
                try flushPendingUses(from: &use)
            }
        }
        for statement in statements.values { sqlite3_finalize(statement) }
        statements = [:]
        if let connection { sqlite3_close_v2(connection) }
        connection = nil
    }

    // MARK: Statements

    private func database(_ kind: GraphQLCacheError.Kind) throws(GraphQLCacheError) -> OpaquePointer {
        guard let connection else {
            throw GraphQLCacheError(kind: kind, path: fileURL.path, message: "the store is not open")
        }
        return connection
    }

    /// The error for SQLite's result `code`: `.corrupt` for `SQLITE_CORRUPT` and `SQLITE_NOTADB`, else `kind`.
    private func failure(_ kind: GraphQLCacheError.Kind, _ action: String, code: Int32) -> GraphQLCacheError {
        let primary = code & 0xFF
        let damaged = primary == SQLITE_CORRUPT || primary == SQLITE_NOTADB
        var message = connection.flatMap { sqlite3_errmsg($0) }.map { String(cString: $0) } ?? ""
        if message.isEmpty { message = String(cString: sqlite3_errstr(code)) }
        return GraphQLCacheError(
            kind: damaged ? .corrupt : kind, path: fileURL.path, message: "\(action): \(message) (SQLite code \(code))")
    }

    /// Runs `body` with the prepared statement of `sql` (prepared once, kept), then resets it.
    private func withStatement<T>(
        _ sql: String, _ kind: GraphQLCacheError.Kind, _ body: (OpaquePointer) throws(GraphQLCacheError) -> T
    ) throws(GraphQLCacheError) -> T {
        let statement: OpaquePointer
        if let prepared = statements[sql] {
            statement = prepared
        } else {
            var handle: OpaquePointer?
            let code = sqlite3_prepare_v3(try database(kind), sql, -1, UInt32(SQLITE_PREPARE_PERSISTENT), &handle, nil)
            guard code == SQLITE_OK, let handle else {
                sqlite3_finalize(handle)
                throw failure(kind, "cannot prepare \(sql)", code: code)
            }
            statements[sql] = handle
            statement = handle
        }
        defer {
            sqlite3_reset(statement)
            sqlite3_clear_bindings(statement)
        }
        return try body(statement)
    }

    /// Steps `statement`: `true` for a row, `false` when done.
    private func step(_ statement: OpaquePointer, _ kind: GraphQLCacheError.Kind) throws(GraphQLCacheError) -> Bool {
        let code = sqlite3_step(statement)
        switch code {
        case SQLITE_ROW: return true
        case SQLITE_DONE: return false
        default:
            let sql = sqlite3_sql(statement).map { String(cString: $0) } ?? "a statement"
            throw failure(kind, "cannot run \(sql)", code: code)
        }
    }

    /// Runs `sql` (no parameters) to completion, ignoring any rows.
    private func execute(_ sql: String, _ kind: GraphQLCacheError.Kind) throws(GraphQLCacheError) {
        let code = sqlite3_exec(try database(kind), sql, nil, nil, nil)
        guard code == SQLITE_OK else { throw failure(kind, "cannot run \(sql)", code: code) }
    }

    private func integer(_ sql: String, _ kind: GraphQLCacheError.Kind) throws(GraphQLCacheError) -> Int64 {
        try withStatement(sql, kind) { statement throws(GraphQLCacheError) in
            try step(statement, kind) ? sqlite3_column_int64(statement, 0) : 0
        }
    }

    /// Runs `body` in one `BEGIN IMMEDIATE … COMMIT` transaction, rolled back when it throws.
    private func transaction<T>(
        _ kind: GraphQLCacheError.Kind, _ body: () throws(GraphQLCacheError) -> T
    ) throws(GraphQLCacheError) -> T {
        try execute("BEGIN IMMEDIATE", kind)
        do {
            let result = try body()
            try execute("COMMIT", kind)
            return result
        } catch {
            if let connection, sqlite3_get_autocommit(connection) == 0 {
                sqlite3_exec(connection, "ROLLBACK", nil, nil, nil)
            }
            throw error
        }
    }

    /// The next last-use value: above every one in the file, whichever process wrote it.
    private func nextUse() throws(GraphQLCacheError) -> Int64 {
        max(lastUse, try integer("SELECT COALESCE(MAX(last_used), 0) FROM records", .read)) + 1
    }

    private func storedBytes(_ kind: GraphQLCacheError.Kind) throws(GraphQLCacheError) -> Int {
        Int(
            try integer(
                "SELECT (SELECT COALESCE(SUM(size), 0) FROM records) + (SELECT COALESCE(SUM(size), 0) FROM responses)",
                kind))
    }

    private func delete(_ key: String) throws(GraphQLCacheError) {
        knownStoredBytes = nil
        _ = try deleteResponses(dependingOn: key)
        try withStatement("DELETE FROM records WHERE key = ?", .write) { statement throws(GraphQLCacheError) in
            try bind(key, at: 1, in: statement, .write)
            _ = try step(statement, .write)
        }
    }

    /// `VACUUM`, then the WAL checkpointed and truncated (a reader in another process may keep the WAL's size until
    /// the next checkpoint).
    private func compact() throws(GraphQLCacheError) {
        try execute("VACUUM", .write)
        sqlite3_wal_checkpoint_v2(try database(.write), nil, SQLITE_CHECKPOINT_TRUNCATE, nil, nil)
    }

    // MARK: Binding and reading columns

    private func bind(
        _ text: String, at index: Int32, in statement: OpaquePointer, _ kind: GraphQLCacheError.Kind
    ) throws(GraphQLCacheError) {
        // With its length in bytes: a key may hold a NUL.
        var text = text
        let code = text.withUTF8 { bytes in
            bytes.withMemoryRebound(to: CChar.self) { characters in
                sqlite3_bind_text(statement, index, characters.baseAddress, Int32(characters.count), Self.transient)
            }
        }
        guard code == SQLITE_OK else { throw failure(kind, "cannot bind a value", code: code) }
    }

    private func bind(
        _ data: [UInt8], at index: Int32, in statement: OpaquePointer, _ kind: GraphQLCacheError.Kind
    ) throws(GraphQLCacheError) {
        let code = data.withUnsafeBytes { bytes in
            sqlite3_bind_blob(statement, index, bytes.baseAddress, Int32(bytes.count), Self.transient)
        }
        guard code == SQLITE_OK else { throw failure(kind, "cannot bind a value", code: code) }
    }

    private func bind(
        _ value: Double, at index: Int32, in statement: OpaquePointer, _ kind: GraphQLCacheError.Kind
    ) throws(GraphQLCacheError) {
        let code = sqlite3_bind_double(statement, index, value)
        guard code == SQLITE_OK else { throw failure(kind, "cannot bind a value", code: code) }
    }

    private func bind(
        _ value: Int64, at index: Int32, in statement: OpaquePointer, _ kind: GraphQLCacheError.Kind
    ) throws(GraphQLCacheError) {
        let code = sqlite3_bind_int64(statement, index, value)
        guard code == SQLITE_OK else { throw failure(kind, "cannot bind a value", code: code) }
    }

    private func columnText(_ statement: OpaquePointer, _ index: Int32) -> String {
        // The text first, then its length in bytes (SQLite's order).
        guard let text = sqlite3_column_text(statement, index) else { return "" }
        let count = Int(sqlite3_column_bytes(statement, index))
        return String(decoding: UnsafeBufferPointer(start: text, count: count), as: UTF8.self)
    }

    /// `SQLITE_TRANSIENT`: SQLite copies the bound value before the call returns.
    private static var transient: sqlite3_destructor_type {
        unsafeBitCast(-1, to: sqlite3_destructor_type.self)
    }
}
