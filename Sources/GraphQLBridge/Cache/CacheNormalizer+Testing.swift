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
