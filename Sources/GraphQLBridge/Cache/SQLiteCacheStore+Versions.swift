import Foundation

/// The store's versions and the writes that keep them, shared by every connection to the file (an app and its
/// extension): the rules that protect newer data live in the file, not in one process's memory.
///
/// - `state` (one row): `version`, moved by every write transaction; `changed`, the version of the last change of a
///   value, a removal or a clear (what a request started now carries: ``version()``); `cleared`, the version of the
///   last ``removeAll()``; `removed`, of the last removal of records; `removed_through`, the highest version a
///   removed (trimmed or evicted) record had; `bytes`, the records' and stored responses'
///   sizes (``byteCount()``); `last_use`, the highest last-use mark given to a record (least-recently-used trimming:
///   the next one is above it, whichever process writes it; `records.last_used` has no index, so that a write does
///   not move each record's entry in one).
/// - Each field keeps the version of its last change (``CacheFieldEntry/version``, in the record's bytes), each
///   record the highest of them (`records.version`, indexed): what another connection changed since a version is
///   one indexed query (``externalChanges()``).
/// - ``merge(_:startedAt:)`` reads the records and writes them in one `BEGIN IMMEDIATE` transaction, field by field:
///   two processes writing different fields of one record both keep theirs, and an answer whose request started
///   before a field's change, or before a clear, does not overwrite it.
extension SQLiteCacheStore {
    /// The `state` row.
    struct State {
        var version: Int64 = 0
        var changed: Int64 = 0
        var cleared: Int64 = 0
        var removed: Int64 = 0
        /// The highest version a record had when it was removed (trimmed or evicted): an answer to a request that
        /// started before it may be older than what such a record held, which is gone with its versions, so the
        /// fields it writes that the stored records lack are written stale (``SQLiteCacheStore/merge(_:startedAt:response:)``).
        var removedThrough: Int64 = 0
        var bytes: Int64 = 0
        var lastUse: Int64 = 0
        /// The schema version the file's records belong to (the cache that last made the tables'; kept in the row
        /// every transaction reads, so that a connection opened with another version sees at once that the file is
        /// no longer its own).
        var schemaVersion = ""
    }

    /// What a write transaction trims the store to when it takes it over `limit` (``changingState(trimming:_:)``).
    struct TrimRule {
        /// The limit no committed write exceeds (unless `prepare`'s records alone do).
        var limit: Int
        /// What a trim leaves at most.
        var target: Int
        /// Called only when a trim is needed, inside the transaction: marks the records to count as used first
        /// (``markUsed(_:)``) and returns those not to remove (live watchers' records).
        var prepare: () -> Set<String>
    }

    /// Creates the `state` table and its row (inside the caller's transaction), the versions starting at `version`.
    func createStateTable(startingAt version: Int64) throws(GraphQLCacheError) {
        let db = try database(.open)
        try db.execute(
            """
            CREATE TABLE state (id INTEGER PRIMARY KEY CHECK (id = 0), version INTEGER NOT NULL, \
            changed INTEGER NOT NULL, cleared INTEGER NOT NULL, removed INTEGER NOT NULL, \
            removed_through INTEGER NOT NULL, bytes INTEGER NOT NULL, last_use INTEGER NOT NULL, \
            schema_version TEXT NOT NULL)
            """, .open)
        // A file made again (another format, damage) lost its records: every version before this one counts as removed.
        try db.withStatement("INSERT INTO state VALUES (0, ?, ?, ?, ?, ?, 0, 0, ?)", .open) {
            statement throws(GraphQLCacheError) in
            for index: Int32 in 1...5 { try db.bind(version, at: index, in: statement, .open) }
            try db.bind(schemaVersion, at: 6, in: statement, .open)
            _ = try db.step(statement, .open)
        }
    }

    /// Notes that the file now belongs to `other`, another schema version (another cache dropped this one's records
    /// and made the tables again since this store opened it): from now on this store reads nothing (every read a
    /// miss) and writes nothing (each write throws), and its read-only connection closes.
    func supersede(by other: String) {
        guard supersededBy == nil else { return }
        supersededBy = other
        responseReader?.close()
    }

    /// The error of a call on a store whose file another schema version took over (``supersede(by:)``).
    func supersededError(_ kind: GraphQLCacheError.Kind, by other: String) -> GraphQLCacheError {
        GraphQLCacheError(
            kind: kind, path: fileURL.path,
            message: "the file now holds the cache of schema version \"\(other)\" (another cache opened it with that "
                + "version since this one, of \"\(schemaVersion)\", did): this cache no longer reads or writes it; "
                + "make a new cache to use the file")
    }

