import Foundation

/// Splits a response's `data` into normalized records (see ``CacheKey``): every object with a key becomes one
/// record, referred to from wherever it appears; objects without a key are stored under their path.
///
/// It also gives what the cache needs of the write without reading anything back: the keys of every record the
/// result is made of (what a watcher of the query depends on), when its first field expires, and where the server's
/// errors put a `null`.
///
/// A `null` that a field error caused is not data. Each error's `null` is found where it landed: the errored field
/// when it is nullable, else the nearest nullable parent (a list element, an object field) that graphql-core and
/// every spec-following server propagates it to. That position is written as ``CacheValue/missing``: a later read
/// misses there and goes to the server, and the value it held before is not served either. Each such position is
/// also given as the record field it is (``errorNulls``): an error belongs to the object it was reported on, not to
/// its path. An error without a path cannot be placed: then nothing is written.
///
/// Each field is written into its record as soon as its value is made, never from a copy of the record taken
/// before visiting its children: an object met again inside its own subtree (a friend's friend) keeps every field
/// either visit wrote.
struct CacheNormalizer {
    let metadata: GraphQLCacheMetadata
    /// The variables as the server coerced them (``GraphQLCacheMetadata/coercedVariables(_:)``).
    let variables: [String: JSONValue]
    /// When the answer was generated, on the cache's clock (its request's time less the server's `Age`).
    let receivedAt: Date
    /// The lifetime the server gave the whole response (``CacheControl/lifetime``).
    let serverMaxAge: Duration?
    /// Whether the server said `must-revalidate` (or `no-cache`): every field written is marked so.
    let mustRevalidate: Bool
    /// The cache's lifetime for fields without one of their own.
    let defaultMaxAge: Duration

    /// The fields written to each record, by the record's key, in the order they were read.
    private(set) var writes: [String: CacheRecordWrite] = [:]
    /// The records written, by key (``writes`` as records).
    var records: [String: CacheRecord] {
        Dictionary(uniqueKeysWithValues: writes.map { ($0.key, CacheRecord(key: $0.key, writes: $0.value)) })
    }
    /// The keys of every record the result is made of (written, or a root field's record).
    private(set) var dependencies: Set<String> = []
    /// The values of the fields of a root that is not kept (a mutation's, an event's), by field key, when the operation
    /// has list policies of object fields: the records they refer to are written, and ``CacheListMergeStep`` starts
    /// from them.
    private(set) var unkeptRootValues: [String: CacheValue] = [:]
    /// The records of the objects without a key under a root that is not kept (a mutation payload's), which are not
    /// written, when the operation has list policies of object fields: ``CacheListMergeStep`` walks through them to the
    /// records that are (a payload's `query`, its objects).
    private(set) var unkeptWrites: [String: CacheRecordWrite] = [:]
    /// When the first field written stops being fresh.
    private(set) var earliestExpiry = Date.distantFuture
    /// The response paths (`user.profile`, `users[1]`) where an error's `null` landed, written as missing.
    private(set) var nullPaths: Set<String> = []
    /// Where each error's `null` was written, in the order of the errors given to ``normalize(data:errors:rootKey:)``
    /// (`nil`: its landing is not a selected field of the answer, so nothing was written there).
    var errorNulls: [ErrorNull?] { landings.map { written[$0] } }
    /// Each error's landing path, in the errors' order.
    private var landings: [String] = []
    /// The record field (or list element) written as missing at each landing path.
    private var written: [String: ErrorNull] = [:]
    /// Whether the response can be written at all (`false` for an error without a path beside data).
    private(set) var isWritable = true
    /// When a field without a lifetime of its own expires.
    private let defaultExpiry: Date
    /// The schema's query root type (``GraphQLCacheMetadata/queryTypeName``, else a query's root selection's type): an
    /// object of that type met below the root writes its fields to the query root's records.
    private var queryTypeName: String?
    /// The lifetime of the last field written, whose expiry ``earliestExpiry`` counts already (`.some(nil)`: the
    /// cache's; `nil`: none written yet).
    private var lastLifetime: Duration?? = .none
    /// The indices of the list elements being converted, outermost first (an object's path, spelled only if needed).
    private var listIndices: [Int] = []
    /// The types met so far in this response (see ``facts(of:)``).
    private var typeFacts: [CacheTypeFacts] = []
    /// Whether the leaves of a tape are recorded (``leaves``, ``structuralLeaves``, ``revisitedRecords``), for an
    /// ``AnswerSource``.
    var recordsLeaves = false
    /// The field values of a tape that are leaves of fields without a selection, as written (with ``recordsLeaves``).
    private(set) var leaves: [AnswerLeaf] = []
    /// The tape indices of the leaves an object's key or type was read from (with ``recordsLeaves``): a change there
    /// changes which record the object is.
    private(set) var structuralLeaves: [Int] = []
    /// The records written more than once in this answer (an object met twice, a root field selected twice): which
    /// visit's value a field keeps is the normalizer's to say (with ``recordsLeaves``).
    private(set) var revisitedRecords: Set<String> = []
    /// The query's previous answer (``PreviousAnswer``), when the cache kept what normalizing it wrote: an object of a
    /// tape with the same text, record key, type and selection as one of its objects is not read again; what that visit
    /// wrote is taken as it is, received now.
    var previous: PreviousAnswer?
    /// The objects of a tape written as records, in the order visited (an object's inner objects follow it), for the
    /// next answer of the query (``previous``).
    private(set) var objects: [NormalizedObject] = []
    /// Whether ``objects`` tell every record's writes apart: no record written twice, and no field of the query root
    /// written below the root (written to the root's records, not to an object's).
    private(set) var objectsAreReusable = true
    /// How many objects were taken from ``previous`` as they were (their inner ones included).
    private(set) var reusedObjects = 0
    /// The tape being normalized.
    private var tape: JSONTape?
    /// Where the next object of ``previous`` is looked for first (the answers of a query visit their objects in the same
    /// order).
    private var previousCursor = 0

