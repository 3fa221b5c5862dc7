import Foundation

/// The app's own edits of a ``GraphQLCache``, made in one read-write transaction
/// (``GraphQLCache/withinReadWriteTransaction(_:)``), in the manner of Apollo's `withinReadWriteTransaction`: read a
/// query's data as the cache holds it, write a query's data through its generated types (mark a draw seen, add the
/// ticket just bought to a list), evict an object or one of its fields.
///
/// Reads within the transaction see its own writes and evictions. Nothing reaches the store until the body returns:
/// then the writes and the field evictions are merged in one store transaction (each field written gets a new store
/// version, so an answer to a request made before the transaction never overwrites it, in any process), the objects
/// evicted are removed, and each watcher of a changed record is signalled once. A body that throws leaves the cache
/// as it was.
///
/// A transaction is used only inside the body it is given to; it is not `Sendable`.
public final class GraphQLCacheTransaction {
    private let store: any GraphQLCacheStore
    private let time: Date
    private let maxAge: Duration
    /// The records' fields written (or evicted: `.missing`), by record key, in order.
    private(set) var writes: [String: CacheRecordWrite] = [:]
    /// The records evicted whole.
    private(set) var removals: Set<String> = []

    init(store: any GraphQLCacheStore, time: Date, maxAge: Duration) {
        self.store = store
        self.time = time
        self.maxAge = maxAge
    }

    /// `query`'s data as the cache holds it (with this transaction's edits), fresh or not; `nil` when a field it
    /// selects is not there (a cache redirect of the query's metadata is followed, as a fetch's read does).
    /// - Throws: ``APIError`` when the query has no cache metadata, its variables cannot be encoded, or the records
    ///   do not decode into `Query.Data`.
    public func read<Query: GraphQLQuery>(_ query: Query) throws(APIError) -> Query.Data? {
        let name = Query.operationName
        guard let metadata = Query.cacheMetadata else {
            throw .encoding(operation: name, reason: "the query has no cache metadata (it is not generated)")
        }
        let variables = metadata.coercedVariables(try GraphQLHTTPClient.variablesJSON(query))
        return try read(Query.Data.self, name: name, metadata: metadata, variables: variables, at: .queryRoot)
    }

    /// Writes `data` as `query`'s answer: normalized as a server's answer is (objects merged into their records, the
    /// query's root fields pointing at them), received now, with the configured lifetimes.
    /// - Throws: ``APIError`` when the query has no cache metadata, or its variables or `data` cannot be encoded.
    public func write<Query: GraphQLQuery>(_ data: Query.Data, for query: Query) throws(APIError)
    where Query.Data: Encodable {
        let name = Query.operationName
        guard let metadata = Query.cacheMetadata else {
            throw .encoding(operation: name, reason: "the query has no cache metadata (it is not generated)")
        }
        let variables = metadata.coercedVariables(try GraphQLHTTPClient.variablesJSON(query))
        try write(data, name: name, metadata: metadata, variables: variables, at: .queryRoot)
    }

    /// The object of the record `key` read as the fragment `Fragment` selects it (with this transaction's edits),
    /// fresh or not; `nil` when a field it selects is not there. `key` is the object's record key
    /// (``CacheRecord/objectKey(typeName:keyValues:)``: `Draw:6x45,42`), or ``CacheRecord/queryRootKey`` for a
    /// fragment on the query type (its fields read as a query reads its root fields); `variables` are those the
    /// fragment's fields use (`$withBio`), as an operation would give them.
    /// - Throws: ``APIError`` when the fragment has no cache metadata (it is not generated) or the record does not
    ///   decode into `Fragment`.
    public func read<Fragment: GraphQLFragment>(
        _ fragment: Fragment.Type, key: String, variables: [String: JSONValue] = [:]
    ) throws(APIError) -> Fragment? {
        let name = Fragment.fragmentName
        guard let metadata = Fragment.cacheMetadata else {
            throw .encoding(operation: name, reason: "the fragment has no cache metadata (it is not generated)")
        }
        return try read(Fragment.self, name: name, metadata: metadata, variables: variables, at: Target(key: key))
    }

    /// Writes `data`, a fragment's value, into the record `key` (the object's,
    /// ``CacheRecord/objectKey(typeName:keyValues:)``): its fields merged into the record, the objects it holds into
    /// theirs, received now with the configured lifetimes; the record's other fields stay. Every query that reads
    /// the object sees the change, and their watchers are signalled when the transaction ends. With
    /// ``CacheRecord/queryRootKey``, a fragment on the query type is written as a query's answer is: each root field
    /// under its own key, where every query that selects it reads it.
    /// - Throws: ``APIError`` when the fragment has no cache metadata, or `data` or `variables` cannot be encoded.
    public func write<Fragment: GraphQLFragment & Encodable>(
        _ data: Fragment, key: String, variables: [String: JSONValue] = [:]
    ) throws(APIError) {
        let name = Fragment.fragmentName
        guard let metadata = Fragment.cacheMetadata else {
            throw .encoding(operation: name, reason: "the fragment has no cache metadata (it is not generated)")
        }
        try write(data, name: name, metadata: metadata, variables: variables, at: Target(key: key))
    }