    /// The `state` row; throws when the file belongs to another schema version now (``supersede(by:)``): every write
    /// transaction reads it first, so no write of this store reaches another version's records.
    func readState(_ kind: GraphQLCacheError.Kind) throws(GraphQLCacheError) -> State {
        if let other = supersededBy { throw supersededError(kind, by: other) }
        let db = try database(kind)
        let state = try db.withStatement(
            "SELECT version, changed, cleared, removed, removed_through, bytes, last_use, schema_version FROM state",
            kind
        ) {
            statement throws(GraphQLCacheError) in
            guard try db.step(statement, kind) else { return State(schemaVersion: schemaVersion) }
            return State(
                version: db.columnInteger(statement, 0), changed: db.columnInteger(statement, 1),
                cleared: db.columnInteger(statement, 2), removed: db.columnInteger(statement, 3),
                removedThrough: db.columnInteger(statement, 4), bytes: db.columnInteger(statement, 5),
                lastUse: db.columnInteger(statement, 6), schemaVersion: db.columnText(statement, 7))
        }
        guard state.schemaVersion == schemaVersion else {
            supersede(by: state.schemaVersion)
            throw supersededError(kind, by: state.schemaVersion)
        }
        return state
    }

    /// Writes the `state` row (inside the caller's write transaction).
    func writeState(_ state: State) throws(GraphQLCacheError) {
        let db = try database(.write)
        try db.withStatement(
            "UPDATE state SET version = ?, changed = ?, cleared = ?, removed = ?, removed_through = ?, bytes = ?, "
                + "last_use = ? WHERE id = 0",
            .write
        ) { statement throws(GraphQLCacheError) in
            try db.bind(state.version, at: 1, in: statement, .write)
            try db.bind(state.changed, at: 2, in: statement, .write)
            try db.bind(state.cleared, at: 3, in: statement, .write)
            try db.bind(state.removed, at: 4, in: statement, .write)
            try db.bind(state.removedThrough, at: 5, in: statement, .write)
            try db.bind(max(0, state.bytes), at: 6, in: statement, .write)
            try db.bind(state.lastUse, at: 7, in: statement, .write)
            _ = try db.step(statement, .write)
        }
    }

    /// Runs `body` in one write transaction with the `state` row, its version moved on (`body` changes the rest), and
    /// writes the row back; afterwards, this connection's view of other connections' changes moves on with it when no
    /// other connection wrote since it last looked.
    ///
    /// With a ``trimRule`` (and `trimming`), a write that takes the store over the rule's limit is trimmed in the same
    /// transaction, before it commits (``trimmedKeys`` says which records went): another connection never reads the
    /// store over its limit between the write and its trim, and a crash never leaves it so.
    func changingState<T>(trimming: Bool = true, _ body: (inout State) throws(GraphQLCacheError) -> T)
        throws(GraphQLCacheError) -> T
    {
        try guarded { () throws(GraphQLCacheError) -> T in
            let db = try database(.write)
            var before: Int64 = 0
            var after: Int64 = 0
            var trimmed: [String] = []
            keysWrittenInTransaction = []
            defer { keysWrittenInTransaction = [] }
            let result = try db.transaction(.write) { () throws(GraphQLCacheError) -> T in
                var state = try readState(.write)
                before = state.version
                state.version += 1
                let result = try body(&state)
                // (Not when `body` wrote nothing: it took its version back.)
                if trimming, state.version > before, let rule = trimRule, state.bytes > Int64(rule.limit) {
                    trimmed = try trimWithin(&state, rule)
                }
                try writeState(state)
                after = state.version
                return result
            }
            if before == seenVersion { seenVersion = after }
            trimmedKeys += trimmed
            afterCommit?()
            return result
        }
    }

    /// Trims to `rule`'s target inside the caller's write transaction: the records `rule` marks as used first (then
    /// the ones this transaction wrote, used last), never the ones it spares.
    private func trimWithin(_ state: inout State, _ rule: TrimRule) throws(GraphQLCacheError) -> [String] {
        let spared = rule.prepare()
        markUsed(keysWrittenInTransaction)
        return try trimRecords(toBytes: rule.target, sparing: spared, in: &state)
    }

    /// The keys the write transactions trimmed since the last call (the cache invalidates what it read of them).
    func takeTrimmedKeys() -> [String] {
        defer { trimmedKeys = [] }
        return trimmedKeys
    }