    init(
        metadata: GraphQLCacheMetadata, variables: [String: JSONValue], receivedAt: Date, serverMaxAge: Duration?,
        defaultMaxAge: Duration, mustRevalidate: Bool = false
    ) {
        self.metadata = metadata
        self.variables = variables
        self.receivedAt = receivedAt
        self.serverMaxAge = serverMaxAge
        self.mustRevalidate = mustRevalidate
        self.defaultMaxAge = defaultMaxAge
        self.defaultExpiry = receivedAt.addingTimeInterval(defaultMaxAge.timeInterval)
        self.queryTypeName = metadata.queryTypeName
        // Most responses write a few records: room for them without growing.
        writes.reserveCapacity(16)
        dependencies.reserveCapacity(16)
    }

    /// Normalizes the response's `data` object under `rootKey` (``CacheKey/queryRoot``, or a root whose fields
    /// are not kept), given the response's `errors`.
    mutating func normalize(data: JSONObject, errors: [GraphQLError], rootKey: String) {
        for error in errors {
            guard let path = error.path, !path.isEmpty else {
                isWritable = false
                return
            }
            let landing = Self.landing(of: path, in: data)
            landings.append(landing)
            nullPaths.insert(landing)
        }
        do {
            try normalizeRoot(TreeInput(), data: .object(data), rootKey: rootKey)
        } catch {
            // A tree's values are built already: nothing to fail.
            isWritable = false
        }
    }

    /// Normalizes the `data` object at tape index `data` of a server's answer without errors, under `rootKey`: the
    /// body's bytes read once, no tree built. When a value it keeps is not valid (a string that is not UTF-8),
    /// nothing is written, as when the body cannot be parsed.
    mutating func normalize(tape: JSONTape, data: Int, rootKey: String) {
        // At most one leaf for every two entries (a member's name, then its value): the list does not grow.
        if recordsLeaves { leaves.reserveCapacity((tape.entries[data].next - data) / 2) }
        self.tape = tape
        defer { self.tape = nil }
        do {
            try normalizeRoot(TapeInput(tape: tape), data: data, rootKey: rootKey)
        } catch {
            isWritable = false
            writes = [:]
            dependencies = []
        }
    }

    /// Normalizes a generated value's members (an optimistic result) under `rootKey`: its objects and lists read as
    /// they are, its leaves encoded one by one. Throws when a leaf cannot be encoded (a non-finite `Double`).
    mutating func normalize(_ object: GraphQLResponseObject, rootKey: String) throws(GraphQLDecodingError) {
        try normalizeRoot(ResponseObjectInput(), data: .response(.object(object)), rootKey: rootKey)
    }

