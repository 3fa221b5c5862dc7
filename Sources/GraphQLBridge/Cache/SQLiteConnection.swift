import Foundation

#if canImport(SQLite3)
    import SQLite3
#else
    import CSQLite
#endif

/// One SQLite connection and its prepared statements, for ``SQLiteCacheStore``: every call returns a typed
/// ``GraphQLCacheError`` (`.corrupt` for `SQLITE_CORRUPT` and `SQLITE_NOTADB`, whatever the caller's kind) that
/// says what was run and SQLite's message.
///
/// Owned by one store and called from its cache's actor, one call at a time: not `Sendable`.
final class SQLiteConnection {
    /// The database file.
    let path: String
    private var handle: OpaquePointer?
    private var statements: [String: OpaquePointer] = [:]
    /// The statement run last and its SQL: the same statement run again (a burst of reads, a batch of writes) is found
    /// without hashing its text (two equal literals compare by their storage first).
    private var lastStatement: (sql: String, statement: OpaquePointer)?
    /// For each statement whose tables were verified (``tablesVerified(_:verify:)``), how many times SQLite had
    /// prepared it again then.
    private var verifiedPreparations: [OpaquePointer: Int32] = [:]

    /// Opens (creating when needed) the file at `path`, with extended result codes and a busy timeout of 5 s
    /// (another process holding the write lock); `readOnly`: opens an existing file for reading only, with no busy
    /// timeout (a call that would wait for a lock fails at once with `SQLITE_BUSY`: ``SQLiteResponseReader``).
    /// - Throws: `.open` when it cannot be opened.
    init(path: String, readOnly: Bool = false) throws(GraphQLCacheError) {
        self.path = path
        var opened: OpaquePointer?
        let flags =
            readOnly
            ? SQLITE_OPEN_READONLY | SQLITE_OPEN_NOMUTEX
            : SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_NOMUTEX
        let code = sqlite3_open_v2(path, &opened, flags, nil)
        handle = opened
        guard code == SQLITE_OK, opened != nil else {
            let error = failure(.open, "cannot open the file", code: code)
            close()
            throw error
        }
        sqlite3_extended_result_codes(opened, 1)
        sqlite3_busy_timeout(opened, readOnly ? 0 : 5_000)
    }

    deinit {
        close()
    }

    /// Whether the connection is open.
    var isOpen: Bool { handle != nil }

    /// Whether a transaction is open on the connection.
    var isInTransaction: Bool {
        guard let handle else { return false }
        return sqlite3_get_autocommit(handle) == 0
    }

    /// Finalizes the statements and closes the connection (again: nothing).
    func close() {
        for statement in statements.values { sqlite3_finalize(statement) }
        statements = [:]
        lastStatement = nil
        verifiedPreparations = [:]
        if let handle { sqlite3_close_v2(handle) }
        handle = nil
    }

    private func database(_ kind: GraphQLCacheError.Kind) throws(GraphQLCacheError) -> OpaquePointer {
        guard let handle else {
            throw GraphQLCacheError(kind: kind, path: path, message: "the store is not open")
        }
        return handle
    }

    /// The error for SQLite's result `code`: `.corrupt` for `SQLITE_CORRUPT` and `SQLITE_NOTADB`, else `kind`.
    func failure(_ kind: GraphQLCacheError.Kind, _ action: String, code: Int32) -> GraphQLCacheError {
        let primary = code & 0xFF
        let damaged = primary == SQLITE_CORRUPT || primary == SQLITE_NOTADB
        var message = handle.flatMap { sqlite3_errmsg($0) }.map { String(cString: $0) } ?? ""
        if message.isEmpty { message = String(cString: sqlite3_errstr(code)) }
        return GraphQLCacheError(
            kind: damaged ? .corrupt : kind, path: path, message: "\(action): \(message) (SQLite code \(code))")
    }

    /// Runs `body` with the prepared statement of `sql` (prepared once, kept), then resets it.
    func withStatement<T>(
        _ sql: String, _ kind: GraphQLCacheError.Kind, _ body: (OpaquePointer) throws(GraphQLCacheError) -> T
    ) throws(GraphQLCacheError) -> T {
        let statement: OpaquePointer
        if let last = lastStatement, last.sql == sql {
            statement = last.statement
        } else if let prepared = statements[sql] {
            statement = prepared
            lastStatement = (sql, prepared)
        } else {
            var prepared: OpaquePointer?
            let code = sqlite3_prepare_v3(
                try database(kind), sql, -1, UInt32(SQLITE_PREPARE_PERSISTENT), &prepared, nil)
            guard code == SQLITE_OK, let prepared else {
                sqlite3_finalize(prepared)
                throw failure(kind, "cannot prepare \(sql)", code: code)
            }
            statements[sql] = prepared
            lastStatement = (sql, prepared)
            statement = prepared
        }
        defer {
            sqlite3_reset(statement)
            sqlite3_clear_bindings(statement)
        }
        return try body(statement)
    }

