import Foundation

/// Stored responses: each query's last response as the records held it (`{"data":…}` bytes), with the keys of the
/// records it was made of, so that a new process serves it (one row read and decoded) while none of them changed.
///
/// A stored response is current by construction: a write or removal of any of its records deletes it in the same
/// transaction (`response_dependencies`), and one saved after another process wrote (the file's write version moved
/// since its records were read) is not kept.
extension SQLiteCacheStore {
    /// A persistent store keeps each query's last response.
    var keepsResponses: Bool { true }

    /// `responses` (by query key) and `response_dependencies` (which records each was made of).
    func createResponseTables() throws(GraphQLCacheError) {
        let db = try database(.open)
        try db.execute(
            """
            CREATE TABLE responses (query_key TEXT PRIMARY KEY NOT NULL, \
            max_age REAL NOT NULL, expiry REAL NOT NULL, received REAL NOT NULL, revalidates INTEGER NOT NULL, \
            dependencies BLOB NOT NULL, body BLOB NOT NULL, size INTEGER NOT NULL)
            """, .open)
        try db.execute(
            """
            CREATE TABLE response_dependencies (record_key TEXT NOT NULL, query_key TEXT NOT NULL, \
            PRIMARY KEY (record_key, query_key)) WITHOUT ROWID
            """, .open)
        try db.execute("CREATE INDEX response_dependencies_by_query ON response_dependencies (query_key)", .open)
    }

    /// `query`'s stored response, when it was written with the same default lifetime; `nil` otherwise.
    func storedResponse(forQuery query: String, defaultMaxAge: Double) throws(GraphQLCacheError) -> StoredResponse? {
        try guarded { () throws(GraphQLCacheError) -> StoredResponse? in
            guard supersededBy == nil else { return nil }
            var other: String?
            defer { if let other { supersede(by: other) } }
            return try Self.storedResponse(
                in: try database(.read), forQuery: query, defaultMaxAge: defaultMaxAge, schemaVersion: schemaVersion,
                other: &other)
        }
    }

    /// `query`'s stored response read through `db` (the store's connection, or ``SQLiteResponseReader``'s read-only
    /// one): one statement, no transaction around it; none when the file belongs to another schema version than
    /// `schemaVersion` (`other`: that version; ``SQLiteCacheStore/ownsTables(_:_:_:)``).
    static func storedResponse(
        in db: SQLiteConnection, forQuery query: String, defaultMaxAge: Double, schemaVersion: String,
        other: inout String?
    ) throws(GraphQLCacheError) -> StoredResponse? {
        var foreign: String?
        let row = try db.withStatement(StoredResponseRow.selectOne, .read) {
            statement throws(GraphQLCacheError) -> StoredResponseRow? in
            try db.bind(query, at: 1, in: statement, .read)
            guard try db.step(statement, .read),
                try ownsTables(db, statement, .read, schemaVersion: schemaVersion, other: &foreign)
            else { return nil }
            return StoredResponseRow(db, statement)
        }
        if let foreign { other = foreign }
        return row?.response(defaultMaxAge: defaultMaxAge)
    }

    /// The version of the last write (kept in `state`).
    func writeVersion() throws(GraphQLCacheError) -> Int64 {
        try guarded { () throws(GraphQLCacheError) in try readState(.read).version }
    }

    /// Keeps `body` as `query`'s response, made of the records `dependencies` as they were at write `version`
    /// (another process's later write makes it stale, even one made before this call).
    func saveResponse(
        forQuery query: String, body: [UInt8], dependencies: Set<String>, expiry: Date, latestReceipt: Date,
        revalidates: Bool, defaultMaxAge: Double, version: Int64
    ) throws(GraphQLCacheError) {
        try guarded { () throws(GraphQLCacheError) in
            let db = try database(.write)
            try db.transaction(.write) { () throws(GraphQLCacheError) in
                // A write since the records were read (by another process) may have changed them: not kept.
                var state = try readState(.write)
                guard state.version == version else { return }
                // One that would take the store over its limit is not kept (each can be written again from its
                // records): no write leaves the store over its limit.
                if let rule = trimRule {
                    let size = query.utf8.count + body.count + Self.encodeKeys(dependencies.sorted()).count
                    guard state.bytes + Int64(size) <= Int64(rule.limit) else { return }
                }
                try insertResponse(
                    ResponseSave(
                        query: query, body: body, dependencies: dependencies, expiry: expiry,
                        latestReceipt: latestReceipt, revalidates: revalidates, defaultMaxAge: defaultMaxAge),
                    in: &state)
                // Not a change of the records: the version stays.
                try writeState(state)
            }
        }
    }

