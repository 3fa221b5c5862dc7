import Foundation

/// Where a ``GraphQLCache`` keeps its records: in memory, or in SQLite on disk.
///
/// A store is owned by one cache and only ever called from that cache's actor, one call at a time, so it
/// needs no locking of its own. Every call that writes is all or nothing.
///
/// The store is the one source of truth, for every process that opens it (a persistent store shared by an app and its
/// extension): it keeps a version that moves at every change, the version of each field's last change
/// (``CacheFieldEntry/version``) and of the last ``removeAll()``. An answer is merged with the version its request
/// started at (``version()``, read when it started): a field changed since keeps its newer value, and after a
/// `removeAll()` nothing of it is written. The read of the records and their write are one transaction.
protocol GraphQLCacheStore: AnyObject {
    /// The owning cache's lifetime of a field with none of its own (``GraphQLCache``'s `maxAge`): a list combined from
    /// a page and the stored list is fresh for the shorter of their lifetimes, this standing for a missing one
    /// (``CacheRecord/keepingAge(of:in:value:defaultMaxAge:)``); `nil` (not set): such a list is stale.
    var defaultMaxAge: Duration? { get set }
    /// The records with these keys; keys without a record are absent from the result. Marks them as
    /// used, for least-recently-used trimming.
    func records(forKeys keys: [String]) throws(GraphQLCacheError) -> [String: CacheRecord]
    /// Writes `records` whole, replacing those with the same keys, in one transaction; their fields get a new version.
    func write(_ records: [CacheRecord]) throws(GraphQLCacheError)
    /// Merges each of `incoming`'s fields over the stored record of its key (a new record when there is none) and
    /// writes the records that changed, reading and writing them in one transaction. With `start` (the ``version()``
    /// the answer's request started at): nothing is written when the store was cleared since, and a field changed
    /// since keeps its value (see ``CacheRecord/merge(fields:stamping:startedAt:removedSince:requestStart:order:)``), and when a record
    /// removed since (trimmed, evicted) had a newer version, a field the stored record lacks (or every field, when
    /// none is stored) is written stale, its value perhaps older than the removed one, and the merge is overtaken.
    /// With `response`, a store that
    /// keeps responses saves it in the same transaction when no field was overtaken (``StoreMerge/savedResponse``).
    /// With `lists`, the pages of paginated fields (``GraphQLListPolicy``) are combined with the lists the records hold,
    /// in the same transaction (``CacheRecord/merge(fields:placements:stamping:startedAt:removedSince:requestStart:order:defaultMaxAge:)``).
    /// `unordered`: the versions written since `start` by this process's answers to requests sent before this one's
    /// (of unknown order against it: a field they wrote, kept, is written stale).
    func merge(
        _ incoming: [String: CacheRecordWrite], startedAt start: UInt64?, order: AnswerOrder,
        response: ResponseSave?, lists: CacheListMerges
    ) throws(GraphQLCacheError) -> StoreMerge
    /// Reads the records `keys`, lets `body` change each (given the version its changes get; it returns whether it
    /// changed the record) and writes those it changed, in one transaction; returns their keys.
    func update(_ keys: [String], _ body: (inout CacheRecord, UInt64) -> Bool) throws(GraphQLCacheError) -> [String]
    /// The version of the last change of a value, a removal or a clear, in any process: what a request started now
    /// carries (``merge(_:startedAt:)``).
    func version() throws(GraphQLCacheError) -> UInt64
    /// What other connections (other processes) changed since this one last looked: `nil` when nothing (and always
    /// for a store no one else writes to).
    func externalChanges() throws(GraphQLCacheError) -> ExternalChanges?
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
    /// The keys of the records the store's own writes trimmed to the byte limit, inside their transactions, since the
    /// last call (a persistent store shared with other processes: ``SQLiteCacheStore/trimRule``); the caller
    /// invalidates what it read of them.
    func takeTrimmedKeys() -> [String]
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
    /// Keeps a query's response, written from its records as they were at write `version`: fresh until `expiry`, its
    /// latest field received at `latestReceipt`, `revalidates` when one of its fields must not be served stale in
    /// place of a failed request.
    func saveResponse(
        forQuery query: String, body: [UInt8], dependencies: Set<String>, expiry: Date, latestReceipt: Date,
        revalidates: Bool, defaultMaxAge: Double, version: Int64
    ) throws(GraphQLCacheError)
}

extension GraphQLCacheStore {
    /// Merges an answer with no pages of paginated fields.
    func merge(_ incoming: [String: CacheRecordWrite], startedAt start: UInt64?, response: ResponseSave?)
        throws(GraphQLCacheError) -> StoreMerge
    {
        try merge(incoming, startedAt: start, order: .unknown, response: response, lists: [:])
    }

    /// None: the caller trims (``trim(toBytes:sparing:)``).
    func takeTrimmedKeys() -> [String] { [] }

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
    func externalChanges() throws(GraphQLCacheError) -> ExternalChanges? { nil }

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

/// What a store's ``GraphQLCacheStore/merge(_:startedAt:)`` did.
struct StoreMerge: Sendable {
    /// The keys of the records written.
    var changed: [String] = []
    /// Those whose values changed or whose lifetimes may have become shorter (not only when they were received: see
    /// ``CacheRecord/merge(_:)``).
    var valueChanged: Set<String> = []
    /// Fields changed since the request started (by any process) kept their newer values.
    var overtaken = false
    /// The store was cleared since the request started: nothing was written.
    var cleared = false
    /// The version the changed fields got (when some did).
    var version: UInt64 = 0
    /// The response given was saved with the records.
    var savedResponse = false
}

/// A query's response to keep with the records it was written to (``GraphQLCacheStore/merge(_:startedAt:response:)``).
struct ResponseSave: Sendable {
    var query: String
    /// `{"data":…}`.
    var body: [UInt8]
    var dependencies: Set<String>
    var expiry: Date
    /// When its latest field was received.
    var latestReceipt: Date
    /// Whether one of its fields must not be served stale in place of a failed request.
    var revalidates: Bool
    var defaultMaxAge: Double
}

/// What other processes changed in a shared store.
enum ExternalChanges: Sendable, Equatable {
    /// These records changed (values, lifetimes).
    case records(Set<String>)
    /// Records were removed, or the store cleared: anything read before may be gone.
    case all
}