    func version() throws(GraphQLCacheError) -> UInt64 {
        try guarded { () throws(GraphQLCacheError) in
            UInt64(max(0, try database(.read).integer("SELECT changed FROM state", .read)))
        }
    }

    func merge(
        _ incoming: [String: CacheRecordWrite], startedAt start: UInt64?, order: AnswerOrder,
        response: ResponseSave?, lists: CacheListMerges
    ) throws(GraphQLCacheError) -> StoreMerge {
        guard !incoming.isEmpty else { return StoreMerge() }
        return try changingState { (state: inout State) throws(GraphQLCacheError) -> StoreMerge in
            var outcome = StoreMerge()
            if let start, Int64(clamping: start) < state.cleared {
                // Cleared since the request started (a sign-out, in any process): nothing of its answer is written.
                outcome.cleared = true
                state.version -= 1
                return outcome
            }
            let version = UInt64(state.version)
            outcome.version = version
            let existing = try storedRecords(forKeys: Array(incoming.keys))
            var written: [(record: CacheRecord, oldSize: Int64?)] = []
            // A record removed since the request started may have held newer values than the answer's.
            let removedSince = start.map { Int64(clamping: $0) < state.removedThrough } ?? false
            // The fields kept against the answer, by the index of their record in `written` (or the record, when the
            // merge changed nothing else in it), and whether the answer's values were taken elsewhere.
            var conflicts: [(record: CacheRecord, oldSize: Int64?, names: [String], writtenAt: Int?)] = []
            var wroteValue = false
            for (key, fields) in incoming {
                let stored = existing[key]
                var record = stored?.record ?? CacheRecord(key: key)
                let merged = record.merge(
                    fields: fields, placements: lists.isEmpty ? nil : lists[key], stamping: version,
                    startedAt: stored == nil ? nil : start,
                    removedSince: removedSince, requestStart: start, order: order, defaultMaxAge: defaultMaxAge)
                if merged.overtaken { outcome.overtaken = true }
                // (Only pages that continue no list: nothing to keep.)
                if stored == nil, record.isEmpty, !fields.isEmpty { continue }
                if stored == nil || merged.changed {
                    written.append((record, stored?.size))
                    outcome.changed.append(key)
                }
                if stored == nil ? !record.isEmpty : merged.valueChanged { outcome.valueChanged.insert(key) }
                if stored == nil ? !record.isEmpty : merged.wroteValue { wroteValue = true }
                if !merged.conflicts.isEmpty {
                    let at = stored == nil || merged.changed ? written.count - 1 : nil
                    conflicts.append((record, stored?.size, merged.conflicts, at))
                }
            }
            // Kept fields beside values taken from the answer mix two moments of the server: they are made stale.
            if wroteValue {
                for var conflict in conflicts where conflict.record.markStale(conflict.names, stamping: version) {
                    if let at = conflict.writtenAt {
                        written[at].record = conflict.record
                    } else {
                        written.append((conflict.record, conflict.oldSize))
                        outcome.changed.append(conflict.record.key)
                    }
                    outcome.valueChanged.insert(conflict.record.key)
                }
            }
            // The query's own response is replaced below in the same transaction: not deleted first (its dependency
            // rows, mostly the same, are not written twice).
            try put(written, in: &state, sparing: outcome.overtaken ? nil : response?.query)
            if !outcome.valueChanged.isEmpty { state.changed = state.version }
            if let response, !outcome.overtaken {
                // The answer as the records now hold it: kept in the same transaction.
                try insertResponse(response, in: &state)
                outcome.savedResponse = true
            }
            return outcome
        }
    }

    func update(_ keys: [String], _ body: (inout CacheRecord, UInt64) -> Bool) throws(GraphQLCacheError) -> [String] {
        guard !keys.isEmpty else { return [] }
        return try changingState { (state: inout State) throws(GraphQLCacheError) -> [String] in
            let existing = try storedRecords(forKeys: keys)
            var written: [(record: CacheRecord, oldSize: Int64?)] = []
            for (_, stored) in existing {
                var record = stored.record
                if body(&record, UInt64(state.version)) { written.append((record, stored.size)) }
            }
            try put(written, in: &state)
            if !written.isEmpty { state.changed = state.version }
            return written.map(\.record.key)
        }
    }

