import Foundation
import GraphQLBridgeSupport

/// A normalized client cache for ``GraphQLHTTPClient``, in memory or on disk, in the manner of Firebase Data
/// Connect's `maxAge` and Apollo's normalized store.
///
/// ```swift
/// let cache = GraphQLCache(storage: .persistent(directory: cachesURL), maxAge: .seconds(30), namespace: userID)
/// let client = GraphQLHTTPClient(endpoint: url, cache: cache)
/// let result = try await client.execute(GameQuery(id: "6x45"))              // .preferCache: server, then cached
/// let again = try await client.execute(GameQuery(id: "6x45"))               // no request within 30 s
/// let offline = try await client.execute(GameQuery(id: "6x45"), fetchPolicy: .cacheOnly)
/// ```
///
/// - **Normalized.** Every object with a key (`__typename` + `id`, or the key fields configured for its type
///   in `graphql-codegen.json`) is stored once, as a record, and shared by every query that selects it: a
///   mutation that returns `Game:6x45` updates it in every cached query. Objects without a key are stored
///   under their path. A field's key holds its arguments as the server executes it: variables resolved, a
///   variable's default and an argument's schema default applied.
/// - **Never lies.** A `null` that a field error caused (where the error is, or where it propagated) is not
///   stored as data, and replaces what the field held: the next read asks the server. An answer overtaken by a
///   newer write (a mutation that landed while the query was in flight) does not overwrite it; an answer to a
///   request made before `clear()` is not written. A write the store could not make leaves what it would have
///   replaced stale. Results and stored responses belong to the operation's document (its SHA-256), not its type's
///   name: a new app version never reads an older selection's answer.
/// - **Fresh per field.** Results are always written; a field is fresh for its lifetime: the server's
///   `Cache-Control: max-age` for its response, else the configured lifetime of its schema coordinate
///   (`"Draw.prizePool": "5s"`, or its type's), else the cache's `maxAge`. `.preferCache` serves a result
///   only when every field in it is fresh. `maxAge: .zero` (the default) means results are kept (for
///   `.cacheOnly` and offline use) but never served in place of a request.
/// - **HTTP's freshness rules, as a private cache** (RFC 9111 §4.2). A field's age counts from its request's time
///   less the server's `Age`. Obeyed: `max-age` (given twice or not a whole number of seconds: stale at once), `Age`
///   (not a number: stale at once), `no-cache` (stored, never fresh, not served in place of a failed request),
///   `must-revalidate` (once stale, not served in place of a failed request by `.serverFirst` or a watch; `.cacheOnly`
///   still serves it, marked stale), `no-store` (not written), `Expires` without `max-age` (less `Date`; not a date:
///   expired). Ignored: `s-maxage` and `proxy-revalidate` (shared caches), `Date` for the age (the clocks of device
///   and server are not compared), `stale-while-revalidate`, `stale-if-error`, validators (a stale answer is fetched
///   whole), `Pragma`.
/// - **A clock that only runs forwards.** Ages are measured on a clock that is not set (the wall clock when the cache
///   was made, moved on by `ContinuousClock`), and the cache's time never runs backwards within a process (with an
///   injected clock, the latest time seen is kept while the clock is behind it); a field received after now
///   (another process's clock ahead, or this device's set back since) is stale, never fresher, from the records, the
///   memo or a stored response.
/// - **Bounded.** The store's records and stored responses are trimmed to `byteLimit`, least recently used first,
///   after writes and after reads that store a response. Every read counts as a use of the records it was answered
///   from, a memoized result or a stored response included. The records a live watcher reads are never trimmed for
///   another's write (their watchers would refetch, evicting each other's without end): when they alone exceed the
///   limit, ``problems`` says so. `removeUnreachableRecords()` removes what no cached query reaches, `clear()`
///   removes everything and gives the disk space back.
/// - **One store per user.** A persistent cache lives in `<directory>/<namespace>.sqlite`; give the signed-in
///   user's id as the namespace so that one user never sees another's data. Its folder is created `0700` and its
///   files `0600` (on iOS, with the storage's file protection). Several processes (an app and its extension) may
///   share the file, and its rules hold across them: they live in the store (a version per field; a request's answer
///   does not overwrite a field another process changed after the request started, nor is it written after another
///   process's `clear()`; each write reads and writes its records in one transaction), and a result memoized in one
///   process is not served after another changed its records. A persistent cache's SQLite work runs on a serial
///   queue of its own, never on the threads Swift concurrency shares, but for a query's first read in a process,
///   which reads its stored response on the caller's thread through a read-only connection that never waits (busy
///   timeout 0; a read that would wait goes to the queue; first reads that come together share one read transaction
///   while no process commits, ended 10 ms after the last, 100 ms after it began at the latest). A process killed
///   mid-write loses nothing committed; a power loss may lose the transactions since the last checkpoint (WAL,
///   `synchronous=NORMAL`, a checkpoint every 4,000 pages written).
/// - **Never in the way.** A store that cannot be opened, or a file that is not a cache store, is reported in
///   ``problems``, moved aside and replaced by an empty store (or memory); a fetch never fails because of the
///   cache. Opening reads the file's header and tables, not the whole file (a launch costs the same whatever the
///   cache's size): damage inside is found by the first call that meets it, which treats it the same way.
///
/// Decoded results are memoized: a query read again while none of its records changed is served without
/// rebuilding it from the records (``statistics`` tells the kinds of hit apart).
public actor GraphQLCache {
    /// Where the records live.
    public enum Storage: Sendable, Hashable {
        /// In memory, for the life of the cache.
        case memory
        /// In SQLite, in `<directory>/<namespace>.sqlite` (WAL, one transaction per write), with the platform's
        /// default file protection (iOS: until the first unlock after a restart).
        case persistent(directory: URL)
        /// In SQLite, in `<directory>/<namespace>.sqlite`, with the file protection given (iOS, tvOS, watchOS and
        /// visionOS; elsewhere the files are `0600` whatever it is).
        case protectedPersistent(directory: URL, protection: FileProtection)
    }

    /// How a persistent store's files are protected on Apple's mobile platforms (their `FileProtectionType`).
    public enum FileProtection: String, Sendable, Hashable, CaseIterable {
        /// Readable only while the device is unlocked.
        case complete
        /// Readable from the first unlock after a restart until the next restart (the default): background
        /// refreshes work while the device is locked.
        case completeUntilFirstUserAuthentication
        /// Files opened while unlocked stay readable after locking; new files can be created while locked.
        case completeUnlessOpen
        /// No protection beyond the device's.
        case none
    }

    /// Counters, for tests and diagnostics.
    public struct Statistics: Sendable, Hashable {
        /// Reads served from a memoized result.
        public var memoizedHits = 0
        /// Reads rebuilt from the records.
        public var recordHits = 0
        /// Reads served from a persistent store's stored response (its records unchanged since it was written).
        public var storedResponseHits = 0
        /// Reads that missed a field.
        public var misses = 0
        /// Records written (each write of a record counts).
        public var recordsWritten = 0
        /// Answers not written, or written in part, because the cache had newer data (a write since the request
        /// started) or was cleared since.
        public var overtakenAnswers = 0
        /// Answers whose `data` was the text the query's memoized result came from, while none of its records had
        /// changed value: only their fields' received times and lifetimes were written (no normalizing, no merge).
        public var unchangedAnswers = 0
        /// Answers that came with the tape the generated decoder recorded as it decoded them: their bodies were read
        /// once, for the result and the records (the others the cache taped or parsed itself).
        public var recordedTapes = 0
        /// Answers whose `data` differed from the text the query's memoized result came from only in the values of
        /// leaf fields (strings, numbers, booleans, `null`s; not a key, a type, a list or an object), while none of its
        /// records had changed value: only those fields were merged, the others' received times and lifetimes set
        /// (no normalizing).
        public var patchedAnswers = 0
        /// Objects of answers normalized whole (that differed from the text the query's memoized result came from in
        /// more than leaves) whose text, record key, type and selection were those of an object of that earlier answer:
        /// what normalizing it wrote was taken as it was, received anew, and the object was not read again (each object
        /// inside one counts).
        public var reusedObjects = 0
    }

    /// The lifetime of fields that have none of their own.
    public let maxAge: Duration
    /// The store's size limit in bytes.
    public let byteLimit: Int
    /// The namespace (a user's id): a persistent cache's file name.
    public let namespace: String
    /// Store problems: a store that could not be opened (memory is used instead), a corrupt file that was
    /// moved aside, a write that failed, a byte limit exceeded by live watchers. Never thrown at a fetch.
    public private(set) var problems: [GraphQLCacheError] = []
    /// Hits, misses and writes so far.
    public var statistics: Statistics {
        var statistics = counters
        if responseReader != nil { statistics.storedResponseHits += directReads.withLock { $0.storedResponseHits } }
        return statistics
    }
    /// ``statistics`` as counted on the actor (direct reads count their own: ``directReads``).
    var counters = Statistics()

    let store: any GraphQLCacheStore
    private let now: @Sendable () -> Date
    /// The latest time ``currentTime()`` has given.
    private nonisolated let latestTime = Locked(Date.distantPast)
    var memo: ResultMemo
    /// Live queries and the records each depends on (`GraphQLCache+Watchers.swift`).
    var watchers = CacheWatcherRegistry()
    /// For tests: holds the live queries' reads while closed (between a follower's wake-up and its read).
    @_spi(Testing) public nonisolated let watchReadGate = WatchReadGate()
    /// Optimistic mutation results, oldest first, read over the store's records until the server answers
    /// (`Optimistic/OptimisticLayer.swift`).
    var optimisticLayers: [OptimisticLayer] = [] {
        didSet { updateDirectReads() }
    }
    var lastOptimisticLayerID: UInt64 = 0
    /// Whether a persistent store keeps each query's response.
    let storesResponses: Bool
    /// The store's version as this cache last saw it, readable without the actor: a client of a memory cache reads it
    /// when a request starts (a shared store's is read from the store: ``requestVersion()``).
    nonisolated let generation = CacheGeneration()
    /// Which queries' last answers were only refreshed or patched, readable without the actor: a client asks no tape
    /// of the decoder of their next answers (``expectsRefresh(ofQuery:)``).
    private nonisolated let refreshHints: AnswerRefreshHints
    /// Whether the store is a file other processes may write to: a request's start version is read from it.
    nonisolated let isShared: Bool
    /// The executor the cache runs on: a queue of its own for a persistent store (SQLite calls, and a busy wait on
    /// another process's lock, never hold the threads Swift concurrency shares), the default one otherwise.
    private nonisolated let executor: CacheExecutor
    /// Fields that answers the cache did not write gave a value for while the store held none
    /// (`GraphQLCache+UnwrittenAnswers.swift`): an older answer in flight writes them stale.
    var unwrittenMarks = UnwrittenFieldMarks()
    /// Records whose last write failed: whatever the store still holds for them is stale.
    var unreliableKeys: Set<String> = [] {
        didSet { updateDirectReads() }
    }
    /// A persistent cache's read-only connection for a query's first read on the caller's thread
    /// (`GraphQLCache+DirectReads.swift`); `nil` for a memory cache or without stored responses.
    nonisolated let responseReader: SQLiteResponseReader?
    /// What those reads need of the cache's state.
    nonisolated let directReads = Locked(DirectReadState())
    /// How many requests the cache's clients sent (``nextRequestSequence()``).
    nonisolated let requestSequence = Locked<UInt64>(0)
    /// The versions the answers to the last requests the cache's clients sent wrote, with each request's place
    /// (``noteWrite(_:of:)``).
    var ownWrites: [(version: UInt64, sequence: UInt64)] = []
    /// The highest version among the writes dropped from ``ownWrites`` (0: none): their places are no longer known,
    /// so an answer to a request started below it takes them all as unordered (``unorderedVersions(for:)``).
    var forgottenWritesThrough: UInt64 = 0
    /// Whether the byte limit is exceeded by live watchers' records (reported once until it holds again).
    var limitExceededByWatchers = false

    /// Creates a cache.
    /// - Parameters:
    ///   - storage: memory (the default) or SQLite in a folder.
    ///   - maxAge: how long a field with no lifetime of its own is fresh; `.zero` (the default): never served
    ///     by `.preferCache`, still served by `.cacheOnly` and offline.
    ///   - namespace: whose cache this is (the signed-in user's id); one file per namespace.
    ///   - byteLimit: the store's size limit; least recently used records go first. 64 MB by default.
    ///   - schemaVersion: a persistent store written with another version is emptied (a schema change drops
    ///     the old records). A cache of another version still open on the file then (an extension not yet updated)
    ///     reads nothing of it and writes nothing to it: each write is reported in ``problems``.
    ///   - memoizedResultLimit: how many decoded results are kept to answer repeated reads without rebuilding
    ///     them from the records (least recently used go first); 0 turns it off.
    ///   - storesResponses: whether a persistent store also keeps each query's last response and serves it (one
    ///     row read and decoded) while none of its records changed: a new process (the app's next launch) then
    ///     reads a cached query as fast as a server response is decoded. On by default; the memory store keeps none
    ///     (`memoizedResultLimit` does that within a process).
    ///   - now: the clock (inject one in tests); by default the wall clock as it was when the cache was made, moved on by
    ///     the time elapsed since (`ContinuousClock`): setting the device's clock does not change the ages of what
    ///     this cache holds. Whatever the clock, the cache's time never runs backwards.
    public init(
        storage: Storage = .memory, maxAge: Duration = .zero, namespace: String = "default",
        byteLimit: Int = 64 << 20, schemaVersion: String = "1", memoizedResultLimit: Int = 10_000,
        storesResponses: Bool = true, now: @escaping @Sendable () -> Date = CacheClock.anchoredToWallClock()
    ) {
        self.storesResponses = storesResponses
        self.maxAge = maxAge
        self.byteLimit = max(1, byteLimit)
        self.namespace = namespace
        self.now = now
        self.memo = ResultMemo(limit: memoizedResultLimit)
        self.refreshHints = AnswerRefreshHints(memoLimit: memoizedResultLimit)
        let (store, problems) = Self.makeStore(storage, namespace: namespace, schemaVersion: schemaVersion)
        store.defaultMaxAge = maxAge
        self.store = store
        self.problems = problems
        let isShared = store is SQLiteCacheStore
        if storesResponses, let sqlite = store as? SQLiteCacheStore {
            let reader = SQLiteResponseReader(fileURL: sqlite.fileURL, schemaVersion: sqlite.schemaVersion)
            sqlite.responseReader = reader
            responseReader = reader
        } else {
            responseReader = nil
        }
        self.isShared = isShared
        self.executor =
            isShared ? .queue(CacheQueueExecutor(label: "GraphQLCache.\(namespace)")) : .standard(CacheExecutorOwner())
        generation.set((try? store.version()) ?? 0)
        if let sqlite = store as? SQLiteCacheStore {
            // Each write transaction trims before it commits, as ``trimIfNeeded(keeping:)`` would after it: the
            // records served since from the memo or a stored response count as used, live watchers' are spared.
            let limit = self.byteLimit
            sqlite.trimRule = SQLiteCacheStore.TrimRule(
                limit: limit, target: limit / 10 * 9,
                prepare: { [weak self] in
                    // The store is called from this cache's executor only (its writes run on the actor), so the cache's
                    // state is reached in place; checked first, without trapping: elsewhere (never, by construction)
                    // the trim spares nothing and marks no use, and the byte limit still holds.
                    guard let self, self.executor.isCurrent else { return [] }
                    return self.assumeIsolated { cache in cache.prepareTrim() }
                })
        }
    }

    /// Marks the records served without reading them as used, and returns the live watchers' records: what a trim
    /// inside a write transaction needs (``SQLiteCacheStore/trimRule``).
    private func prepareTrim() -> Set<String> {
        // (A SQLite store's marks wait in memory for the write: nothing can fail.)
        try? store.markUsed(memo.takeUsedRecordKeys() + takeDirectReadUses())
        return watchers.watchedKeys
    }

    /// The executor the cache's work runs on: a persistent cache's own serial queue (its SQLite calls never take a
    /// thread that Swift concurrency shares), a memory cache's default actor executor.
    public nonisolated var unownedExecutor: UnownedSerialExecutor {
        executor.unownedExecutor
    }

    /// The next request's place among those the cache's clients send, taken as it is sent: an answer to a request
    /// sent before another, written after that one started, is of unknown order against its answer
    /// (``ResponseWrite/sentSequence``).
    nonisolated func nextRequestSequence() -> UInt64 {
        requestSequence.withLock { value in
            value += 1
            return value
        }
    }

    /// The store version a request starting now carries: its answer does not overwrite what changed after it, in any
    /// process, nor is it written after a clear made after it.
    func requestVersion() -> UInt64 {
        noticeExternalWrites()
        let version = (try? store.version()) ?? generation.current
        generation.set(version)
        return version
    }

    // MARK: - Public operations

    /// Removes every record (and gives a persistent store's disk space back). Answers to requests in flight are
    /// not written when they land: a sign-out leaves nothing behind.
    public func clear() throws(GraphQLCacheError) {
        memo.removeAll()
        unreliableKeys = []
        unwrittenMarks.removeAll()
        defer {
            syncGeneration()
            watchers.signalAll()
        }
        try store.removeAll()
    }

    /// Removes the records that no cached query reaches from the query root; returns how many.
    @discardableResult
    public func removeUnreachableRecords() -> Int {
        do {
            var reachable: Set<String> = []
            var queue: [String] = []
            for key in try store.allKeys() where key.hasPrefix(CacheKey.queryRoot + ".") {
                guard let record = try store.records(forKeys: [key])[key],
                    CacheKey.isQueryRootField(key, fieldKeys: record.fieldNames)
                else { continue }
                reachable.insert(key)
                for entry in record.entries { queue += entry.value.referencedKeys }
            }
            while let key = queue.popLast() {
                guard reachable.insert(key).inserted, let record = try store.records(forKeys: [key])[key] else {
                    continue
                }
                for entry in record.entries { queue += entry.value.referencedKeys }
            }
            let unreachable = try store.allKeys().filter { !reachable.contains($0) }
            try store.remove(keys: unreachable)
            invalidate(Set(unreachable))
            return unreachable.count
        } catch {
            problems.append(error)
            return 0
        }
    }

    /// Whether the last answer of the query `queryKey` was only refreshed or patched (``AnswerRefreshHints``): its
    /// next answer is then most likely compared in place, and its decoder need record no tape.
    nonisolated func expectsRefresh(ofQuery queryKey: String) -> Bool {
        refreshHints.expectsRefresh(queryKey)
    }

    /// Notes how the last answer of the query `queryKey` was written (``expectsRefresh(ofQuery:)``).
    nonisolated func noteAnswer(ofQuery queryKey: String, refreshed: Bool) {
        refreshHints.note(queryKey, refreshed: refreshed)
    }

    /// The cache's clock (injected in tests), which never runs backwards: the latest time it has given when `now`
    /// moved back (a wall clock set back), so that no age is computed with a time earlier than one already used.
    nonisolated func currentTime() -> Date {
        let time = now()
        return latestTime.withLock { latest in
            if time > latest { latest = time }
            return latest
        }
    }

    /// The record stored under `key` (`Game:6x45`, `QUERY_ROOT.game({"id":"6x45"})`), if any.
    public func record(forKey key: String) -> CacheRecord? {
        try? store.records(forKeys: [key])[key]
    }

    /// How many records the store holds.
    public var recordCount: Int {
        (try? store.allKeys().count) ?? 0
    }

    /// The space the store takes, in bytes: its records and stored responses, as trimming measures it.
    public var byteCount: Int {
        (try? store.byteCount()) ?? 0
    }

    /// Records a problem (a store error) for ``problems``.
    func report(_ problem: GraphQLCacheError) {
        problems.append(problem)
    }

    // MARK: - Invalidation

    /// Records changed (or removed) in the store outside a response's write (the store gave them a new version):
    /// memoized results that read them forgotten, their watchers signalled.
    func changed(_ keys: Set<String>) {
        syncGeneration()
        guard !keys.isEmpty else { return }
        invalidate(keys)
    }

    /// Takes the store's version as the generation a client of this cache reads.
    func syncGeneration() {
        if let version = try? store.version() { generation.set(version) }
    }

    /// Forgets the memoized results that read any of `recordKeys`, and signals the watchers that depend on the
    /// records in `signalled` (all of `recordKeys` by default).
    func invalidate(_ recordKeys: Set<String>, signalling signalled: Set<String>? = nil, replacing kept: String? = nil)
    {
        watchers.signal(signalled ?? recordKeys)
        memo.forget(readingAnyOf: recordKeys, except: kept)
    }

    /// Another process (an app extension) changed a shared store since this cache last looked: the memoized results
    /// that read the records it changed are forgotten and their watchers read again (all of them when it removed
    /// records or cleared the store). A check of one number when nothing changed.
    func noticeExternalWrites() {
        guard isShared else { return }
        let changes: ExternalChanges?
        do throws(GraphQLCacheError) {
            changes = try store.externalChanges()
        } catch {
            // Not known what changed: nothing memoized is trusted.
            memo.removeAll()
            watchers.signalAll()
            return
        }
        switch changes {
        case nil:
            return
        case .records(let keys):
            invalidate(keys)
        case .all:
            memo.removeAll()
            watchers.signalAll()
        }
        syncGeneration()
    }
}

/// The version of a cache's store as the cache last saw it, readable from any thread: ``GraphQLHTTPClient`` reads it
/// when a request starts on a memory cache (a shared store's is read from the file).
final class CacheGeneration: Sendable {
    private let value = Locked<UInt64>(0)

    /// The current generation.
    var current: UInt64 { value.value }

    func set(_ generation: UInt64) {
        value.withLock { $0 = generation }
    }
}
