import Foundation
import GraphQLBridgeSupport

/// Rebuilds a query's response from the cache's records, following the operation's selection tree: writes the
/// `{"data":…}` JSON bytes directly (members in selection order, scalars as the exact JSON text the server sent),
/// finds out whether every selected field is there (a miss names the first missing field's path), whether any is
/// stale, when the first one expires, and which records the result depends on.
///
/// Records are loaded a level at a time: the references of an object's selected fields (a list's items, the
/// objects it points to) in one call to `load`.
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
    /// Records loaded (or prefetched) so far.
    private var loaded: [String: CacheRecord] = [:]
    /// Keys looked up and not found.
    private var absent: Set<String> = []
    /// The JSON written so far.
    private var output: [UInt8] = []
    /// On a miss, the missing field's path, last component first (`name`, `[2]`, `draws`), built while unwinding.
    private var missingComponents: [String] = []
    /// The path being read (`games`, `[7]`, `lastDraw`), kept only when there are ``nullPaths`` to recognise.
    private var pathComponents: [String] = []

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

    /// What is read of a reference met where the selection has no sub-selection: nothing (`{}`).
    private static let noSelections = GraphQLSelectionSetMetadata(typeName: nil, [])

    /// Whether a field read has outlived its lifetime.
    var isStale: Bool { earliestExpiry <= now }

    /// The response, `{"data":{…}}` as UTF-8 JSON, or `nil` on a miss (``missingPath`` says where).
    mutating func readResponse(rootKey: String) -> [UInt8]? {
        output = []
        output.reserveCapacity(4096)
        output.append(contentsOf: #"{"data":"#.utf8)
        missingComponents = []
        guard readObject(key: rootKey, selections: metadata.selections, isRoot: true) else {
            var path = ""
            for component in missingComponents.reversed() {
                if component.hasPrefix("[") || path.isEmpty { path += component } else { path += "." + component }
            }
            missingPath = path
            output = []
            return nil
        }
        output.append(UInt8(ascii: "}"))
        return output
    }

    /// The record `key`, loaded if needed; records it as a dependency.
    private mutating func record(_ key: String) -> CacheRecord? {
        if let record = loaded[key] {
            dependencies.insert(key)
            return record
        }
        guard !absent.contains(key), let record = load([key])[key] else {
            absent.insert(key)
            return nil
        }
        loaded[key] = record
        dependencies.insert(key)
        return record
    }

    /// Loads, in one call, those of `keys` not loaded yet.
    private mutating func prefetch(_ keys: [String]) {
        var missing: [String] = []
        for key in keys where loaded[key] == nil && !absent.contains(key) { missing.append(key) }
        guard missing.count > 1 else { return }
        let found = load(missing)
        for key in missing {
            if let record = found[key] { loaded[key] = record } else { absent.insert(key) }
        }
    }

    private mutating func readObject(
        key: String, selections: GraphQLSelectionSetMetadata, isRoot: Bool = false
    ) -> Bool {
        // Each root field is a record of its own (see `CacheNormalizer`); any other object is one record.
        if isRoot { return readRoot(key: key, selections: selections) }
        guard let record = record(key) else { return false }
        var typeName: String?
        if case .scalar(.string(let name))? = record.entry(named: "__typename")?.value { typeName = name }
        typeName = typeName ?? selections.typeName

        // The selected fields' entries up to the first missing one, and the records they refer to, loaded at once.
        // (An entry is `nil` for a field read as `null` because the server's answer had an error for it.)
        var entries: [(field: CollectedField, entry: CacheFieldEntry?)] = []
        var missingField: String?
        var references: [String] = []
        // (Each response key once: every place it is selected merged, as the normalizer wrote it.)
        for field in selections.fields(forType: typeName) where field.isSelected(variables: variables) {
            guard let entry = record.entry(named: field.cacheKey(variables: variables)), entry.value != .missing
            else {
                if isNullPath(field.responseKey) {
                    entries.append((field, nil))
                    continue
                }
                missingField = field.responseKey
                break
            }
            Self.collectReferences(entry.value, into: &references)
            entries.append((field, entry))
        }
        if references.count > 1 { prefetch(references) }

        output.append(UInt8(ascii: "{"))
        for (index, (field, entry)) in entries.enumerated() {
            if index > 0 { output.append(UInt8(ascii: ",")) }
            output.append(contentsOf: field.memberPrefix)
            guard let entry else {
                output.append(contentsOf: "null".utf8)
                continue
            }
            note(entry)
            guard readField(entry.value, field) else {
                missingComponents.append(field.responseKey)
                return false
            }
        }
        if let missingField {
            missingComponents.append(missingField)
            return false
        }
        output.append(UInt8(ascii: "}"))
        return true
    }

    /// The query root: each of its fields is the one field of a record of its own.
    private mutating func readRoot(key: String, selections: GraphQLSelectionSetMetadata) -> Bool {
        var fields: [(field: CollectedField, fieldKey: String, recordKey: String)] = []
        for field in selections.fields(forType: selections.typeName) where field.isSelected(variables: variables) {
            let fieldKey = field.cacheKey(variables: variables)
            fields.append((field, fieldKey, CacheKey.rootField(key, fieldKey)))
        }
        if fields.count > 1 { prefetch(fields.map(\.recordKey)) }
        output.append(UInt8(ascii: "{"))
        for (index, (field, fieldKey, recordKey)) in fields.enumerated() {
            // A missing value (the server's null there came with an error) is read as absent.
            guard let entry = record(recordKey)?.entry(named: fieldKey), entry.value != .missing else {
                if isNullPath(field.responseKey) {
                    if index > 0 { output.append(UInt8(ascii: ",")) }
                    output.append(contentsOf: field.memberPrefix)
                    output.append(contentsOf: "null".utf8)
                    continue
                }
                missingComponents.append(field.responseKey)
                return false
            }
            note(entry)
            if index > 0 { output.append(UInt8(ascii: ",")) }
            output.append(contentsOf: field.memberPrefix)
            guard readField(entry.value, field) else {
                missingComponents.append(field.responseKey)
                return false
            }
        }
        output.append(UInt8(ascii: "}"))
        return true
    }

    /// Whether the field `responseKey` of the object being read (or, for `nil`, the value being read) is one of
    /// ``nullPaths``.
    private func isNullPath(_ responseKey: String?) -> Bool {
        guard !nullPaths.isEmpty else { return false }
        var path = ""
        for component in pathComponents + (responseKey.map { [$0] } ?? []) {
            if component.hasPrefix("[") || path.isEmpty { path += component } else { path += "." + component }
        }
        return nullPaths.contains(path)
    }

    /// Reads a field's value, keeping the path when there are ``nullPaths``.
    private mutating func readField(_ value: CacheValue, _ field: CollectedField) -> Bool {
        guard !nullPaths.isEmpty else { return readValue(value, selections: field.selections) }
        pathComponents.append(field.responseKey)
        defer { pathComponents.removeLast() }
        return readValue(value, selections: field.selections)
    }

    /// Takes a field read into account for the result's freshness.
    private mutating func note(_ entry: CacheFieldEntry) {
        let lifetime = entry.maxAge ?? defaultMaxAge
        let expiry = entry.receivedAt.addingTimeInterval(lifetime.timeInterval)
        if expiry < earliestExpiry { earliestExpiry = expiry }
    }

    private mutating func readValue(_ value: CacheValue, selections: GraphQLSelectionSetMetadata?) -> Bool {
        switch value {
        case .null:
            output.append(contentsOf: "null".utf8)
            return true
        case .missing:
            // A list element the server's error made null: read as null only for a watcher that was told so.
            guard isNullPath(nil) else { return false }
            output.append(contentsOf: "null".utf8)
            return true
        case .scalar(let json):
            json.writeJSONText(to: &output)
            return true
        case .reference(let key):
            return readObject(key: key, selections: selections ?? CacheReader.noSelections)
        case .list(let items):
            output.append(UInt8(ascii: "["))
            for (index, item) in items.enumerated() {
                if index > 0 { output.append(UInt8(ascii: ",")) }
                if !nullPaths.isEmpty { pathComponents.append("[\(index)]") }
                let found = readValue(item, selections: selections)
                if !nullPaths.isEmpty { pathComponents.removeLast() }
                guard found else {
                    missingComponents.append("[\(index)]")
                    return false
                }
            }
            output.append(UInt8(ascii: "]"))
            return true
        }
    }

    private static func collectReferences(_ value: CacheValue, into keys: inout [String]) {
        switch value {
        case .null, .missing, .scalar: return
        case .reference(let key): keys.append(key)
        case .list(let items): for item in items { collectReferences(item, into: &keys) }
        }
    }
}