    /// Normalizes a generated value (a fragment's data the app writes) as the object of the record `key`: its
    /// selected fields merged into that record, its objects into theirs, as an answer writes an object.
    mutating func normalizeObject(_ object: GraphQLResponseObject, key: String) throws(GraphQLDecodingError) {
        try normalizeObject(ResponseObjectInput(), .response(.object(object)), key: key)
    }

    /// Normalizes a JSON object (a fragment's data encoded) as the object of the record `key`.
    mutating func normalizeObject(data: JSONObject, key: String) {
        do {
            try normalizeObject(TreeInput(), .object(data), key: key)
        } catch {
            isWritable = false
        }
    }

    private mutating func normalizeObject<Input: CacheNormalizerInput>(
        _ input: Input, _ value: Input.Value, key: String
    ) throws(GraphQLDecodingError) {
        let set = metadata.selections
        let typeName = try Self.typeName(of: value, in: input, selections: set)
        try writeObject(
            input, value, facts: facts(of: typeName), selected: set.fields(forType: typeName), key: key,
            responsePath: nil)
    }

    private mutating func normalizeRoot<Input: CacheNormalizerInput>(
        _ input: Input, data: Input.Value, rootKey: String
    ) throws(GraphQLDecodingError) {
        let keepsRoot = CacheKey.keepsRootFields(rootKey)
        let set = metadata.selections
        if keepsRoot, queryTypeName == nil { queryTypeName = set.typeName }
        let lifetimes = facts(of: set.typeName).lifetimes
        for field in set.fields(forType: set.typeName) where field.isSelected(variables: variables) {
            guard let value = input.member(data, field.responseKey) else { continue }
            let fieldKey = field.cacheKey(variables: variables)
            let recordKey = CacheKey.rootField(rootKey, fieldKey)
            let path: String? = nullPaths.isEmpty ? nil : field.responseKey
            let entry = try self.entry(
                input, value, field: field, owner: recordKey, fieldKey: fieldKey, lifetime: lifetimes.of(field),
                responsePath: path)
            if keepsRoot {
                if recordsLeaves, writes[recordKey] != nil { revisitedRecords.insert(recordKey) }
                writes[recordKey, default: []].append(CacheFieldWrite(name: fieldKey, entry: entry))
                dependencies.insert(recordKey)
            } else if metadata.hasListsBelowRoot {
                unkeptRootValues[fieldKey] = entry.value
            }
        }
        if !keepsRoot {
            let prefix = rootKey + "."
            if metadata.hasListsBelowRoot { unkeptWrites = writes.filter { $0.key.hasPrefix(prefix) } }
            writes = writes.filter { !$0.key.hasPrefix(prefix) }
            dependencies = dependencies.filter { !$0.hasPrefix(prefix) }
        }
    }

    /// The entry of a field of the record `owner` whose value in the response is `value`.
    private mutating func entry<Input: CacheNormalizerInput>(
        _ input: Input, _ value: Input.Value, field: CollectedField, owner: String, fieldKey: String,
        lifetime: Duration?, responsePath: String?
    ) throws(GraphQLDecodingError) -> CacheFieldEntry {
        noteLifetime(lifetime)
        let cached: CacheValue
        if let responsePath, nullPaths.contains(responsePath) {
            cached = .missing
            written[responsePath] = ErrorNull(record: owner, field: fieldKey)
        } else {
            cached = try convert(
                input, value, selections: field.selections, owner: owner, fieldKey: fieldKey,
                responsePath: responsePath)
            if recordsLeaves, field.selections == nil, listIndices.isEmpty, !input.isArrayOrObject(value),
                let index = input.tapeIndex(value)
            {
                leaves.append(AnswerLeaf(tapeIndex: index, record: owner, field: fieldKey, maxAge: lifetime))
            }
        }
        return CacheFieldEntry(value: cached, receivedAt: receivedAt, maxAge: lifetime, mustRevalidate: mustRevalidate)
    }

