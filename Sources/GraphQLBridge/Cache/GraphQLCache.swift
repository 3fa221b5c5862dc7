import Foundation

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
///   under their path from the root field; field keys include their arguments with variables resolved.
/// - **Fresh per field.** Results are always written; a field is fresh for its lifetime: the server's
///   `Cache-Control: max-age` for its response, else the configured lifetime of its schema coordinate
///   (`"Draw.prizePool": "5s"`, or its type's), else the cache's `maxAge`. `.preferCache` serves a result
///   only when every field in it is fresh. `maxAge: .zero` (the default) means results are kept (for
///   `.cacheOnly` and offline use) but never served in place of a request.
/// - **Bounded.** The memory store evicts the least recently used records past `byteLimit`; the SQLite
///   store trims the same way. Every read counts as a use of the records it was answered from, a memoized
///   result or a stored response included. `removeUnreachableRecords()` removes what no cached query reaches, `clear()`
///   removes everything and gives the disk space back.
/// - **One store per user.** A persistent cache lives in `<directory>/<namespace>.sqlite`; give the signed-in
///   user's id as the namespace so that one user never sees another's data.
/// - **Never in the way.** A store that cannot be opened, or a file that is not a cache store, is reported in
///   ``problems``, moved aside and replaced by an empty store (or memory); a fetch never fails because of the
///   cache.
///
/// Decoded results are memoized: a query read again while none of its records changed is served without
/// rebuilding it from the records (``statistics`` tells the two kinds of hit apart).
public actor GraphQLCache {
    /// Where the records live.
    public enum Storage: Sendable, Hashable {
        /// In memory, for the life of the cache.
        case memory
        /// In SQLite, in `<directory>/<namespace>.sqlite` (WAL, one transaction per write).
        case persistent(directory: URL)
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
    }

    /// The lifetime of fields that have none of their own.
    public let maxAge: Duration
    /// The store's size limit in bytes.
    public let byteLimit: Int
    /// The namespace (a user's id): a persistent cache's file name.
    public let namespace: String
    /// Store problems: a store that could not be opened (memory is used instead), a corrupt file that was
    /// moved aside, a write that failed. Never thrown at a fetch.
    public private(set) var problems: [GraphQLCacheError] = []
    /// Hits, misses and writes so far.
    public private(set) var statistics = Statistics()

    private let store: any GraphQLCacheStore
    private let now: @Sendable () -> Date
    private var memo: ResultMemo
    private var inFlight: [String: InFlightRequest] = [:]
    /// Live queries and the records each depends on (`GraphQLCache+Watchers.swift`).
    var watchers = CacheWatcherRegistry()
    /// Optimistic mutation results, oldest first, read over the store's records until the server answers
    /// (`GraphQLCache+Optimistic.swift`).
    var optimisticLayers: [OptimisticLayer] = []
    var lastOptimisticLayerID: UInt64 = 0
    /// Whether a persistent store keeps each query's response, written from its records.
    private let storesResponses: Bool

    /// Creates a cache.
    /// - Parameters:
    ///   - storage: memory (the default) or SQLite in a folder.
    ///   - maxAge: how long a field with no lifetime of its own is fresh; `.zero` (the default): never served
    ///     by `.preferCache`, still served by `.cacheOnly` and offline.
    ///   - namespace: whose cache this is (the signed-in user's id); one file per namespace.
    ///   - byteLimit: the store's size limit; least recently used records go first. 64 MB by default.
    ///   - schemaVersion: a persistent store written with another version is emptied (a schema change drops
    ///     the old records).
    ///   - memoizedResultLimit: how many decoded results are kept to answer repeated reads without rebuilding
    ///     them from the records (least recently used go first); 0 turns it off.
    ///   - storesResponses: whether a persistent store also keeps each query's last response, written from its
    ///     records, and serves it (one row read and decoded) while none of those records changed: a new process
    ///     (the app's next launch) then reads a cached query as fast as a server response is decoded. On by
    ///     default; the memory store keeps none (``memoizedResultLimit`` does that within a process).
    ///   - now: the clock (inject one in tests).
    public init(
        storage: Storage = .memory, maxAge: Duration = .zero, namespace: String = "default",
        byteLimit: Int = 64 << 20, schemaVersion: String = "1", memoizedResultLimit: Int = 10_000,
        storesResponses: Bool = true, now: @escaping @Sendable () -> Date = { Date() }
    ) {
        self.storesResponses = storesResponses
        self.maxAge = maxAge
        self.byteLimit = max(1, byteLimit)
        self.namespace = namespace
        self.now = now
        self.memo = ResultMemo(limit: memoizedResultLimit)
        let (store, problems) = Self.makeStore(storage, namespace: namespace, schemaVersion: schemaVersion)
        self.store = store
        self.problems = problems
    }

    // MARK: - Public operations

    /// Removes every record (and gives a persistent store's disk space back).
    public func clear() throws(GraphQLCacheError) {
        memo.removeAll()
        defer { watchers.signalAll() }
        try store.removeAll()
    }

    /// The root key of mutation results (never stored).
    static let mutationRootKey = "MUTATION_ROOT"

    /// Removes the records that no cached query reaches from the root; returns how many.
    @discardableResult
    public func removeUnreachableRecords() -> Int {
        do {
            var reachable: Set<String> = []
            var queue = try store.allKeys().filter { $0.hasPrefix(CacheRecord.queryRootKey + ".") }
            while let key = queue.popLast() {
                guard reachable.insert(key).inserted, let record = try store.records(forKeys: [key])[key] else {
                    continue
                }
                for entry in record.fields.values { queue += entry.value.referencedKeys }
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

    /// The cache's clock (injected in tests).
    func currentTime() -> Date { now() }

    /// Removes stored records (the watchers and the memo are told by the caller).
    func removeStoredRecords(_ keys: [String]) throws(GraphQLCacheError) {
        try store.remove(keys: keys)
    }

    /// The record stored under `key` (`Game:6x45`, `QUERY_ROOT`), if any.
    public func record(forKey key: String) -> CacheRecord? {
        try? store.records(forKeys: [key])[key]
    }

    /// How many records the store holds.
    public var recordCount: Int {
        (try? store.allKeys().count) ?? 0
    }

    /// The space the store takes, in bytes.
    public var byteCount: Int {
        (try? store.byteCount()) ?? 0
    }

    // MARK: - Reads and writes for the client

    /// What a read found.
    enum ReadOutcome<Data: Sendable>: Sendable {
        /// Every field was there; `isStale` when one has outlived its lifetime. `dependencies`: the keys of the
        /// records read.
        case hit(Data, isStale: Bool, dependencies: RecordKeys)
        /// A field was missing (its path); `dependencies`: the records read until then.
        case miss(path: String, dependencies: RecordKeys)
        /// The records were there but did not decode into `Data` (a schema change the version missed).
        case undecodable(APIError)
    }

    /// Reads an operation's result from the cache.
    func read<Data: Decodable & Sendable>(
        _ type: Data.Type, operationName: String, metadata: GraphQLCacheMetadata, variables: [String: JSONValue],
        queryKey: String, rootKey: String, nullPaths: Set<String> = []
    ) -> ReadOutcome<Data> {
        let time = now()
        // A read with null paths (a watcher of a partial result) is not the query's plain answer: no memo.
        let usesMemo = nullPaths.isEmpty
        if usesMemo, let memoized = memo.use(queryKey), let data = memoized.data as? Data {
            statistics.memoizedHits += 1
            return .hit(data, isStale: memoized.earliestExpiry <= time, dependencies: memoized.dependencies)
        }
        let store = self.store
        let layers = optimisticLayers
        let keepsResponses = usesMemo && storesResponses && store.keepsResponses
        if keepsResponses,
            let hit = storedResponse(Data.self, operationName: operationName, queryKey: queryKey, time: time)
        {
            return hit
        }
        var problems: [GraphQLCacheError] = []
        var reader = CacheReader(
            metadata: metadata, variables: variables, now: time, defaultMaxAge: maxAge,
            load: { keys in
                do throws(GraphQLCacheError) {
                    return OptimisticLayer.overlay(layers, on: try store.records(forKeys: keys), keys: keys)
                } catch {
                    problems.append(error)
                    return [:]
                }
            })
        reader.nullPaths = nullPaths
        let (response, version) = store.withReadSnapshot {
            (reader.readResponse(rootKey: rootKey), keepsResponses ? try? store.writeVersion() : nil)
        }
        self.problems += problems
        guard let response else {
            statistics.misses += 1
            return .miss(path: reader.missingPath ?? "data", dependencies: RecordKeys(reader.dependencies))
        }
        // The response's JSON, written from the records: decoded as a server response is.
        let body = Foundation.Data(response)
        let result: GraphQLResult<Data>
        do throws(APIError) {
            result = try GraphQLResponseDecoder.decode(
                Data.self, operation: operationName, response: HTTPResponse(status: 200), body: body,
                errorPolicy: .failOnAnyError)
        } catch {
            return .undecodable(error)
        }
        guard let data = result.data else {
            return .miss(path: "data", dependencies: RecordKeys(reader.dependencies))
        }
        statistics.recordHits += 1
        if keepsResponses, layers.isEmpty, let version {
            do throws(GraphQLCacheError) {
                try store.saveResponse(
                    forQuery: queryKey, body: response, dependencies: reader.dependencies,
                    expiry: reader.earliestExpiry, defaultMaxAge: maxAge.timeInterval, version: version)
            } catch {
                self.problems.append(error)
            }
        }
        let dependencies = RecordKeys(reader.dependencies)
        if usesMemo {
            memo.remember(data, dependencies: dependencies, earliestExpiry: reader.earliestExpiry, for: queryKey)
        }
        return .hit(data, isStale: reader.isStale, dependencies: dependencies)
    }

    /// Writes a server response's `data` into the store; returns the keys of the records that changed. With the
    /// query's key, a persistent store also keeps the response as written from the records.
    @discardableResult
    func write(
        data: [String: JSONValue], errors: [GraphQLError], metadata: GraphQLCacheMetadata,
        variables: [String: JSONValue], rootKey: String, serverMaxAge: Duration?, receivedAt: Date? = nil,
        queryKey: String? = nil
    ) -> Set<String> {
        var normalizer = CacheNormalizer(
            metadata: metadata, variables: variables, receivedAt: receivedAt ?? now(), serverMaxAge: serverMaxAge,
            errors: errors)
        normalizer.normalize(data: data, rootKey: rootKey)
        do {
            // A mutation's root fields are not kept: its objects are merged into the records they update.
            let incoming = normalizer.records.filter { !$0.key.hasPrefix(Self.mutationRootKey) }
            let existing = try store.records(forKeys: Array(incoming.keys))
            var changed: [CacheRecord] = []
            var changedValues: Set<String> = []
            for (key, record) in incoming {
                var merged = existing[key] ?? CacheRecord(key: key)
                let outcome = merged.merge(record)
                if outcome.changed { changed.append(merged) }
                if outcome.valueChanged { changedValues.insert(key) }
            }
            try store.write(changed)
            statistics.recordsWritten += changed.count
            // A new receivedAt changes freshness only; memoized results are re-read when a value changed, and
            // their freshness is recomputed below for those whose records were rewritten.
            // Watchers follow values: a record only received again (same values, new freshness) re-reads no watcher.
            invalidate(Set(changed.map(\.key)), signalling: changedValues)
            if let queryKey, rootKey == CacheRecord.queryRootKey {
                saveResponse(metadata: metadata, variables: variables, queryKey: queryKey)
            }
            let removed = try store.byteCount() > byteLimit ? try trimStore(keeping: changed.map(\.key)) : []
            invalidate(Set(removed))
            return changedValues
        } catch {
            problems.append(error)
            return []
        }
    }

    /// Trims the store to 90% of ``byteLimit``; returns the keys removed. The records of the results served since
    /// the last trim from the memo or a stored response (which read no record) are marked as used first, as of now,
    /// then the records just `written`: a query read often keeps its records, however long ago they were read from
    /// the store, and a response just received is not the first to go.
    private func trimStore(keeping written: [String]) throws(GraphQLCacheError) -> [String] {
        try store.markUsed(memo.takeUsedRecordKeys() + written)
        return try store.trim(toBytes: byteLimit / 10 * 9)
    }

    /// The request in flight for `queryKey`, or a new one made by `start` and recorded, so that identical
    /// queries made while it runs share it (`isNew` tells the caller that it owns the request).
    func sharedRequest(
        for queryKey: String, start: @Sendable () -> Task<(HTTPResponse, Data), any Error>
    ) -> (request: InFlightRequest, isNew: Bool) {
        if let existing = inFlight[queryKey] { return (existing, false) }
        let request = InFlightRequest(task: start())
        inFlight[queryKey] = request
        return (request, true)
    }

    /// Forgets the in-flight request for `queryKey` once it is done.
    func finish(_ request: InFlightRequest, for queryKey: String) {
        if inFlight[queryKey]?.id == request.id { inFlight[queryKey] = nil }
    }

    // MARK: - Stored responses

    /// The stored response of `queryKey`, decoded, when the store has a current one and no optimistic layer
    /// touches its records.
    private func storedResponse<Data: Decodable & Sendable>(
        _ type: Data.Type, operationName: String, queryKey: String, time: Date
    ) -> ReadOutcome<Data>? {
        let stored: StoredResponse?
        do throws(GraphQLCacheError) {
            // One statement: no read transaction around it.
            stored = try store.storedResponse(forQuery: queryKey, defaultMaxAge: maxAge.timeInterval)
        } catch {
            problems.append(error)
            return nil
        }
        guard let stored,
            optimisticLayers.isEmpty || !Self.anyRecord(of: stored.dependencies.keys, in: optimisticLayers),
            let result = try? GraphQLResponseDecoder.decode(
                Data.self, operation: operationName, response: HTTPResponse(status: 200),
                body: stored.body, errorPolicy: .failOnAnyError),
            let data = result.data
        else { return nil }
        statistics.storedResponseHits += 1
        memo.remember(data, dependencies: stored.dependencies, earliestExpiry: stored.expiry, for: queryKey)
        return .hit(data, isStale: stored.expiry <= time, dependencies: stored.dependencies)
    }

    /// Whether any layer holds one of `keys`.
    private static func anyRecord(of keys: [String], in layers: [OptimisticLayer]) -> Bool {
        layers.contains { layer in keys.contains { layer.records[$0] != nil } }
    }

    /// Writes the query's response from the records just written and keeps it (a persistent store only).
    private func saveResponse(metadata: GraphQLCacheMetadata, variables: [String: JSONValue], queryKey: String) {
        guard storesResponses, store.keepsResponses, optimisticLayers.isEmpty else { return }
        let store = self.store
        var problems: [GraphQLCacheError] = []
        var reader = CacheReader(
            metadata: metadata, variables: variables, now: now(), defaultMaxAge: maxAge,
            load: { keys in
                do throws(GraphQLCacheError) {
                    return try store.records(forKeys: keys)
                } catch {
                    problems.append(error)
                    return [:]
                }
            })
        let (response, version) = store.withReadSnapshot {
            (reader.readResponse(rootKey: CacheRecord.queryRootKey), try? store.writeVersion())
        }
        if let body = response, let version {
            do throws(GraphQLCacheError) {
                try store.saveResponse(
                    forQuery: queryKey, body: body, dependencies: reader.dependencies, expiry: reader.earliestExpiry,
                    defaultMaxAge: maxAge.timeInterval, version: version)
            } catch {
                problems.append(error)
            }
        }
        self.problems += problems
    }

    // MARK: - Invalidation

    /// Forgets the memoized results that read any of `recordKeys`, and signals the watchers that depend on the
    /// records in `signalled` (all of `recordKeys` by default).
    func invalidate(_ recordKeys: Set<String>, signalling signalled: Set<String>? = nil) {
        watchers.signal(signalled ?? recordKeys)
        memo.forget(readingAnyOf: recordKeys)
    }
}
