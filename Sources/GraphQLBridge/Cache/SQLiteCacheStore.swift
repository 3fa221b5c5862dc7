import Foundation
import GraphQLBridgeSupport

#if canImport(SQLite3)
    import SQLite3
#else
    import CSQLite
#endif

/// Records in a SQLite file: the persistent store of a ``GraphQLCache``. This file holds the records and their
/// least-recently-used trimming, the opening and the recovery of the file; ``SQLiteConnection`` the connection and
/// its statements; `SQLiteCacheStore+Responses.swift` the stored responses.
///
/// - Tables: `records` (the key, the fields in ``CacheRecordCodec``'s binary format with each field's version, the
///   record's stored size, a last-use counter for least-recently-used trimming and the version of its last change),
///   `meta` (the file format and the schema version), `state` (the versions and the stored size: see
///   `SQLiteCacheStore+Versions.swift`), and `responses` with `response_dependencies` (stored responses).
/// - WAL journal and `synchronous=NORMAL`: every call that writes is one `BEGIN IMMEDIATE … COMMIT` transaction
///   (rolled back on error), so a process killed in the middle of a write leaves the store as it was before that
///   call, readable; a power loss or an OS crash may lose the last committed transactions (not fsynced at each
///   commit: the WAL is synced at each checkpoint, every 4,000 pages written), leaving an earlier, whole state. Several processes may open the same file (a busy timeout waits for the
///   other's lock; the cache runs it on a queue of its own); the rules that protect newer data are kept in the file
///   (`SQLiteCacheStore+Versions.swift`), and ``externalChanges()`` tells what another one changed.
/// - The user's data: the folder is created `0700`, the file (and so its `-wal` and `-shm` files, which SQLite
///   creates with the file's mode) `0600`; on iOS, tvOS, watchOS and visionOS, with the file protection given.
/// - Opening checks the file's header and tables, not the whole file (a `PRAGMA quick_check` read every page: a launch
///   cost that grew with the cache): a file that is not SQLite, is cut short (SQLite compares the header's page
///   count with the file's), or holds other tables than a cache store's is moved aside (renamed `<file>.corrupt-<milliseconds>`, its
///   `-wal` and `-shm` files too) and replaced by an empty store; ``recovered`` tells the caller. Nothing is written
///   to a file before it is known to be a cache store or empty. Damage found later (`SQLITE_CORRUPT` or
///   `SQLITE_NOTADB` on any call) is handled the same way, and that call throws a `.corrupt` error. Moving a file
///   aside assumes that no other process still has it open, as holds for an app's own cache.
/// - A store written with another `schemaVersion` (or file format) has its records dropped on open
///   (``droppedSchemaVersion``).
/// - ``byteCount()`` is the sum of the records' and stored responses' sizes, kept in `state` by every write (and
///   measured again by each trim), which is what ``trim(toBytes:sparing:)`` measures; trimming leaves the freed pages in the file for reuse. ``removeAll()`` gives the disk back (`VACUUM`,
///   then the WAL is checkpointed and truncated); ``diskByteCount()`` is the file's size.
///
/// One file per namespace: ``fileURL(directory:namespace:)``. Owned by one cache and called from its actor one
/// call at a time, so it is not `Sendable`.
final class SQLiteCacheStore: GraphQLCacheStore {
    /// The tables' format, kept in `meta`: a file with another format has its records dropped on open.
    /// Format 2: the fields in ``CacheRecordCodec``'s binary format. Format 5: stored responses with their
    /// dependencies. Format 6: `responses` as a rowid table. Format 7: objects without a key under a root field have
    /// keys of their own (``CacheKey``), values may be missing (an error's `null`), and stored responses are keyed by
    /// the operation's document. Format 8: fields may be marked `must-revalidate` (``CacheRecordCodec``), stored
    /// responses keep when their latest field was received and whether one must be revalidated. Format 9: object keys
    /// quote a value that is not plain, and keys escape non-ASCII characters (``CacheKey``: no key is another's).
    /// Format 10: versions kept in the file (the `state` table, each field's version, `records.version`), shared by
    /// every process, and the stored size in `state`. Format 11: no index on `records.last_used` (a write no longer
    /// moves each record's entry in it; a trim sorts the records), the highest last-use mark kept in `state`. Format
    /// 12: `state.removed_through`, the highest version a removed record had (``State/removedThrough``). Format 13:
    /// `state.schema_version`, read by every write transaction and record read (``State/schemaVersion``).
    static let formatVersion = "graphqlbridge-cache-13"