    /// Writes `records` (inside the caller's write transaction), deleting the stored responses made of them but
    /// `spared`'s (which the caller replaces in the same transaction) and counting their sizes in `state` (`oldSize`:
    /// the stored size each replaces, `nil` for a new record).
    func put(
        _ records: [(record: CacheRecord, oldSize: Int64?)], in state: inout State, sparing spared: String? = nil
    ) throws(GraphQLCacheError) {
        guard !records.isEmpty else { return }
        let db = try database(.write)
        var use = nextUse(after: state)
        try flushPendingUses(from: &use)
        state.bytes -= Int64(try deleteResponses(dependingOnAnyOf: records.map(\.record.key), sparing: spared))
        for (record, oldSize) in records {
            let fields = CacheRecordCodec.encode(record)
            let size = Int64(record.key.utf8.count + fields.count)
            state.bytes += size - (oldSize ?? 0)
            try db.withStatement(
                "INSERT OR REPLACE INTO records (key, fields, size, last_used, version) VALUES (?, ?, ?, ?, ?)", .write
            ) { statement throws(GraphQLCacheError) in
                try db.bind(record.key, at: 1, in: statement, .write)
                try db.bind(fields, at: 2, in: statement, .write)
                try db.bind(size, at: 3, in: statement, .write)
                try db.bind(use, at: 4, in: statement, .write)
                try db.bind(Int64(clamping: record.version), at: 5, in: statement, .write)
                _ = try db.step(statement, .write)
            }
            use += 1
        }
        lastUse = use - 1
        state.lastUse = lastUse
        keysWrittenInTransaction.append(contentsOf: records.lazy.map(\.record.key))
    }

    /// The stored records `keys` with their stored sizes (inside the caller's transaction); not marked as used. One
    /// seek of the primary key per key: cheaper than `SELECT … IN (…)`, for which SQLite builds a temporary b-tree of
    /// the list each time.
    func storedRecords(forKeys keys: [String]) throws(GraphQLCacheError) -> [String: (
        record: CacheRecord, size: Int64
    )] {
        let db = try database(.write)
        var found: [String: (record: CacheRecord, size: Int64)] = [:]
        found.reserveCapacity(keys.count)
        try db.withStatement("SELECT fields, size FROM records WHERE key = ?", .write) {
            statement throws(GraphQLCacheError) in
            for key in keys {
                try db.bind(key, at: 1, in: statement, .write)
                if try db.step(statement, .write) {
                    do throws(GraphQLCacheError) {
                        found[key] = (
                            try CacheRecordCodec.decode(db.columnBytes(statement, 0), key: key),
                            db.columnInteger(statement, 1)
                        )
                    } catch {
                        throw GraphQLCacheError(
                            kind: .write, path: fileURL.path,
                            message: "record \(key) cannot be decoded: \(error.message)")
                    }
                }
                db.rewind(statement)
            }
        }
        return found
    }

    /// What other connections changed since this one last looked: SQLite's `data_version` tells whether any of them
    /// committed; then the records whose version is above the one this connection had seen (one indexed query), or
    /// everything when records were removed or the store cleared.
    func externalChanges() throws(GraphQLCacheError) -> ExternalChanges? {
        try guarded { () throws(GraphQLCacheError) -> ExternalChanges? in
            let db = try database(.read)
            let dataVersion = try db.integer("PRAGMA data_version", .read)
            guard dataVersion != lastDataVersion else { return nil }
            let seen = seenVersion
            var state = State()
            var keys: Set<String> = []
            var failure: GraphQLCacheError?
            withReadSnapshot {
                do throws(GraphQLCacheError) {
                    state = try readState(.read)
                    guard state.cleared <= seen, state.removed <= seen, state.version > seen else { return }
                    try db.withStatement("SELECT key FROM records WHERE version > ?", .read) {
                        statement throws(GraphQLCacheError) in
                        try db.bind(seen, at: 1, in: statement, .read)
                        while try db.step(statement, .read) { keys.insert(db.columnText(statement, 0)) }
                    }
                } catch {
                    failure = error
                }
            }
            if let failure { throw failure }
            lastDataVersion = dataVersion
            seenVersion = max(seen, state.version)
            // Another connection's write may have changed the stored sizes.
            if state.cleared > seen || state.removed > seen { return .all }
            return state.version > seen ? .records(keys) : nil
        }
    }

    /// Takes the current versions as seen (on open): nothing before them is another connection's news.
    func startWatchingChanges() throws(GraphQLCacheError) {
        let db = try database(.open)
        lastDataVersion = try db.integer("PRAGMA data_version", .open)
        seenVersion = try readState(.open).version
    }
}
