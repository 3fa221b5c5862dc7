import Foundation

extension GraphQLCacheMetadata {
    /// The records a server's answer without errors is written as, read the two ways the cache reads a body: through
    /// its tape (`tape`, `nil` when the tape does not take the body or a kept value is not valid) and through the
    /// parsed tree (`tree`, `nil` when the body is not JSON or has no `data` object). Where both give records, they
    /// are the same: for tests and the fuzz target that check it.
    @_spi(Testing)
    public func normalizedRecords(
        body: Data, variables: [String: JSONValue], receivedAt: Date, defaultMaxAge: Duration = .seconds(60)
    ) -> (tape: [String: CacheRecord]?, tree: [String: CacheRecord]?) {
        func normalizer() -> CacheNormalizer {
            CacheNormalizer(
                metadata: self, variables: variables, receivedAt: receivedAt, serverMaxAge: nil,
                defaultMaxAge: defaultMaxAge)
        }
        var tape: [String: CacheRecord]?
        if case .tape(let parsed, let data)? = ResponseData.taped([UInt8](GraphQLResponseDecoder.utf8(body))) {
            var reader = normalizer()
            reader.normalize(tape: parsed, data: data, rootKey: CacheKey.queryRoot)
            if reader.isWritable { tape = reader.records }
        }
        var tree: [String: CacheRecord]?
        if case .object(let members)? = try? JSONValue(parsing: GraphQLResponseDecoder.utf8(body)),
            case .object(let data)? = members["data"]
        {
            var reader = normalizer()
            reader.normalize(data: data, errors: [], rootKey: CacheKey.queryRoot)
            if reader.isWritable { tree = reader.records }
        }
        return (tape, tree)
    }

    /// Where normalizing a server's answer without errors through its tape after the query's `previous` answer (its
    /// objects with the same text taken as they were written, ``CacheNormalizer/previous``) differs from normalizing it
    /// alone: in its writes (received at `receivedAt`), the records it depends on, when it expires, its leaves and
    /// objects (`recordsLeaves`: as a memory cache records them). No difference is the property; `reusedObjects` says how
    /// many objects were taken. `nil` when a tape does not take a body or `previous` keeps nothing to take.
    @_spi(Testing)
    public func normalizationDifferences(
        body: Data, previous: Data, variables: [String: JSONValue], receivedAt: Date, previousReceivedAt: Date,
        recordsLeaves: Bool = true, defaultMaxAge: Duration = .seconds(60)
    ) -> (differences: [String], reusedObjects: Int)? {
        func normalizer(at time: Date) -> CacheNormalizer {
            var normalizer = CacheNormalizer(
                metadata: self, variables: variables, receivedAt: time, serverMaxAge: nil, defaultMaxAge: defaultMaxAge)
            normalizer.recordsLeaves = recordsLeaves
            return normalizer
        }
        guard
            case .tape(let before, let beforeData)? = ResponseData.taped(
                [UInt8](GraphQLResponseDecoder.utf8(previous))),
            case .tape(let tape, let data)? = ResponseData.taped([UInt8](GraphQLResponseDecoder.utf8(body)))
        else { return nil }
        var first = normalizer(at: previousReceivedAt)
        first.normalize(tape: before, data: beforeData, rootKey: CacheKey.queryRoot)
        guard first.isWritable,
            let source = AnswerSource(
                tape: before, data: beforeData, serverMaxAge: nil, mustRevalidate: false, normalizer: first),
            let kept = source.previousAnswer(serverMaxAge: nil, mustRevalidate: false)
        else { return nil }
        var alone = normalizer(at: receivedAt)
        alone.normalize(tape: tape, data: data, rootKey: CacheKey.queryRoot)
        var after = normalizer(at: receivedAt)
        after.previous = kept
        after.normalize(tape: tape, data: data, rootKey: CacheKey.queryRoot)
        var differences: [String] = []
        func compare<Value: Equatable>(_ name: String, _ lhs: Value, _ rhs: Value) {
            if lhs != rhs { differences.append("\(name): \(lhs) alone, \(rhs) after the previous answer") }
        }
        compare("writable", alone.isWritable, after.isWritable)
        compare("writes", alone.writes, after.writes)
        compare("dependencies", alone.dependencies, after.dependencies)
        compare("expiry", alone.earliestExpiry, after.earliestExpiry)
        compare("leaves", alone.leaves.map(\.description), after.leaves.map(\.description))
        compare("structural leaves", alone.structuralLeaves, after.structuralLeaves)
        compare("revisited records", alone.revisitedRecords, after.revisitedRecords)
        compare("objects", alone.objects.map(\.description), after.objects.map(\.description))
        compare("objects reusable", alone.objectsAreReusable, after.objectsAreReusable)
        return (differences, after.reusedObjects)
    }