    /// The database file.
    let fileURL: URL
    /// The schema version the records belong to.
    let schemaVersion: String
    /// How the files are protected on Apple's mobile platforms.
    let protection: GraphQLCache.FileProtection
    /// Set when the file was not a cache store or was damaged, and was moved aside and replaced by an empty store
    /// (on open, or later when a call found the damage): its message says where the old file went.
    private(set) var recovered: GraphQLCacheError?
    /// The schema version of the records dropped on open, when the file held records of another schema version.
    private(set) var droppedSchemaVersion: String?
    /// The schema version that took the file over since this store opened it (another cache opened it with that
    /// version, dropping this one's records): this store then reads nothing and writes nothing (``supersede(by:)``).
    var supersededBy: String?

    /// The open connection (`nil` while a damaged file is being replaced).
    var connection: SQLiteConnection?
    /// The cache's read-only connection to the same file (``SQLiteResponseReader``), closed for good when this store
    /// closes its own (a damaged file replaced).
    var responseReader: SQLiteResponseReader?
    var lastUse: Int64 = 0
    /// Keys read since the last write, in order: their last-use mark is written with the next write (or trim),
    /// so that a read is a plain `SELECT`, not a write transaction.
    private var pendingUses: [String] = []
    /// SQLite's `data_version` when this connection last looked at other connections' changes.
    var lastDataVersion: Int64?
    /// The store version up to which this connection knows what changed (its own writes, and others' it has looked
    /// at: ``externalChanges()``).
    var seenVersion: Int64 = 0
    /// What every write transaction trims to before it commits (``GraphQLCache/byteLimit``, set by the cache): no
    /// other connection (another process, a new cache on the file) ever reads the store over its limit, and a crash
    /// never leaves it so. `nil`: writes do not trim (the caller trims with ``trim(toBytes:sparing:)``).
    var trimRule: TrimRule?
    /// The owning cache's lifetime of a field with none of its own (``GraphQLCacheStore/defaultMaxAge``).
    var defaultMaxAge: Duration?
    /// The keys the write transactions trimmed (``trimRule``) since the cache last took them (``takeTrimmedKeys()``).
    var trimmedKeys: [String] = []
    /// For tests: called after each write transaction of ``changingState(trimming:_:)`` commits (another connection
    /// reads what it left).
    var afterCommit: (() -> Void)?
    /// The keys written by the write transaction under way (a trim in it marks them used last: a record just written
    /// is not the first to go).
    var keysWrittenInTransaction: [String] = []
    /// How many last-use marks wait for a write at most (a long read-only session must not grow them without end):
    /// past twice this, repeated keys are merged into their last use and the oldest marks are dropped. They only
    /// order trimming, so a dropped mark makes a record look older, never loses it.
    static let pendingUseLimit = 8_192

    /// Opens the store at `fileURL` (creating its folder and the file when needed), recovering from a damaged or
    /// foreign file (see ``recovered``) and dropping the records of another `schemaVersion`.
    /// - Throws: `.open` when the folder or the file cannot be created, opened or moved aside.
    init(
        fileURL: URL, schemaVersion: String,
        protection: GraphQLCache.FileProtection = .completeUntilFirstUserAuthentication
    ) throws(GraphQLCacheError) {
        self.fileURL = fileURL
        self.schemaVersion = schemaVersion
        self.protection = protection
        try prepareFolder()
        do {
            try open()
        } catch  where error.kind == .corrupt {
            try replaceDamagedFile(error)
        }
    }

    deinit {
        close()
    }

    /// The open connection, or an error of `kind`.
    func database(_ kind: GraphQLCacheError.Kind) throws(GraphQLCacheError) -> SQLiteConnection {
        guard let connection else {
            throw GraphQLCacheError(kind: kind, path: fileURL.path, message: "the store is not open")
        }
        return connection
    }

    // MARK: GraphQLCacheStore