    /// Evicts the record `key` (an object's, ``CacheRecord/objectKey(typeName:keyValues:)``, or a root field's,
    /// ``CacheRecord/rootFieldKey(_:)``): every read that reaches it misses until it is written again.
    public func evict(recordKey key: String) {
        writes[key] = nil
        removals.insert(key)
    }

    /// Evicts the object of type `typeName` whose key fields hold `keyValues` (`"Game"`, `["6x45"]`).
    public func evictObject(typeName: String, keyValues: [String]) {
        evict(recordKey: CacheKey.object(typeName: typeName, values: keyValues))
    }

    /// Evicts one field of the record `key`: `fieldKey` is the field's name, with its arguments as the cache spells
    /// them (`name`, `draws({"gameId":"6x45"})`). Reads that select it miss until it is written again.
    public func evict(field fieldKey: String, ofRecord key: String) {
        guard !removals.contains(key) else { return }
        writes[key, default: []].append(
            CacheFieldWrite(name: fieldKey, entry: CacheFieldEntry(value: .missing, receivedAt: time)))
    }

    /// Where a read or write starts: a query's root fields, or the object of one record (a fragment's).
    private enum Target {
        case queryRoot
        case object(String)

        /// A fragment's target at the record key `key`: the query root's key (``CacheRecord/queryRootKey``, a fragment
        /// on the query type) is the query's root fields, as a query's read and write reach them (each root field is
        /// kept under its own key, lists with their list policies); any other key, that object.
        init(key: String) {
            self = key == CacheKey.queryRoot ? .queryRoot : .object(key)
        }
    }

    /// The data at `target` read with `metadata`'s selections and decoded; `nil` when a field they select is missing.
    private func read<Value: Decodable & Sendable>(
        _ type: Value.Type, name: String, metadata: GraphQLCacheMetadata, variables: [String: JSONValue],
        at target: Target
    ) throws(APIError) -> Value? {
        var reader = CacheReader(
            metadata: metadata, variables: variables, now: time, defaultMaxAge: maxAge,
            load: { [self] keys in records(forKeys: keys) })
        let response = store.withReadSnapshot { () -> [UInt8]? in
            switch target {
            case .queryRoot: return reader.readResponse(rootKey: CacheKey.queryRoot)
            case .object(let key): return reader.readObjectResponse(key: key)
            }
        }
        guard let response else { return nil }
        let result = try GraphQLResponseDecoder.decode(
            Value.self, operation: name, response: HTTPResponse(status: 200), body: Data(response),
            errorPolicy: .failOnAnyError)
        return result.data
    }

    /// Normalizes `data` at `target` as an answer is (a generated value read as it is, anything else encoded first)
    /// and adds its records' fields to this transaction's writes.
    private func write(
        _ data: some Encodable, name: String, metadata: GraphQLCacheMetadata, variables: [String: JSONValue],
        at target: Target
    ) throws(APIError) {
        var normalizer = CacheNormalizer(
            metadata: metadata, variables: variables, receivedAt: time, serverMaxAge: nil, defaultMaxAge: maxAge)
        if let generated = data as? any GraphQLResponseEncodable {
            do throws(GraphQLDecodingError) {
                let object = GraphQLResponseObject(generated)
                switch target {
                case .queryRoot: try normalizer.normalize(object, rootKey: CacheKey.queryRoot)
                case .object(let key): try normalizer.normalizeObject(object, key: key)
                }
            } catch {
                throw .encoding(operation: name, reason: "the data could not be written: \(error.reason)")
            }
        } else {
            do {
                guard case .object(let members) = try JSONValueEncoder().encode(data) else {
                    throw APIError.encoding(operation: name, reason: "the data is not a JSON object")
                }
                switch target {
                case .queryRoot: normalizer.normalize(data: members, errors: [], rootKey: CacheKey.queryRoot)
                case .object(let key): normalizer.normalizeObject(data: members, key: key)
                }
            } catch let error as APIError {
                throw error
            } catch {
                throw .encoding(operation: name, reason: "the data could not be encoded: \(error)")
            }
        }
        guard normalizer.isWritable else {
            throw .encoding(operation: name, reason: "the data cannot be placed in the cache's records")
        }
        var edited = normalizer.writes
        // A paginated field's list is written whole, under its key arguments, as a read of it gives it.
        var dependencies = normalizer.dependencies
        let step = CacheListMergeStep(metadata: metadata, variables: variables)
        switch target {
        case .queryRoot:
            _ = step.apply(to: &edited, dependencies: &dependencies, rootKey: CacheKey.queryRoot, asWhole: true)
        case .object(let key):
            _ = step.apply(to: &edited, dependencies: &dependencies, objectKey: key, asWhole: true)
        }
        for (key, fields) in edited {
            removals.remove(key)
            writes[key, default: []] += fields
        }
    }

    /// The store's records with this transaction's edits over them.
    private func records(forKeys keys: [String]) -> [String: CacheRecord] {
        var found = (try? store.records(forKeys: keys.filter { !removals.contains($0) })) ?? [:]
        for key in keys {
            guard let fields = writes[key] else { continue }
            var record = found[key] ?? CacheRecord(key: key)
            record.merge(fields: fields)
            found[key] = record
        }
        return found
    }
}