    /// Writes `response` and its dependencies (inside the caller's write transaction), counting its size in `state`.
    func insertResponse(_ response: ResponseSave, in state: inout State) throws(GraphQLCacheError) {
        let keys = Self.encodeKeys(response.dependencies.sorted())
        let size = response.query.utf8.count + response.body.count + keys.count
        let db = try database(.write)
        // Only the rows that differ are written: an answer saved again is usually made of the same records.
        let current = try db.withStatement("SELECT record_key FROM response_dependencies WHERE query_key = ?", .write) {
            statement throws(GraphQLCacheError) -> Set<String> in
            try db.bind(response.query, at: 1, in: statement, .write)
            var keys: Set<String> = []
            while try db.step(statement, .write) { keys.insert(db.columnText(statement, 0)) }
            return keys
        }
        for key in current.subtracting(response.dependencies).sorted() {
            try db.withStatement("DELETE FROM response_dependencies WHERE record_key = ? AND query_key = ?", .write) {
                statement throws(GraphQLCacheError) in
                try db.bind(key, at: 1, in: statement, .write)
                try db.bind(response.query, at: 2, in: statement, .write)
                _ = try db.step(statement, .write)
            }
        }
        for key in response.dependencies.subtracting(current).sorted() {
            try db.withStatement(
                "INSERT OR IGNORE INTO response_dependencies (record_key, query_key) VALUES (?, ?)", .write
            ) { statement throws(GraphQLCacheError) in
                try db.bind(key, at: 1, in: statement, .write)
                try db.bind(response.query, at: 2, in: statement, .write)
                _ = try db.step(statement, .write)
            }
        }
        let old = try db.withStatement("SELECT size FROM responses WHERE query_key = ?", .write) {
            statement throws(GraphQLCacheError) -> Int? in
            try db.bind(response.query, at: 1, in: statement, .write)
            return try db.step(statement, .write) ? Int(db.columnInteger(statement, 0)) : nil
        }
        // A response saved again is updated in place: its row keeps its rowid (and so its page) and the index on
        // `query_key` is not touched, where `INSERT OR REPLACE` deletes the row and inserts it at the table's end
        // (about 5 pages fewer written to the WAL a transaction).
        let sql =
            old == nil
            ? """
            INSERT INTO responses (max_age, expiry, received, revalidates, dependencies, body, size, query_key) \
            VALUES (?, ?, ?, ?, ?, ?, ?, ?)
            """
            : """
            UPDATE responses SET max_age = ?, expiry = ?, received = ?, revalidates = ?, dependencies = ?, body = ?, \
            size = ? WHERE query_key = ?
            """
        try db.withStatement(sql, .write) { statement throws(GraphQLCacheError) in
            try db.bind(response.defaultMaxAge, at: 1, in: statement, .write)
            try db.bind(response.expiry.timeIntervalSince1970, at: 2, in: statement, .write)
            try db.bind(response.latestReceipt.timeIntervalSince1970, at: 3, in: statement, .write)
            try db.bind(Int64(response.revalidates ? 1 : 0), at: 4, in: statement, .write)
            try db.bind(keys, at: 5, in: statement, .write)
            try db.bind(response.body, at: 6, in: statement, .write)
            try db.bind(Int64(size), at: 7, in: statement, .write)
            try db.bind(response.query, at: 8, in: statement, .write)
            _ = try db.step(statement, .write)
        }
        state.bytes += Int64(size - (old ?? 0))
    }

    /// Deletes the stored responses made of the record `key` (it is being written or removed); returns their stored
    /// size.
    func deleteResponses(dependingOn key: String) throws(GraphQLCacheError) -> Int {
        try deleteResponses(dependingOnAnyOf: [key], sparing: nil)
    }

    /// Deletes the stored responses made of any of the records `keys` (they are being written or removed), with their
    /// dependency rows, but `spared`'s (the caller replaces it in the same transaction); returns their stored size.
    /// The queries are found with one seek of the primary key `(record_key, query_key)` per key: cheaper than one
    /// `SELECT DISTINCT … IN (…)` per batch of keys, for which SQLite builds two temporary b-trees (the list, the
    /// distinct rows) each time.
    func deleteResponses(dependingOnAnyOf keys: [String], sparing spared: String?) throws(GraphQLCacheError) -> Int {
        let db = try database(.write)
        var queries: Set<String> = []
        try db.withStatement("SELECT query_key FROM response_dependencies WHERE record_key = ?", .write) {
            statement throws(GraphQLCacheError) in
            for key in keys {
                try db.bind(key, at: 1, in: statement, .write)
                while try db.step(statement, .write) {
                    // The response being replaced is usually the only one: its key is not copied out.
                    if let spared, db.columnTextEquals(statement, 0, spared) { continue }
                    queries.insert(db.columnText(statement, 0))
                }
                db.rewind(statement)
            }
        }
        var size = 0
        for query in queries.sorted() {
            size += try db.withStatement("SELECT size FROM responses WHERE query_key = ?", .write) {
                statement throws(GraphQLCacheError) in
                try db.bind(query, at: 1, in: statement, .write)
                return try db.step(statement, .write) ? Int(db.columnInteger(statement, 0)) : 0
            }
            for sql in [
                "DELETE FROM responses WHERE query_key = ?", "DELETE FROM response_dependencies WHERE query_key = ?",
            ] {
                try db.withStatement(sql, .write) { statement throws(GraphQLCacheError) in
                    try db.bind(query, at: 1, in: statement, .write)
                    _ = try db.step(statement, .write)
                }
            }
        }
        return size
    }

    /// Deletes every stored response (inside the caller's transaction); returns their stored size.
    @discardableResult
    func removeAllResponses() throws(GraphQLCacheError) -> Int {
        let db = try database(.write)
        let size = Int(try db.integer("SELECT COALESCE(SUM(size), 0) FROM responses", .write))
        try db.execute("DELETE FROM responses", .write)
        try db.execute("DELETE FROM response_dependencies", .write)
        return size
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
}