    /// Counts a field written with the lifetime `lifetime` in ``earliestExpiry``. (Most fields have the lifetime of the
    /// field before: its expiry is not computed again.)
    private mutating func noteLifetime(_ lifetime: Duration?) {
        guard lifetime != lastLifetime else { return }
        lastLifetime = lifetime
        let expiry = lifetime.map { receivedAt.addingTimeInterval($0.timeInterval) } ?? defaultExpiry
        if expiry < earliestExpiry { earliestExpiry = expiry }
    }

    /// The value of the field `fieldKey` of the record `owner` (at ``listIndices`` in its lists): an object without a
    /// key is written under its path, spelled only then.
    private mutating func convert<Input: CacheNormalizerInput>(
        _ input: Input, _ value: Input.Value, selections: GraphQLSelectionSetMetadata?, owner: String,
        fieldKey: String, responsePath: String?
    ) throws(GraphQLDecodingError) -> CacheValue {
        switch try input.kind(of: value) {
        case .null:
            return .null
        case .array(let items) where selections != nil || items.contains(where: input.isArrayOrObject):
            var converted: [CacheValue] = []
            converted.reserveCapacity(items.count)
            for (index, item) in items.enumerated() {
                let itemPath = responsePath.map { $0 + "[\(index)]" }
                if let itemPath, nullPaths.contains(itemPath) {
                    converted.append(.missing)
                    written[itemPath] = ErrorNull(record: owner, field: fieldKey, indices: listIndices + [index])
                    continue
                }
                listIndices.append(index)
                converted.append(
                    try convert(
                        input, item, selections: selections, owner: owner, fieldKey: fieldKey, responsePath: itemPath))
                listIndices.removeLast()
            }
            return .list(converted)
        case .object where selections != nil:
            guard let selections else { return .null }
            let typeName = try Self.typeName(of: value, in: input, selections: selections)
            if recordsLeaves, let responseKey = selections.typeNameResponseKey,
                let member = input.member(value, responseKey), let index = input.tapeIndex(member)
            {
                structuralLeaves.append(index)
            }
            let selected = selections.fields(forType: typeName)
            if let queryTypeName, typeName == queryTypeName {
                // The query root met below the root (a mutation payload's `query`): its fields are the root's.
                let outer = listIndices
                listIndices = []
                try writeQueryRootFields(input, value, selected: selected, responsePath: responsePath)
                listIndices = outer
                return .reference(CacheKey.queryRoot)
            }
            let facts = facts(of: typeName)
            let key =
                try objectKey(value, in: input, facts: facts, selected: selected)
                ?? pathKey(owner: owner, fieldKey: fieldKey)
            // An object of a tape is kept in ``objects``, or taken as the previous answer wrote it.
            guard tape != nil, let index = input.tapeIndex(value) else {
                // The object's own fields' paths start from its key.
                let outer = listIndices
                listIndices = []
                try writeObject(input, value, facts: facts, selected: selected, key: key, responsePath: responsePath)
                listIndices = outer
                return .reference(key)
            }
            if takePrevious(index, key: key, selection: selections, typeName: typeName) { return .reference(key) }
            let visit = objects.count
            objects.append(
                NormalizedObject(
                    key: key, tapeIndex: index, selections: selections, typeName: typeName, end: visit,
                    leaves: leaves.count..<leaves.count,
                    structuralLeaves: structuralLeaves.count..<structuralLeaves.count))
            let outer = listIndices
            listIndices = []
            try writeObject(input, value, facts: facts, selected: selected, key: key, responsePath: responsePath)
            listIndices = outer
            objects[visit].end = objects.count
            objects[visit].leaves = objects[visit].leaves.lowerBound..<leaves.count
            objects[visit].structuralLeaves = objects[visit].structuralLeaves.lowerBound..<structuralLeaves.count
            return .reference(key)
        default:
            // (A generated value's leaf may be an optional that encodes to `null`.)
            let json = try input.json(value)
            if case .null = json { return .null }
            return .scalar(json)
        }
    }

