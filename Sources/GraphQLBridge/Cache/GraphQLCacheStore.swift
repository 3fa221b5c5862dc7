import Foundation

/// Where a ``GraphQLCache`` keeps its records: in memory, or in SQLite on disk.
///
/// A store is owned by one cache and only ever called from that cache's actor, one call at a time, so it
/// needs no locking of its own. Writes are whole records (the cache merges fields before writing), and
/// every call that writes is all or nothing.
protocol GraphQLCacheStore: AnyObject {
    /// The records with these keys; keys without a record are absent from the result. Marks them as
    /// used, for least-recently-used trimming.
    func records(forKeys keys: [String]) throws(GraphQLCacheError) -> [String: CacheRecord]
    /// Writes `records` whole, replacing those with the same keys, in one transaction.
    func write(_ records: [CacheRecord]) throws(GraphQLCacheError)
    /// Merges each of `incoming`'s fields over the stored record of its key (a new record when there is none) and
    /// writes the records that changed, in one transaction; returns their keys, and those whose values changed or
    /// whose lifetimes may have become shorter (not only when they were received: see ``CacheRecord/merge(_:)``).
    func merge(_ incoming: [String: CacheRecordWrite]) throws(GraphQLCacheError) -> (
        changed: [String], valueChanged: Set<String>
    )
    /// Sets the received time and lifetime of the fields `source` wrote, their values kept: what merging an answer
    /// equal to `source`'s, received at `receivedAt`, does, without comparing its values. `false` when a record or
    /// field is missing (the fields before it may be set): the caller merges the answer instead. A store that does
    /// not keep records in memory returns `false`.
    func refreshFields(of source: AnswerSource, receivedAt: Date) -> Bool
    /// Removes the records with these keys (absent ones are ignored), in one transaction.
    func remove(keys: [String]) throws(GraphQLCacheError)
    /// Every record's key.
    func allKeys() throws(GraphQLCacheError) -> [String]
    /// Removes every record and gives the space back (a persistent store shrinks its file).
    func removeAll() throws(GraphQLCacheError)
    /// The space the records take, in bytes (an estimate for memory, the stored sizes for SQLite), as trimming
    /// measures it.
    func byteCount() throws(GraphQLCacheError) -> Int
    /// Marks the records with these keys (absent ones are ignored) as just used, in order, for
    /// least-recently-used trimming: the records of results served without reading them (from the memo or a
    /// stored response).
    func markUsed(_ keys: [String]) throws(GraphQLCacheError)
    /// Removes the least recently used records (stored responses first, for a store that keeps them) until the store
    /// takes at most `limit` bytes, never one of `spared` (the records live watchers read); returns the keys removed.
    func trim(toBytes limit: Int, sparing spared: Set<String>) throws(GraphQLCacheError) -> [String]
    /// Runs `body`, whose reads see one state of the store.
    func withReadSnapshot<T>(_ body: () -> T) -> T
    /// Whether the store keeps responses (``storedResponse(forQuery:defaultMaxAge:)``).
    var keepsResponses: Bool { get }
    /// A query's stored response, when it can still be served (a persistent store; the memory store keeps none:
    /// the cache's memo does that job within a process).
    func storedResponse(forQuery query: String, defaultMaxAge: Double) throws(GraphQLCacheError) -> StoredResponse?
    /// The version of the last write: read with the records a response is written from (in one read snapshot), it
    /// tells which writes the response has seen.
    func writeVersion() throws(GraphQLCacheError) -> Int64
    /// How many writes other connections (other processes) have made to a shared store, as a number that changes
    /// when they write; `nil` for a store no one else writes to (memory).
    func externalWriteCount() throws(GraphQLCacheError) -> Int64?
    /// Keeps a query's response, written from its records as they were at write `version`: fresh until `expiry`, its
    /// latest field received at `latestReceipt`, `revalidates` when one of its fields must not be served stale in
    /// place of a failed request.
    func saveResponse(
        forQuery query: String, body: [UInt8], dependencies: Set<String>, expiry: Date, latestReceipt: Date,
        revalidates: Bool, defaultMaxAge: Double, version: Int64
    ) throws(GraphQLCacheError)
}

extension GraphQLCacheStore {
    /// Reads the stored records, merges, writes those that changed.
    func merge(_ incoming: [String: CacheRecordWrite]) throws(GraphQLCacheError) -> (
        changed: [String], valueChanged: Set<String>
    ) {
        let existing = try records(forKeys: Array(incoming.keys))
        var changed: [CacheRecord] = []
        var valueChanged: Set<String> = []
        for (key, fields) in incoming {
            var merged = existing[key] ?? CacheRecord(key: key)
            let outcome = merged.merge(fields: fields)
            if outcome.changed { changed.append(merged) }
            if outcome.valueChanged { valueChanged.insert(key) }
        }
        try write(changed)
        return (changed.map(\.key), valueChanged)
    }

    /// None: such answers are merged.
    func refreshFields(of source: AnswerSource, receivedAt: Date) -> Bool {
        false
    }

    /// Runs `body`, whose reads see one state of the store (for SQLite, one read transaction rather than one per
    /// statement). The memory store needs nothing for it.
    func withReadSnapshot<T>(_ body: () -> T) -> T {
        body()
    }

    /// None kept.
    var keepsResponses: Bool { false }

    /// None kept.
    func storedResponse(forQuery query: String, defaultMaxAge: Double) throws(GraphQLCacheError) -> StoredResponse? {
        nil
    }

    /// No versions.
    func writeVersion() throws(GraphQLCacheError) -> Int64 { 0 }

    /// No one else writes.
    func externalWriteCount() throws(GraphQLCacheError) -> Int64? { nil }

    /// Nothing kept.
    func saveResponse(
        forQuery query: String, body: [UInt8], dependencies: Set<String>, expiry: Date, latestReceipt: Date,
        revalidates: Bool, defaultMaxAge: Double, version: Int64
    ) throws(GraphQLCacheError) {}
}

/// A query's last response as written from the records (`{"data":…}` bytes), kept by a persistent store so that a
/// new process serves it without rebuilding it, while none of the records it was written from changed.
struct StoredResponse: Sendable {
    /// The response's JSON.
    var body: Data
    /// The keys of the records it was written from, each once.
    var dependencies: RecordKeys
    /// When its first field stops being fresh.
    var expiry: Date
    /// When its latest field was received (a time after the reader's now: its clock moved back since, or another
    /// process's clock is ahead; it is stale).
    var latestReceipt: Date
    /// Whether one of its fields, once stale, must not be served in place of a failed request (`must-revalidate`).
    var revalidates: Bool
}