    /// How a later answer `body` of a query patches its `previous` answer (with the leaves a memory cache records) the
    /// two ways the cache patches: compared in place (``AnswerSource/patch(body:)``, `inPlace`) and through `body`'s
    /// tape (``AnswerSource/patch(tape:data:)``, `byTape`, which also takes whitespace that moved and an unchanged
    /// body). `differences`: where the first patches and the second does not, or gives other changes (record, field,
    /// value), or where the source it makes holds another tape than the one ``JSONTape`` makes of `body`. No difference
    /// is the property. `nil` when a tape does not take `previous` or it records no leaves.
    @_spi(Testing)
    public func patchDifferences(body: Data, previous: Data, variables: [String: JSONValue])
        -> (differences: [String], inPlace: Bool, byTape: Bool)?
    {
        var normalizer = CacheNormalizer(
            metadata: self, variables: variables, receivedAt: Date(timeIntervalSince1970: 0), serverMaxAge: nil,
            defaultMaxAge: .seconds(60))
        normalizer.recordsLeaves = true
        guard
            case .tape(let before, let beforeData)? = ResponseData.taped(
                [UInt8](GraphQLResponseDecoder.utf8(previous)))
        else { return nil }
        normalizer.normalize(tape: before, data: beforeData, rootKey: CacheKey.queryRoot)
        guard normalizer.isWritable,
            let source = AnswerSource(
                tape: before, data: beforeData, serverMaxAge: nil, mustRevalidate: false, normalizer: normalizer)
        else { return nil }
        let bytes = [UInt8](GraphQLResponseDecoder.utf8(body))
        let inPlace = source.patch(body: bytes)
        guard case .tape(let tape, let data)? = ResponseData.taped(bytes) else {
            return (inPlace == nil ? [] : ["patched in place a body the tape does not take"], inPlace != nil, false)
        }
        let byTape = source.patch(tape: tape, data: data)
        var differences: [String] = []
        guard let inPlace else { return (differences, false, byTape != nil) }
        guard let byTape else { return (["patched in place, not through the tape"], true, false) }
        func describe(_ changes: [AnswerSource.LeafChange]) -> [String] {
            changes.map { "\($0.leaf.record).\($0.leaf.field) = \($0.value)" }
        }
        if describe(inPlace.changes) != describe(byTape.changes) {
            differences.append(
                "changes: \(describe(inPlace.changes)) in place, \(describe(byTape.changes)) by the tape")
        }
        let made = inPlace.source.tape
        if made.bytes != tape.bytes || made.entries.count != tape.entries.count
            || zip(made.entries, tape.entries).contains(where: {
                $0.start != $1.start || $0.end != $1.end || $0.next != $1.next
            })
        {
            differences.append("the source's tape is not the body's")
        }
        if inPlace.source.data != byTape.source.data || inPlace.source.dataIndex != byTape.source.dataIndex {
            differences.append("the source's data: \(inPlace.source.data) in place, \(byTape.source.data) by the tape")
        }
        return (differences, true, true)
    }

    /// The records an optimistic result made of `value` is written as (its members read as they are, its leaves
    /// encoded one by one): for tests that compare them with the records of the same data from a server.
    @_spi(Testing)
    public func optimisticRecords(
        of value: some GraphQLResponseEncodable, variables: [String: JSONValue], receivedAt: Date,
        defaultMaxAge: Duration = .seconds(60)
    ) throws(GraphQLDecodingError) -> [String: CacheRecord] {
        var normalizer = CacheNormalizer(
            metadata: self, variables: variables, receivedAt: receivedAt, serverMaxAge: nil,
            defaultMaxAge: defaultMaxAge)
        try normalizer.normalize(GraphQLResponseObject(value), rootKey: CacheKey.queryRoot)
        return normalizer.records
    }
}