    /// Writes `object`'s selected fields into the record `key`: its fields (whose values may visit the same object
    /// again, below) are merged into the record as it is after them, so that what a visit below wrote is kept.
    private mutating func writeObject<Input: CacheNormalizerInput>(
        _ input: Input, _ object: Input.Value, facts: CacheTypeFacts, selected: [CollectedField], key: String,
        responsePath: String?
    ) throws(GraphQLDecodingError) {
        dependencies.insert(key)
        let lifetimes = facts.lifetimes
        var fields: CacheRecordWrite = []
        fields.reserveCapacity(selected.count)
        var hint = 0
        for field in selected where field.isSelected(variables: variables) {
            guard let value = input.member(object, field.responseKey, hint: &hint) else { continue }
            let fieldKey = field.cacheKey(variables: variables)
            let path = responsePath.map { $0.isEmpty ? field.responseKey : $0 + "." + field.responseKey }
            let entry = try self.entry(
                input, value, field: field, owner: key, fieldKey: fieldKey, lifetime: lifetimes.of(field),
                responsePath: path)
            fields.append(CacheFieldWrite(name: fieldKey, entry: entry))
        }
        // Two fields of one key (`a: name` and `b: name`): which one the record keeps is the normalizer's to say.
        // (Only fields of one name can: compared only when the selection has such fields.)
        if recordsLeaves, selected.contains(where: \.sharesName), Self.repeatsAName(fields) {
            revisitedRecords.insert(key)
        }
        // After what a visit below wrote to the same record: this visit's fields win. (One lookup: a record first
        // written here gets `fields` as they are.)
        var revisited = false
        Self.append(fields, to: &writes[key, default: []], revisited: &revisited)
        if revisited {
            objectsAreReusable = false
            if recordsLeaves { revisitedRecords.insert(key) }
        }
    }

    /// Takes what the previous answer's visit of the object at tape index `index` (the record `key`, read with the
    /// selection `selection` as `typeName`) wrote, when it had an object of that key, type and selection with the same
    /// text: the writes of its record and of the records of the objects inside it, received now (a visit of the same
    /// text writes nothing else), its objects and leaves (moved to where the object is on this tape). `false`, with
    /// nothing done, when there is none (the object is read).
    private mutating func takePrevious(
        _ index: Int, key: String, selection: GraphQLSelectionSetMetadata, typeName: String?
    ) -> Bool {
        guard let previous, let tape else { return false }
        let candidates = previous.objects
        let found: Int?
        if previousCursor < candidates.count, candidates[previousCursor].key == key {
            found = previousCursor
        } else {
            found = candidates.firstIndex { $0.key == key }
        }
        guard let at = found else { return false }
        let object = candidates[at]
        guard object.selections === selection, object.typeName == typeName,
            tape.hasSameText(index, as: object.tapeIndex, of: previous.tape)
        else {
            previousCursor = at + 1
            return false
        }
        // Its leaves, when this answer's are recorded and the previous answer's were.
        var movedLeaves: ArraySlice<AnswerLeaf> = []
        var movedStructural: ArraySlice<Int> = []
        if recordsLeaves {
            guard let leaves = previous.leaves, let structural = previous.structuralLeaves,
                object.leaves.upperBound <= leaves.count, object.structuralLeaves.upperBound <= structural.count
            else { return false }
            movedLeaves = leaves[object.leaves]
            movedStructural = structural[object.structuralLeaves]
        }
        // Every record it wrote is there (taken only whole).
        let inner = candidates[at..<object.end]
        var taken: [Dictionary<String, CacheRecordWrite>.Index] = []
        taken.reserveCapacity(inner.count)
        for visit in inner {
            guard let found = previous.writes.index(forKey: visit.key) else { return false }
            taken.append(found)
        }
        let shift = index - object.tapeIndex
        let firstObject = objects.count
        let leafShift = leaves.count - object.leaves.lowerBound
        let structuralShift = structuralLeaves.count - object.structuralLeaves.lowerBound
        objects.reserveCapacity(objects.count + inner.count)
        for (visit, found) in zip(inner, taken) {
            // Received now (a new list: the previous answer's stays as it was).
            var fields = previous.writes.values[found]
            for position in fields.indices {
                fields[position].entry.receivedAt = receivedAt
                noteLifetime(fields[position].entry.maxAge)
            }
            dependencies.insert(visit.key)
            var revisited = false
            Self.append(fields, to: &writes[visit.key, default: []], revisited: &revisited)
            if revisited {
                objectsAreReusable = false
                if recordsLeaves { revisitedRecords.insert(visit.key) }
            } else if recordsLeaves, !previous.revisitedRecords.isEmpty,
                previous.revisitedRecords.contains(visit.key)
            {
                // (Two of its fields of one key: as the visit found them.)
                revisitedRecords.insert(visit.key)
            }
            var moved = visit
            moved.tapeIndex += shift
            moved.end += firstObject - at
            if recordsLeaves {
                moved.leaves = (moved.leaves.lowerBound + leafShift)..<(moved.leaves.upperBound + leafShift)
                let structural = moved.structuralLeaves
                moved.structuralLeaves =
                    (structural.lowerBound + structuralShift)..<(structural.upperBound + structuralShift)
            } else {
                // (None recorded: empty, as a visit's.)
                moved.leaves = leaves.count..<leaves.count
                moved.structuralLeaves = structuralLeaves.count..<structuralLeaves.count
            }
            objects.append(moved)
        }
        if !movedLeaves.isEmpty {
            leaves.reserveCapacity(leaves.count + movedLeaves.count)
            for var leaf in movedLeaves {
                leaf.tapeIndex += shift
                leaves.append(leaf)
            }
        }
        if !movedStructural.isEmpty { structuralLeaves.append(contentsOf: movedStructural.lazy.map { $0 + shift }) }
        reusedObjects += inner.count
        previousCursor = object.end
        return true
    }

