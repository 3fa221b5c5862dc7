import Foundation

/// An optimistic mutation result: the records the mutation is expected to change, normalized, kept apart from
/// the store and read over it until the server answers. Layers are independent: removing one (the mutation
/// failed) leaves the others, and what the store holds, exactly as they were.
struct OptimisticLayer: Sendable {
    /// The layer's number (increasing: layers are read oldest first, the newest on top).
    let id: UInt64
    /// The expected records, by key, holding only the fields the optimistic result has.
    let records: [String: CacheRecord]

    /// `stored` (the store's records for `keys`) with the layers' fields merged over them, oldest layer first.
    static func overlay(_ layers: [OptimisticLayer], on stored: [String: CacheRecord], keys: [String])
        -> [String: CacheRecord]
    {
        guard !layers.isEmpty else { return stored }
        var result = stored
        for key in keys {
            for layer in layers {
                guard let fields = layer.records[key] else { continue }
                var record = result[key] ?? CacheRecord(key: key)
                record.merge(fields)
                result[key] = record
            }
        }
        return result
    }
}

extension GraphQLCache {
    /// Applies a mutation's expected result over the store (watchers see it at once); returns the layer's id,
    /// for ``replaceOptimisticLayer(_:data:errors:metadata:variables:serverMaxAge:)`` or
    /// ``removeOptimisticLayer(_:)``.
    func addOptimisticLayer(data: [String: JSONValue], metadata: GraphQLCacheMetadata, variables: [String: JSONValue])
        -> UInt64
    {
        var normalizer = CacheNormalizer(
            metadata: metadata, variables: variables, receivedAt: currentTime(), serverMaxAge: nil, errors: [])
        normalizer.normalize(data: data, rootKey: Self.mutationRootKey)
        let records = normalizer.records.filter { !$0.key.hasPrefix(Self.mutationRootKey) }
        lastOptimisticLayerID += 1
        optimisticLayers.append(OptimisticLayer(id: lastOptimisticLayerID, records: records))
        invalidate(Set(records.keys))
        return lastOptimisticLayerID
    }

    /// Rolls an optimistic layer back (its mutation failed): what it changed reads as the store and the other
    /// layers say again, and the watchers of those records are told.
    func removeOptimisticLayer(_ id: UInt64) {
        guard let index = optimisticLayers.firstIndex(where: { $0.id == id }) else { return }
        let layer = optimisticLayers.remove(at: index)
        invalidate(Set(layer.records.keys))
    }

    /// Replaces an optimistic layer with the server's result in one step (watchers never see the rollback in
    /// between).
    func replaceOptimisticLayer(
        _ id: UInt64, data: [String: JSONValue], errors: [GraphQLError], metadata: GraphQLCacheMetadata,
        variables: [String: JSONValue], serverMaxAge: Duration?
    ) {
        removeOptimisticLayer(id)
        write(
            data: data, errors: errors, metadata: metadata, variables: variables, rootKey: Self.mutationRootKey,
            serverMaxAge: serverMaxAge)
    }

    /// How many optimistic layers are waiting for their server's answer.
    public var optimisticLayerCount: Int { optimisticLayers.count }
}
