import Foundation

/// Rebuilds a query's `data` from the cache's records, following the operation's selection tree: finds out
/// whether every selected field is there (a miss names the first missing field's path), whether any is
/// stale, when the first one expires, and which records the result depends on.
struct CacheReader {
    let metadata: GraphQLCacheMetadata
    let variables: [String: JSONValue]
    let now: Date
    /// The lifetime of fields that have none of their own (the cache's `maxAge`).
    let defaultMaxAge: Duration
    /// Loads records by key.
    let load: ([String]) -> [String: CacheRecord]
    /// Response paths read as `null` when the cache does not have them: the fields the server's last answer had
    /// errors for (never cached), so that a watcher of a partial result can still be answered by the cache.
    var nullPaths: Set<String> = []

    /// The records read.
    private(set) var dependencies: Set<String> = []
    /// When the first field read stops being fresh.
    private(set) var earliestExpiry = Date.distantFuture
    /// The path of the first selected field the cache does not have.
    private(set) var missingPath: String?
    private var loaded: [String: CacheRecord] = [:]

    init(
        metadata: GraphQLCacheMetadata, variables: [String: JSONValue], now: Date, defaultMaxAge: Duration,
        load: @escaping ([String]) -> [String: CacheRecord]
    ) {
        self.metadata = metadata
        self.variables = variables
        self.now = now
        self.defaultMaxAge = defaultMaxAge
        self.load = load
    }

    /// Whether a field read has outlived its lifetime.
    var isStale: Bool { earliestExpiry <= now }

    /// The `data` object, or `nil` on a miss (``missingPath`` says where).
    mutating func read(rootKey: String) -> JSONValue? {
        readObject(key: rootKey, selections: [metadata.selections], path: "", isRoot: true)
    }

    private mutating func record(_ key: String) -> CacheRecord? {
        if let record = loaded[key] { return record }
        guard let record = load([key])[key] else { return nil }
        loaded[key] = record
        dependencies.insert(key)
        return record
    }

    private mutating func readObject(
        key: String, selections: [GraphQLSelectionSetMetadata], path: String, isRoot: Bool = false
    ) -> JSONValue? {
        // Each root field is a record of its own (see `CacheNormalizer`); any other object is one record.
        guard let record = isRoot ? CacheRecord(key: key) : record(key) else {
            missingPath = missingPath ?? path
            return nil
        }
        var typeName: String?
        if case .scalar(.string(let name))? = record.fields["__typename"]?.value { typeName = name }
        typeName = typeName ?? selections.lazy.compactMap(\.typeName).first
        var members: [String: JSONValue] = [:]
        for set in selections {
            for (field, nested) in set.collectFields(forType: typeName) where field.isSelected(variables: variables) {
                guard members[field.responseKey] == nil else { continue }
                let fieldPath = path.isEmpty ? field.responseKey : path + "." + field.responseKey
                let fieldKey = field.cacheKey(variables: variables)
                let holder = isRoot ? self.record(CacheNormalizer.rootFieldKey(key, fieldKey)) : record
                guard let entry = holder?.fields[fieldKey] else {
                    if nullPaths.contains(fieldPath) {
                        members[field.responseKey] = .null
                        continue
                    }
                    missingPath = missingPath ?? fieldPath
                    return nil
                }
                let lifetime = entry.maxAge ?? defaultMaxAge
                let expiry = entry.receivedAt.addingTimeInterval(lifetime.timeInterval)
                if expiry < earliestExpiry { earliestExpiry = expiry }
                guard let value = readValue(entry.value, selections: nested, path: fieldPath) else { return nil }
                members[field.responseKey] = value
            }
        }
        return .object(members)
    }

    private mutating func readValue(_ value: CacheValue, selections: [GraphQLSelectionSetMetadata], path: String)
        -> JSONValue?
    {
        switch value {
        case .null: return .null
        case .scalar(let json): return json
        case .reference(let key): return readObject(key: key, selections: selections, path: path)
        case .list(let items):
            var values: [JSONValue] = []
            values.reserveCapacity(items.count)
            for (index, item) in items.enumerated() {
                guard let value = readValue(item, selections: selections, path: path + "[\(index)]") else { return nil }
                values.append(value)
            }
            return .array(values)
        }
    }
}

extension Duration {
    /// The duration in seconds, as a `TimeInterval`.
    var timeInterval: TimeInterval {
        let (seconds, attoseconds) = components
        return TimeInterval(seconds) + TimeInterval(attoseconds) / 1e18
    }
}