    /// Writes the fields of an object of the schema's query root type met below an answer's root (a mutation payload's
    /// `query: Query!`, a query's field of that type) as a query's answer writes its root fields: each to its root
    /// field's record (`QUERY_ROOT.<field key>`), where a query reading that field finds it, with the store's usual
    /// rules. Its field keys are the fields' own (a list policy's merge and a cache redirect are a root selection's).
    private mutating func writeQueryRootFields<Input: CacheNormalizerInput>(
        _ input: Input, _ object: Input.Value, selected: [CollectedField], responsePath: String?
    ) throws(GraphQLDecodingError) {
        // (The root's records, not an object's: the objects around it cannot be taken as they are.)
        objectsAreReusable = false
        let lifetimes = facts(of: queryTypeName).lifetimes
        var hint = 0
        for field in selected where field.isSelected(variables: variables) {
            guard let value = input.member(object, field.responseKey, hint: &hint) else { continue }
            let fieldKey = field.cacheKey(variables: variables)
            let recordKey = CacheKey.rootField(CacheKey.queryRoot, fieldKey)
            let path = responsePath.map { $0.isEmpty ? field.responseKey : $0 + "." + field.responseKey }
            let entry = try self.entry(
                input, value, field: field, owner: recordKey, fieldKey: fieldKey, lifetime: lifetimes.of(field),
                responsePath: path)
            if recordsLeaves, writes[recordKey] != nil { revisitedRecords.insert(recordKey) }
            writes[recordKey, default: []].append(CacheFieldWrite(name: fieldKey, entry: entry))
            dependencies.insert(recordKey)
        }
    }

    /// Appends `fields` to a record's writes, `revisited` when it held some already.
    private static func append(_ fields: CacheRecordWrite, to writes: inout CacheRecordWrite, revisited: inout Bool) {
        if writes.isEmpty {
            writes = fields
        } else {
            revisited = true
            writes.append(contentsOf: fields)
        }
    }

    /// Whether two of `fields` have the same field key (a few per object: compared in pairs, nothing hashed).
    private static func repeatsAName(_ fields: CacheRecordWrite) -> Bool {
        for index in fields.indices.dropFirst() {
            let name = fields[index].name
            for earlier in fields[..<index] where earlier.name == name { return true }
        }
        return false
    }

    /// The key of an object without a key at the field `fieldKey` of `owner`, at ``listIndices`` in its lists.
    private func pathKey(owner: String, fieldKey: String) -> String {
        CacheKey.child(of: owner, field: fieldKey, at: listIndices)
    }