    func records(forKeys keys: [String]) throws(GraphQLCacheError) -> [String: CacheRecord] {
        guard !keys.isEmpty, supersededBy == nil else { return [:] }
        return try guarded { () throws(GraphQLCacheError) in
            let db = try database(.read)
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
                try db.withStatement(Self.selectSQL(count: batch.count), .read) { statement throws(GraphQLCacheError) in
                    for (index, key) in batch.enumerated() {
                        try db.bind(key, at: Int32(index + 1), in: statement, .read)
                    }
                    var first = true
                    while try db.step(statement, .read) {
                        // Only the records of this store's schema version (none once another took the file over):
                        // checked at the first row, where SQLite prepares the statement again after a schema change.
                        if first {
                            first = false
                            guard try ownsTables(db, statement, .read) else {
                                found = [:]
                                return
                            }
                        }
                        let key = db.columnText(statement, 0)
                        do throws(GraphQLCacheError) {
                            found[key] = try CacheRecordCodec.decode(db.columnBytes(statement, 1), key: key)
                        } catch {
                            throw GraphQLCacheError(
                                kind: .read, path: fileURL.path,
                                message: "record \(key) cannot be decoded: \(error.message)")
                        }
                        pendingUses.append(key)
                        if pendingUses.count > 2 * Self.pendingUseLimit { compactPendingUses() }
                    }
                }
                guard supersededBy == nil else { return [:] }
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
    static let batchSize = 32

    /// `SELECT <columns> FROM records WHERE key IN (?, …)` with `count` parameters.
    static func selectSQL(count: Int, columns: String = "key, fields") -> String {
        "SELECT \(columns) FROM records WHERE key IN (?" + String(repeating: ", ?", count: max(0, count - 1)) + ")"
    }

    /// Whether the rows `statement` reads through `db` (it has just stepped) are of this store's schema version: when
    /// SQLite prepared it again since it was last verified (the schema changed: another cache may have dropped the
    /// tables and made them again for its version), `state.schema_version` is read in the same read transaction; a
    /// file taken over supersedes the store (``supersede(by:)``). A read never returns another version's rows, even a
    /// moment after the take-over, at the cost of a counter read.
    func ownsTables(_ db: SQLiteConnection, _ statement: OpaquePointer, _ kind: GraphQLCacheError.Kind)
        throws(GraphQLCacheError) -> Bool
    {
        var other: String?
        let owned = try Self.ownsTables(db, statement, kind, schemaVersion: schemaVersion, other: &other)
        if let other { supersede(by: other) }
        return owned
    }

    /// ``ownsTables(_:_:_:)`` for any connection to a store of `schemaVersion` (the read-only one of
    /// ``SQLiteResponseReader`` too); `other`: the version the file belongs to, when another.
    static func ownsTables(
        _ db: SQLiteConnection, _ statement: OpaquePointer, _ kind: GraphQLCacheError.Kind, schemaVersion: String,
        other: inout String?
    ) throws(GraphQLCacheError) -> Bool {
        var found: String?
        let owned = try db.tablesVerified(statement) { () throws(GraphQLCacheError) -> Bool in
            found = try db.withStatement("SELECT schema_version FROM state", kind) {
                statement throws(GraphQLCacheError) -> String? in
                try db.step(statement, kind) ? db.columnText(statement, 0) : nil
            }
            return found == schemaVersion
        }
        if !owned { other = found ?? "" }
        return owned
    }

    /// Runs `body` in one read transaction, so that its reads see one state of the file.
    func withReadSnapshot<T>(_ body: () -> T) -> T {
        guard let connection else { return body() }
        return connection.readTransaction(body, stillOpen: { self.connection === connection })
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
    func flushPendingUses(from use: inout Int64) throws(GraphQLCacheError) {
        guard !pendingUses.isEmpty else { return }
        let db = try database(.write)
        for key in pendingUses {
            try db.withStatement("UPDATE records SET last_used = ? WHERE key = ?", .write) {
                statement throws(GraphQLCacheError) in
                try db.bind(use, at: 1, in: statement, .write)
                try db.bind(key, at: 2, in: statement, .write)
                _ = try db.step(statement, .write)
            }
            use += 1
        }
        pendingUses = []
    }

    func write(_ records: [CacheRecord]) throws(GraphQLCacheError) {
        guard !records.isEmpty else { return }
        try changingState { (state: inout State) throws(GraphQLCacheError) in
            let existing = try storedRecords(forKeys: records.map(\.key))
            let written = records.map { record in
                var record = record
                record.stamp(UInt64(state.version))
                return (record: record, oldSize: existing[record.key]?.size)
            }
            try put(written, in: &state)
            state.changed = state.version
        }
    }

    func remove(keys: [String]) throws(GraphQLCacheError) {
        try changingState { (state: inout State) throws(GraphQLCacheError) in
            for key in keys {
                let deleted = try delete(key)
                state.bytes -= Int64(deleted.size)
                state.removedThrough = max(state.removedThrough, deleted.version)
            }
            state.changed = state.version
            state.removed = state.version
        }
    }

    func allKeys() throws(GraphQLCacheError) -> [String] {
        guard supersededBy == nil else { return [] }
        return try guarded { () throws(GraphQLCacheError) in
            try database(.read).texts("SELECT key FROM records", .read)
        }
    }

    /// Deletes every record, then gives the space back: `VACUUM` rewrites the file, and the WAL is checkpointed
    /// and truncated.
    func removeAll() throws(GraphQLCacheError) {
        try guarded { () throws(GraphQLCacheError) in
            pendingUses = []
            try changingState { (state: inout State) throws(GraphQLCacheError) in
                let db = try database(.write)
                try db.execute("DELETE FROM records", .write)
                try removeAllResponses()
                state.bytes = 0
                state.changed = state.version
                state.cleared = state.version
                state.removed = state.version
            }
            try compact()
        }
    }

    /// The sum of the records' and stored responses' sizes (key plus encoded fields, key plus body and dependencies),
    /// in bytes; not the file's size (``diskByteCount()``), which only shrinks on ``removeAll()``.
    func byteCount() throws(GraphQLCacheError) -> Int {
        try guarded { () throws(GraphQLCacheError) in
            Int(try database(.read).integer("SELECT bytes FROM state", .read))
        }
    }

    /// Removes the stored responses (each can be written again from its records), then the least recently used
    /// records (read or written) but `spared`, until ``byteCount()`` is at most `limit`, in one transaction; returns
    /// the records' keys, least recently used first.
    func trim(toBytes limit: Int, sparing spared: Set<String>) throws(GraphQLCacheError) -> [String] {
        try changingState(trimming: false) { (state: inout State) throws(GraphQLCacheError) -> [String] in
            try trimRecords(toBytes: limit, sparing: spared, in: &state)
        }
    }

    /// Trims as ``trim(toBytes:sparing:)`` does, inside the caller's write transaction.
    func trimRecords(toBytes limit: Int, sparing spared: Set<String>, in state: inout State) throws(GraphQLCacheError)
        -> [String]
    {
        let db = try database(.write)
        var use = nextUse(after: state)
        try flushPendingUses(from: &use)
        lastUse = use - 1
        state.lastUse = lastUse
        // Measured again: the kept count heals if it ever drifted.
        var total = try storedBytes(.write)
        defer { state.bytes = Int64(total) }
        guard total > limit else { return [] }
        total -= try removeAllResponses()
        guard total > limit else { return [] }
        let removed = try db.withStatement(
            "SELECT key, size, version FROM records ORDER BY last_used, key", .write
        ) { statement throws(GraphQLCacheError) in
            var removed: [String] = []
            while total > limit, try db.step(statement, .write) {
                let key = db.columnText(statement, 0)
                guard !spared.contains(key) else { continue }
                removed.append(key)
                total -= Int(db.columnInteger(statement, 1))
                // What the trimmed records held is gone with their versions: an older answer must not write it
                // again as fresh (see `State.removedThrough`).
                state.removedThrough = max(state.removedThrough, db.columnInteger(statement, 2))
            }
            return removed
        }
        for key in removed { _ = try delete(key) }
        return removed
    }

    // MARK: Beyond the protocol

    /// The size of the store on disk, in bytes: the database's pages (`page_count * page_size`) plus its WAL file.
    func diskByteCount() throws(GraphQLCacheError) -> Int {
        try guarded { () throws(GraphQLCacheError) in
            let db = try database(.read)
            let pages = try db.integer("PRAGMA page_count", .read)
            let pageSize = try db.integer("PRAGMA page_size", .read)
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

    // MARK: The user's files

    /// Creates the folder (`0700`, with the file protection) when it does not exist, and the file (`0600`) before
    /// SQLite does, so that SQLite's `-wal` and `-shm` files, made with the file's mode, are the user's alone too.
    private func prepareFolder() throws(GraphQLCacheError) {
        let manager = FileManager.default
        let folder = fileURL.deletingLastPathComponent()
        do {
            if !manager.fileExists(atPath: folder.path) {
                try manager.createDirectory(
                    at: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
                Self.protect(folder, protection)
            }
        } catch {
            throw GraphQLCacheError(kind: .open, path: fileURL.path, message: "cannot create its folder: \(error)")
        }
        protectFiles()
    }

    /// Creates the file when missing and gives it (and its `-wal` and `-shm` files) mode `0600` and the protection.
    private func protectFiles() {
        let manager = FileManager.default
        if !manager.fileExists(atPath: fileURL.path) {
            _ = manager.createFile(atPath: fileURL.path, contents: nil, attributes: [.posixPermissions: 0o600])
        }
        for suffix in ["", "-wal", "-shm"] where manager.fileExists(atPath: fileURL.path + suffix) {
            try? manager.setAttributes([.posixPermissions: 0o600], ofItemAtPath: fileURL.path + suffix)
            Self.protect(URL(fileURLWithPath: fileURL.path + suffix), protection)
        }
    }

    /// Sets the file protection of `url` on the platforms that have one.
    private static func protect(_ url: URL, _ protection: GraphQLCache.FileProtection) {
        #if os(iOS) || os(tvOS) || os(watchOS) || os(visionOS)
            let type: FileProtectionType
            switch protection {
            case .complete: type = .complete
            case .completeUntilFirstUserAuthentication: type = .completeUntilFirstUserAuthentication
            case .completeUnlessOpen: type = .completeUnlessOpen
            case .none: type = .none
            }
            try? FileManager.default.setAttributes([.protectionKey: type], ofItemAtPath: url.path)
        #endif
    }

    // MARK: Opening, damage

    /// Opens the file, checks it, and creates the tables or checks the ones it has.
    /// - Throws: `.corrupt` when the file is not a cache store or is damaged; `.open` for anything else.
    private func open() throws(GraphQLCacheError) {
        protectFiles()
        let db = try SQLiteConnection(path: fileURL.path)
        connection = db
        do {
            // Read only until the file is known to be a cache store (or empty): another program's file is left as
            // it was. The first read of the header fails with SQLITE_NOTADB for a file that is not SQLite.
            try prepareTables(create: false)
            try db.execute("PRAGMA journal_mode = WAL", .open)
            try db.execute("PRAGMA synchronous = NORMAL", .open)
            // A WAL grown by a large write goes back to at most 1 MB at the next checkpoint.
            try db.execute("PRAGMA journal_size_limit = 1048576", .open)
            // The WAL is copied into the file (and both synced) every 4,000 pages written (about 16 MB) rather than
            // SQLite's 1,000: a write of one result costs about 30% less (fewer checkpoints and syncs, a page changed
            // again within the window copied once), and a power loss may lose the writes since the last checkpoint.
            try db.execute("PRAGMA wal_autocheckpoint = 4000", .open)
            // Reads through a memory map (up to 256 MB of the file): a new connection's first reads of a page cost
            // no `pread` call each.
            try db.execute("PRAGMA mmap_size = 268435456", .open)
            // Again under the write lock: another process may have created the tables meanwhile.
            try db.transaction(.open) { () throws(GraphQLCacheError) in
                try prepareTables(create: true)
            }
            try startWatchingChanges()
        } catch {
            close()
            throw error
        }
        protectFiles()
        if droppedSchemaVersion != nil { try? compact() }
    }

    /// Checks that a file with tables is a cache store; when `create`, creates the tables of an empty file and drops
    /// the records of another format or schema version.
    private func prepareTables(create: Bool) throws(GraphQLCacheError) {
        let db = try database(.open)
        let tables = try db.texts("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name", .open)
        if tables.isEmpty {
            if create { try createTables() }
            return
        }
        guard tables.contains("meta") else {
            throw GraphQLCacheError(
                kind: .corrupt, path: fileURL.path,
                message: "not a cache store: its tables are \(tables.joined(separator: ", "))")
        }
        guard try db.texts("PRAGMA table_info(meta)", column: 1, .open) == ["name", "value"] else {
            throw GraphQLCacheError(
                kind: .corrupt, path: fileURL.path, message: "not a cache store: its meta table is not one")
        }
        let meta = try db.withStatement("SELECT name, value FROM meta", .open) { statement throws(GraphQLCacheError) in
            var values: [String: String] = [:]
            while try db.step(statement, .open) { values[db.columnText(statement, 0)] = db.columnText(statement, 1) }
            return values
        }
        guard let format = meta["format"], format.hasPrefix("graphqlbridge-cache-") else {
            throw GraphQLCacheError(
                kind: .corrupt, path: fileURL.path, message: "not a cache store: its meta table is not one")
        }
        let storedVersion = meta["schemaVersion"] ?? ""
        guard format == Self.formatVersion, storedVersion == schemaVersion, tables.contains("records"),
            tables.contains("responses"), tables.contains("response_dependencies"), tables.contains("state")
        else {
            guard create else { return }
            // The versions go on from where they were: an answer to a request started before the drop is older.
            let version = tables.contains("state") ? ((try? db.integer("SELECT version FROM state", .open)) ?? 0) : 0
            for table in ["records", "responses", "response_dependencies", "state"] {
                try db.execute("DROP TABLE IF EXISTS \(table)", .open)
            }
            try db.execute("DROP TABLE meta", .open)
            try createTables(startingAt: version + 1)
            droppedSchemaVersion = storedVersion
            return
        }
    }

    private func createTables(startingAt version: Int64 = 0) throws(GraphQLCacheError) {
        let db = try database(.open)
        try db.execute("CREATE TABLE meta (name TEXT PRIMARY KEY NOT NULL, value TEXT NOT NULL) WITHOUT ROWID", .open)
        try db.execute(
            """
            CREATE TABLE records (key TEXT PRIMARY KEY NOT NULL, fields BLOB NOT NULL, size INTEGER NOT NULL, \
            last_used INTEGER NOT NULL, version INTEGER NOT NULL) WITHOUT ROWID
            """, .open)
        try createResponseTables()
        try createStateTable(startingAt: version)
        try db.execute("CREATE INDEX records_by_version ON records (version)", .open)
        for (name, value) in [("format", Self.formatVersion), ("schemaVersion", schemaVersion)] {
            try db.withStatement("INSERT INTO meta (name, value) VALUES (?, ?)", .open) {
                statement throws(GraphQLCacheError) in
                try db.bind(name, at: 1, in: statement, .open)
                try db.bind(value, at: 2, in: statement, .open)
                _ = try db.step(statement, .open)
            }
        }
    }

    /// Runs `body`; when it finds the file damaged, moves the file aside and starts an empty store before throwing.
    func guarded<T>(_ body: () throws(GraphQLCacheError) -> T) throws(GraphQLCacheError) -> T {
        do {
            return try body()
        } catch  where error.kind == .corrupt {
            pendingUses = []
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
        if !pendingUses.isEmpty, let connection, connection.isOpen {
            // Best effort: the last reads' use marks; losing them only changes which records a trim takes first.
            _ = try? connection.transaction(.write) { () throws(GraphQLCacheError) in
                var state = try readState(.write)
                var use = nextUse(after: state)
                try flushPendingUses(from: &use)
                state.lastUse = use - 1
                // Not a change of the records: the version stays.
                try writeState(state)
            }
        }
        connection?.close()
        connection = nil
        responseReader?.close()
    }

    // MARK: Helpers

    /// The next last-use value after the `state` row read in the caller's write transaction: above every one in the
    /// file, whichever process wrote it (the caller keeps the last one it gives in `state`).
    func nextUse(after state: State) -> Int64 {
        max(lastUse, state.lastUse) + 1
    }

    private func storedBytes(_ kind: GraphQLCacheError.Kind) throws(GraphQLCacheError) -> Int {
        Int(
            try database(kind).integer(
                "SELECT (SELECT COALESCE(SUM(size), 0) FROM records) + (SELECT COALESCE(SUM(size), 0) FROM responses)",
                kind))
    }

    /// Deletes the record `key` and the stored responses made of it (inside the caller's write transaction); returns
    /// their stored size.
    private func delete(_ key: String) throws(GraphQLCacheError) -> (size: Int, version: Int64) {
        var size = try deleteResponses(dependingOn: key)
        let db = try database(.write)
        let record = try db.withStatement("SELECT size, version FROM records WHERE key = ?", .write) {
            statement throws(GraphQLCacheError) -> (size: Int, version: Int64) in
            try db.bind(key, at: 1, in: statement, .write)
            guard try db.step(statement, .write) else { return (0, 0) }
            return (Int(db.columnInteger(statement, 0)), db.columnInteger(statement, 1))
        }
        size += record.size
        try db.withStatement("DELETE FROM records WHERE key = ?", .write) { statement throws(GraphQLCacheError) in
            try db.bind(key, at: 1, in: statement, .write)
            _ = try db.step(statement, .write)
        }
        return (size, record.version)
    }

    /// `VACUUM`, then the WAL checkpointed and truncated (a reader in another process may keep the WAL's size until
    /// the next checkpoint).
    private func compact() throws(GraphQLCacheError) {
        let db = try database(.write)
        try db.execute("VACUUM", .write)
        try db.checkpoint()
    }
}