    /// Whether the tables `statement` reads (it has just stepped, its read transaction open) are the ones this
    /// connection verified: `verify` runs, in that read transaction, the first time and whenever SQLite prepared the
    /// statement again since (it does when the schema changed: another connection dropped the tables and made them
    /// again), and a `true` verdict is remembered until the next; cheap otherwise (a counter read).
    func tablesVerified(_ statement: OpaquePointer, verify: () throws(GraphQLCacheError) -> Bool)
        throws(GraphQLCacheError) -> Bool
    {
        let preparations = sqlite3_stmt_status(statement, Int32(SQLITE_STMTSTATUS_REPREPARE), 0)
        if verifiedPreparations[statement] == preparations { return true }
        guard try verify() else { return false }
        verifiedPreparations[statement] = preparations
        return true
    }

    /// Resets `statement` to run again in the same ``withStatement(_:_:_:)`` call (its bindings are kept until bound
    /// again).
    func rewind(_ statement: OpaquePointer) {
        sqlite3_reset(statement)
    }

    /// Steps `statement`: `true` for a row, `false` when done.
    func step(_ statement: OpaquePointer, _ kind: GraphQLCacheError.Kind) throws(GraphQLCacheError) -> Bool {
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
    func execute(_ sql: String, _ kind: GraphQLCacheError.Kind) throws(GraphQLCacheError) {
        let code = sqlite3_exec(try database(kind), sql, nil, nil, nil)
        guard code == SQLITE_OK else { throw failure(kind, "cannot run \(sql)", code: code) }
    }

    /// Runs the prepared statement of `sql` (no parameters, no rows) once.
    private func run(_ sql: String, _ kind: GraphQLCacheError.Kind) throws(GraphQLCacheError) {
        try withStatement(sql, kind) { statement throws(GraphQLCacheError) in _ = try step(statement, kind) }
    }

    /// The first column of the first row of `sql` (no parameters), as text; `nil` without a row.
    func text(_ sql: String, _ kind: GraphQLCacheError.Kind) throws(GraphQLCacheError) -> String? {
        try withStatement(sql, kind) { statement throws(GraphQLCacheError) in
            try step(statement, kind) ? columnText(statement, 0) : nil
        }
    }

    /// The first column of the first row of `sql` (no parameters), as an integer; 0 without a row.
    func integer(_ sql: String, _ kind: GraphQLCacheError.Kind) throws(GraphQLCacheError) -> Int64 {
        try withStatement(sql, kind) { statement throws(GraphQLCacheError) in
            try step(statement, kind) ? sqlite3_column_int64(statement, 0) : 0
        }
    }

    /// The text column `index` of every row of `sql` (no parameters).
    func texts(_ sql: String, column index: Int32 = 0, _ kind: GraphQLCacheError.Kind) throws(GraphQLCacheError)
        -> [String]
    {
        try withStatement(sql, kind) { statement throws(GraphQLCacheError) in
            var values: [String] = []
            while try step(statement, kind) { values.append(columnText(statement, index)) }
            return values
        }
    }

    /// Runs `body` in one `BEGIN IMMEDIATE … COMMIT` transaction, rolled back when it throws.
    func transaction<T>(
        _ kind: GraphQLCacheError.Kind, _ body: () throws(GraphQLCacheError) -> T
    ) throws(GraphQLCacheError) -> T {
        // Prepared once and kept, as the other statements: not parsed again for every write.
        try run("BEGIN IMMEDIATE", kind)
        do {
            let result = try body()
            try run("COMMIT", kind)
            return result
        } catch {
            if isInTransaction, let handle { sqlite3_exec(handle, "ROLLBACK", nil, nil, nil) }
            throw error
        }
    }

    /// Begins a (deferred) transaction: a read transaction from its first read on; throws when it cannot (one is open
    /// already).
    func begin(_ kind: GraphQLCacheError.Kind) throws(GraphQLCacheError) {
        try run("BEGIN", kind)
    }

    /// Ends the open transaction (`COMMIT`; `ROLLBACK` when that fails), if any.
    func endTransaction() {
        guard isInTransaction, let handle else { return }
        if (try? run("COMMIT", .read)) == nil, isInTransaction { sqlite3_exec(handle, "ROLLBACK", nil, nil, nil) }
    }

    /// Runs `body` in one read transaction (`BEGIN` … `COMMIT`), so that its reads see one state of the file and
    /// take SQLite's locks once; without one (when `BEGIN` fails, or a transaction is open) `body` runs as it is.
    /// `stillOpen` tells, after `body`, whether this connection is still the store's (`body` may have replaced a
    /// damaged file): only then is the transaction ended.
    func readTransaction<T>(_ body: () -> T, stillOpen: () -> Bool) -> T {
        guard let handle, !isInTransaction, sqlite3_exec(handle, "BEGIN", nil, nil, nil) == SQLITE_OK else {
            return body()
        }
        let result = body()
        if stillOpen(), let current = self.handle, sqlite3_get_autocommit(current) == 0 {
            sqlite3_exec(current, "COMMIT", nil, nil, nil)
        }
        return result
    }

    /// Checkpoints the WAL and truncates it.
    func checkpoint() throws(GraphQLCacheError) {
        sqlite3_wal_checkpoint_v2(try database(.write), nil, SQLITE_CHECKPOINT_TRUNCATE, nil, nil)
    }

    // MARK: Binding and reading columns

    func bind(
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

    func bind(
        _ data: [UInt8], at index: Int32, in statement: OpaquePointer, _ kind: GraphQLCacheError.Kind
    ) throws(GraphQLCacheError) {
        let code = data.withUnsafeBytes { bytes in
            sqlite3_bind_blob(statement, index, bytes.baseAddress, Int32(bytes.count), Self.transient)
        }
        guard code == SQLITE_OK else { throw failure(kind, "cannot bind a value", code: code) }
    }

    func bind(
        _ value: Double, at index: Int32, in statement: OpaquePointer, _ kind: GraphQLCacheError.Kind
    ) throws(GraphQLCacheError) {
        let code = sqlite3_bind_double(statement, index, value)
        guard code == SQLITE_OK else { throw failure(kind, "cannot bind a value", code: code) }
    }

    func bind(
        _ value: Int64, at index: Int32, in statement: OpaquePointer, _ kind: GraphQLCacheError.Kind
    ) throws(GraphQLCacheError) {
        let code = sqlite3_bind_int64(statement, index, value)
        guard code == SQLITE_OK else { throw failure(kind, "cannot bind a value", code: code) }
    }

    func columnText(_ statement: OpaquePointer, _ index: Int32) -> String {
        // The text first, then its length in bytes (SQLite's order).
        guard let text = sqlite3_column_text(statement, index) else { return "" }
        let count = Int(sqlite3_column_bytes(statement, index))
        return String(decoding: UnsafeBufferPointer(start: text, count: count), as: UTF8.self)
    }

    /// Whether the text column `index` is `text`'s UTF-8, compared in place (no string made).
    func columnTextEquals(_ statement: OpaquePointer, _ index: Int32, _ text: String) -> Bool {
        let start = sqlite3_column_text(statement, index)
        let count = Int(sqlite3_column_bytes(statement, index))
        var text = text
        return text.withUTF8 { bytes in
            guard bytes.count == count else { return false }
            guard count > 0 else { return true }
            guard let start, let base = bytes.baseAddress else { return false }
            return memcmp(start, base, count) == 0
        }
    }

    func columnInteger(_ statement: OpaquePointer, _ index: Int32) -> Int64 {
        sqlite3_column_int64(statement, index)
    }

    func columnDouble(_ statement: OpaquePointer, _ index: Int32) -> Double {
        sqlite3_column_double(statement, index)
    }

    /// The bytes of a blob column, in place (valid until the statement moves on).
    func columnBytes(_ statement: OpaquePointer, _ index: Int32) -> UnsafeRawBufferPointer {
        // The blob first, then its length (SQLite's order).
        let start = sqlite3_column_blob(statement, index)
        return UnsafeRawBufferPointer(start: start, count: Int(sqlite3_column_bytes(statement, index)))
    }

    /// `SQLITE_TRANSIENT`: SQLite copies the bound value before the call returns.
    private static var transient: sqlite3_destructor_type {
        unsafeBitCast(-1, to: sqlite3_destructor_type.self)
    }
}
