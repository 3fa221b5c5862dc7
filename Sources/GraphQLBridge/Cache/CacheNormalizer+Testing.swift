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