    /// ``CacheKey/object(typeName:values:)`` (spelled here, without a list of the values), or `nil` when the object's
    /// type or a key field is not known (or is not a string or a number). A key field is read where the selection
    /// puts it (`memberID: id` under `memberID`), never from a response key that holds another field (`id: name`).
    private mutating func objectKey<Input: CacheNormalizerInput>(
        _ object: Input.Value, in input: Input, facts: CacheTypeFacts, selected: [CollectedField]
    ) throws(GraphQLDecodingError) -> String? {
        guard facts.typeName != nil else { return nil }
        let keyFields = facts.keyFields
        var key: [UInt8] = []
        key.reserveCapacity(facts.keyPrefix.count + keyFields.count * 16)
        key.append(contentsOf: facts.keyPrefix)
        for (index, field) in keyFields.enumerated() {
            guard let responseKey = responseKey(of: field, in: selected), let member = input.member(object, responseKey)
            else { return nil }
            if recordsLeaves, let index = input.tapeIndex(member) { structuralLeaves.append(index) }
            if index > 0 { key.append(UInt8(ascii: ",")) }
            // A plain id (most are) is appended from the body's text, no value built.
            if input.appendPlainKeyComponent(member, to: &key) { continue }
            switch try input.json(member) {
            case .string(let text), .number(let text): CacheKey.appendComponent(text, to: &key)
            default: return nil
            }
        }
        return String(decoding: key, as: UTF8.self)
    }

    /// The response key of the field `name` (without arguments) among `selected`: its alias when it has one; `nil`
    /// when it is not selected and another field has `name` as its response key. (A field none of `selected` names is
    /// looked up under its name: metadata written by hand may leave out a key field the response has.)
    private func responseKey(of name: String, in selected: [CollectedField]) -> String? {
        var taken = false
        for field in selected {
            if field.name == name, field.constantCacheKey != nil, field.isSelected(variables: variables) {
                return field.responseKey
            }
            if field.responseKey == name { taken = true }
        }
        return taken ? nil : name
    }

    /// What the metadata says of `typeName` (its key fields, its fields' lifetimes), looked up once per response (and
    /// made once per operation, type and server lifetime: ``CacheTypeFactsMemo``).
    private mutating func facts(of typeName: String?) -> CacheTypeFacts {
        if let known = typeFacts.first(where: { $0.typeName == typeName }) { return known }
        let facts = metadata.typeFacts.facts(of: typeName, serverMaxAge: serverMaxAge) {
            CacheTypeFacts(
                typeName: typeName, keyFields: typeName.map(metadata.keyFields(of:)) ?? [],
                lifetimes: CacheFieldLifetimes(metadata, typeName: typeName, serverMaxAge: serverMaxAge))
        }
        // Few types appear in one response: a scan of them costs less than hashing a name.
        if typeFacts.count < 16 { typeFacts.append(facts) }
        return facts
    }

    /// The object's `__typename` (where the selection puts it: ``GraphQLSelectionSetMetadata/typeNameResponseKey``),
    /// else the type its selections are on.
    private static func typeName<Input: CacheNormalizerInput>(
        of object: Input.Value, in input: Input, selections: GraphQLSelectionSetMetadata
    ) throws(GraphQLDecodingError) -> String? {
        if let responseKey = selections.typeNameResponseKey, let member = input.member(object, responseKey) {
            // The selection's own type (every object of a concrete type): its name, none built.
            if let known = selections.typeName, input.hasText(member, of: .string(known)) { return known }
            if case .string(let name) = try input.json(member) { return name }
        }
        return selections.typeName
    }

    /// Where an error at `path` put its `null` in `data`: the first position along the path that is `null` (or
    /// absent), spelled as the normalizer spells paths (`user.profile`, `users[1]`); the whole path when none is.
    static func landing(of path: [GraphQLError.PathComponent], in data: JSONObject) -> String {
        var current: JSONValue = .object(data)
        var text = ""
        for component in path {
            switch component {
            case .field(let name):
                text += text.isEmpty ? name : "." + name
                guard case .object(let members) = current, let next = members[name], next != .null else { return text }
                current = next
            case .index(let index):
                text += "[\(index)]"
                guard case .array(let items) = current, items.indices.contains(index), items[index] != .null else {
                    return text
                }
                current = items[index]
            }
        }
        return text
    }

    /// `game.lastDraw.prizePool`, `draws[2].prizePool`: a GraphQL error's path as the normalizer spells paths.
    static func responsePath(_ components: [GraphQLError.PathComponent]) -> String {
        var text = ""
        for component in components {
            switch component {
            case .field(let name): text += text.isEmpty ? name : "." + name
            case .index(let index): text += "[\(index)]"
            }
        }
        return text
    }
}
