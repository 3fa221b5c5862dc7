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
    /// The record fields read as `null` when the cache does not have them: where the server's last answer had errors
    /// (never cached), so that a watcher of a partial result can still be answered by the cache. Tied to the record the
    /// error was reported on: the same path through another object is read as that object's (a miss when missing).
    var errorNulls: Set<ErrorNull> = []
    /// The ``errorNulls`` this read gave as `null`: the errors a watcher shows with the result are theirs.
    private(set) var errorNullsRead: Set<ErrorNull> = []

    /// A window on the list of one root field with a ``GraphQLListPolicy`` (``GraphQLQueryPager``'s read of a list in
    /// the cache, which reads again only the items that changed): only the elements `reads` accepts are read and
    /// written to the response (in order); ``windowList`` gives the whole list as stored, ``windowReads`` what each
    /// element read depends on. An element the server's error made null (``CacheValue/missing``: the list is made of
    /// pages the server answered) is read as `null`, as it was answered. A connection's list is its `edges` or its `nodes` (when it selects one of them; with
    /// both, the list is read whole and ``windowList`` stays `nil`).
    struct ListWindow {
        /// The root field's response key.
        let responseKey: String
        /// Whether the element at an index, with this value as stored, is read.
        let reads: (Int, CacheValue) -> Bool
    }

    /// An element read through the ``listWindow``: its index in the stored list and the records it was read from.
    struct WindowRead: Sendable {
        var index: Int
        var dependencies: Set<String>
    }

    var listWindow: ListWindow?
    /// The window's list as stored (each element's value: a reference, a scalar), read or not; `nil` when the read did
    /// not reach it (a miss before it, a field that is not a list, a connection selecting both `edges` and `nodes`).
    private(set) var windowList: [CacheValue]?
    /// The elements read through the window, in order.
    private(set) var windowReads: [WindowRead] = []
    /// The record and field the window applies to, once the root field is read.
    private var windowTarget: (record: String, field: String)?
    /// The records read for the element being read through the window.
    private var elementDependencies: Set<String>?

    /// The records read.
    private(set) var dependencies: Set<String> = []
    /// When the first field read stops being fresh (the distant past when one was received after ``now``).
    private(set) var earliestExpiry = Date.distantFuture
    /// When the latest field read was received.
    private(set) var latestReceipt = Date.distantPast
    /// Whether a field read must not be served stale in place of a failed request (`must-revalidate`).
    private(set) var revalidates = false
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
    /// The record field (and list element) being read, kept only when there are ``errorNulls`` to recognise.
    private var position: ErrorNull?

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
        readResponse(key: rootKey, isRoot: true)
    }

    /// The object of the record `key` read with the metadata's selections (a fragment's), as a response's `data`:
    /// `{"data":{…}}`; `nil` when a field it selects is missing, as ``readResponse(rootKey:)``.
    mutating func readObjectResponse(key: String) -> [UInt8]? {
        readResponse(key: key, isRoot: false)
    }

    private mutating func readResponse(key rootKey: String, isRoot: Bool) -> [UInt8]? {
        output = []
        output.reserveCapacity(4096)
        output.append(contentsOf: #"{"data":"#.utf8)
        missingComponents = []
        guard readObject(key: rootKey, selections: metadata.selections, isRoot: isRoot) else {
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

    /// The record `key`, loaded if needed; records it as a dependency, present or not (a read that missed it reads
    /// otherwise once it is written: a watcher of the read must hear of that write).
    private mutating func record(_ key: String) -> CacheRecord? {
        if elementDependencies != nil { elementDependencies?.insert(key) }
        if let record = loaded[key] {
            dependencies.insert(key)
            return record
        }
        guard !absent.contains(key), let record = load([key])[key] else {
            absent.insert(key)
            dependencies.insert(key)
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
        // The query root met below the root (a field of the query type): its fields are the root's own records, read
        // with their own field keys, as the normalizer wrote them.
        if key == CacheKey.queryRoot { return readRoot(key: key, selections: selections, isNested: true) }
        guard let record = record(key) else { return false }
        var typeName: String?
        if case .scalar(.string(let name))? = record.entry(named: "__typename")?.value { typeName = name }
        typeName = typeName ?? selections.typeName

        // The selected fields' entries up to the first missing one, and the records they refer to, loaded at once.
        // (An entry is `nil` for a field read as `null` because the server's answer had an error for it.)
        var entries: [(field: CollectedField, fieldKey: String, entry: CacheFieldEntry?)] = []
        var missingField: String?
        var references: [String] = []
        // (Each response key once: every place it is selected merged, as the normalizer wrote it.)
        for field in selections.fields(forType: typeName) where field.isSelected(variables: variables) {
            // A paginated field's pages are one list, under its key arguments alone (``GraphQLListPolicy``).
            let fieldKey =
                metadata.objectListPolicies.isEmpty
                ? field.cacheKey(variables: variables)
                : metadata.listPolicy(of: typeName, field: field.name)?.fieldKey(of: field.field, variables: variables)
                    ?? field.cacheKey(variables: variables)
            guard let entry = record.entry(named: fieldKey), entry.value != .missing else {
                if isErrorNull(ErrorNull(record: key, field: fieldKey)) {
                    entries.append((field, fieldKey, nil))
                    continue
                }
                missingField = field.responseKey
                break
            }
            Self.collectReferences(entry.value, into: &references)
            entries.append((field, fieldKey, entry))
        }
        if references.count > 1 { prefetch(references) }

        output.append(UInt8(ascii: "{"))
        for (index, (field, fieldKey, entry)) in entries.enumerated() {
            if index > 0 { output.append(UInt8(ascii: ",")) }
            output.append(contentsOf: field.memberPrefix)
            guard let entry else {
                output.append(contentsOf: "null".utf8)
                continue
            }
            note(entry)
            guard readField(entry.value, field, of: key, fieldKey: fieldKey) else {
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

    /// The query root: each of its fields is the one field of a record of its own, a paginated field's the whole list
    /// (``GraphQLListPolicy``), an absent field with a cache redirect the object it names (``GraphQLFieldPolicy``).
    /// `isNested`: the query root met below the root (an object of the query type: a field such as `root: Query!`, a
    /// mutation payload's `query`), whose fields are the root's records, read by the same rules as the writes placed
    /// them; only a pager's window is the root selection's alone.
    private mutating func readRoot(key: String, selections: GraphQLSelectionSetMetadata, isNested: Bool = false)
        -> Bool
    {
        var fields: [(field: CollectedField, fieldKey: String, recordKey: String)] = []
        for field in selections.fields(forType: selections.typeName) where field.isSelected(variables: variables) {
            // A paginated field's pages are one list, under its key arguments alone (``GraphQLListPolicy``).
            let fieldKey =
                metadata.listPolicies.isEmpty
                ? field.cacheKey(variables: variables)
                : metadata.listPolicies[field.name]?.fieldKey(of: field.field, variables: variables)
                    ?? field.cacheKey(variables: variables)
            fields.append((field, fieldKey, CacheKey.rootField(key, fieldKey)))
        }
        if fields.count > 1 { prefetch(fields.map(\.recordKey)) }
        output.append(UInt8(ascii: "{"))
        for (index, (field, fieldKey, recordKey)) in fields.enumerated() {
            // A missing value (the server's null there came with an error) is read as absent.
            guard let entry = record(recordKey)?.entry(named: fieldKey), entry.value != .missing else {
                if isErrorNull(ErrorNull(record: recordKey, field: fieldKey)) {
                    if index > 0 { output.append(UInt8(ascii: ",")) }
                    output.append(contentsOf: field.memberPrefix)
                    output.append(contentsOf: "null".utf8)
                    continue
                }
                // A cache redirect: the object the field's key arguments name, when its record holds every field
                // selected (the root field's record, absent, stays a dependency: its answer is read once written).
                if let policy = metadata.fieldPolicies[field.name],
                    let keys = policy.recordKeys(arguments: field.field.resolvedArguments(variables: variables))
                {
                    if index > 0 { output.append(UInt8(ascii: ",")) }
                    output.append(contentsOf: field.memberPrefix)
                    guard readRedirect(keys, isList: policy.listArgument != nil, selections: field.selections) else {
                        missingComponents.append(field.responseKey)
                        return false
                    }
                    continue
                }
                missingComponents.append(field.responseKey)
                return false
            }
            // A reference a cache redirect implies (`user(id: "ann")` holding `User:ann`) says nothing the key does not:
            // its freshness is that of the object's fields.
            if !isImpliedByRedirect(entry.value, field) { note(entry) }
            if !isNested, let window = listWindow, window.responseKey == field.responseKey {
                windowTarget = Self.windowTarget(of: entry.value, field, recordKey: recordKey, fieldKey: fieldKey)
            }
            if index > 0 { output.append(UInt8(ascii: ",")) }
            output.append(contentsOf: field.memberPrefix)
            guard readField(entry.value, field, of: recordKey, fieldKey: fieldKey) else {
                missingComponents.append(field.responseKey)
                return false
            }
        }
        output.append(UInt8(ascii: "}"))
        return true
    }

    /// Whether `value`, a root field's, is what the field's cache redirect names (the object's reference, or the list
    /// of them): then the field's own answer says no more than its key arguments do.
    private func isImpliedByRedirect(_ value: CacheValue, _ field: CollectedField) -> Bool {
        guard !metadata.fieldPolicies.isEmpty, let policy = metadata.fieldPolicies[field.name],
            let keys = policy.recordKeys(arguments: field.field.resolvedArguments(variables: variables))
        else { return false }
        if policy.listArgument != nil { return value == .list(keys.map(CacheValue.reference)) }
        return keys.count == 1 && value == .reference(keys[0])
    }

    /// Reads the objects a cache redirect names: one object, or a list of them; `false` when one of them is not
    /// there or lacks a selected field (a miss, never a partial or empty value).
    private mutating func readRedirect(
        _ keys: [String], isList: Bool, selections: GraphQLSelectionSetMetadata?
    ) -> Bool {
        let selections = selections ?? CacheReader.noSelections
        guard isList else {
            guard let key = keys.first else { return false }
            return readObject(key: key, selections: selections)
        }
        if keys.count > 1 { prefetch(keys) }
        output.append(UInt8(ascii: "["))
        for (index, key) in keys.enumerated() {
            if index > 0 { output.append(UInt8(ascii: ",")) }
            guard readObject(key: key, selections: selections) else {
                missingComponents.append("[\(index)]")
                return false
            }
        }
        output.append(UInt8(ascii: "]"))
        return true
    }

    /// Where a ``ListWindow`` on the root field `field` (whose value is `value`) applies: the root field's own list, or
    /// its connection's `edges` or `nodes` (the one of them selected).
    private static func windowTarget(
        of value: CacheValue, _ field: CollectedField, recordKey: String, fieldKey: String
    ) -> (record: String, field: String)? {
        switch value {
        case .list: return (recordKey, fieldKey)
        case .reference(let connection):
            guard let selections = field.selections else { return nil }
            let lists = selections.fields(forType: selections.typeName).filter {
                $0.name == "edges" || $0.name == "nodes"
            }
            guard lists.count == 1, let list = lists.first, list.alwaysSelected, let key = list.constantCacheKey else {
                return nil
            }
            return (connection, key)
        default: return nil
        }
    }

    /// Reads the list `items` (the ``listWindow``'s) as the window says: the elements it accepts, each with the records
    /// it was read from.
    private mutating func readWindow(_ items: [CacheValue], selections: GraphQLSelectionSetMetadata?) -> Bool {
        guard let window = listWindow else { return readValue(.list(items), selections: selections) }
        windowList = items
        windowTarget = nil
        output.append(UInt8(ascii: "["))
        var first = true
        for (index, item) in items.enumerated() where window.reads(index, item) {
            if !first { output.append(UInt8(ascii: ",")) }
            first = false
            if item == .missing {
                // An element the server's error made null (a page's answer, the cache has no value for it): `null`,
                // as the server answered it; the rest of the list is read.
                output.append(contentsOf: "null".utf8)
                windowReads.append(WindowRead(index: index, dependencies: []))
                continue
            }
            elementDependencies = []
            position?.indices.append(index)
            let found = readValue(item, selections: selections)
            position?.indices.removeLast()
            let read = elementDependencies ?? []
            elementDependencies = nil
            guard found else {
                missingComponents.append("[\(index)]")
                return false
            }
            windowReads.append(WindowRead(index: index, dependencies: read))
        }
        output.append(UInt8(ascii: "]"))
        return true
    }

    /// Whether `null` (a missing field or list element of a record) is one of ``errorNulls``: then it is read as
    /// `null`, and noted in ``errorNullsRead``.
    private mutating func isErrorNull(_ null: ErrorNull?) -> Bool {
        guard !errorNulls.isEmpty, let null, errorNulls.contains(null) else { return false }
        errorNullsRead.insert(null)
        return true
    }

    /// Reads the value of the field `fieldKey` of the record `owner`, keeping its position when there are
    /// ``errorNulls``.
    private mutating func readField(_ value: CacheValue, _ field: CollectedField, of owner: String, fieldKey: String)
        -> Bool
    {
        let windowed: [CacheValue]?
        if let target = windowTarget, target.record == owner, target.field == fieldKey, case .list(let items) = value {
            windowed = items
        } else {
            windowed = nil
        }
        guard !errorNulls.isEmpty else {
            if let windowed { return readWindow(windowed, selections: field.selections) }
            return readValue(value, selections: field.selections)
        }
        let outer = position
        position = ErrorNull(record: owner, field: fieldKey)
        defer { position = outer }
        if let windowed { return readWindow(windowed, selections: field.selections) }
        return readValue(value, selections: field.selections)
    }

    /// Takes a field read into account for the result's freshness.
    private mutating func note(_ entry: CacheFieldEntry) {
        let expiry = entry.expiry(now: now, defaultMaxAge: defaultMaxAge)
        if expiry < earliestExpiry { earliestExpiry = expiry }
        if entry.receivedAt > latestReceipt { latestReceipt = entry.receivedAt }
        if entry.mustRevalidate { revalidates = true }
    }

    private mutating func readValue(_ value: CacheValue, selections: GraphQLSelectionSetMetadata?) -> Bool {
        switch value {
        case .null:
            output.append(contentsOf: "null".utf8)
            return true
        case .missing:
            // A list element the server's error made null: read as null only for a watcher that was told so.
            guard isErrorNull(position) else { return false }
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
                position?.indices.append(index)
                let found = readValue(item, selections: selections)
                position?.indices.removeLast()
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
        // (The query root is no record: its fields are.)
        case .reference(let key): if key != CacheKey.queryRoot { keys.append(key) }
        case .list(let items): for item in items { collectReferences(item, into: &keys) }
        }
    }
}
