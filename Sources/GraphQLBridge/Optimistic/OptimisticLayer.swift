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
    /// How an optimistic layer ends when its mutation gives no result to write.
    enum LayerEnding: Sendable {
        /// The server refused the mutation (it answered with errors): what the layer changed reads as before.
        case rolledBack
        /// The outcome cannot be known (cancelled or cut off after the request went out: the server may have applied
        /// it): rolled back, and the stored fields the layer would have changed are stale, so the next read asks the
        /// server.
        case unknownOutcome
    }

    /// Applies a mutation's expected result (its records, as ``CacheNormalizer`` wrote them) over the store
    /// (watchers see it at once); returns the layer's id, for ``write(_:replacingLayer:)`` or
    /// ``removeOptimisticLayer(_:ending:)``.
    func addOptimisticLayer(_ writes: [String: CacheRecordWrite]) -> UInt64 {
        lastOptimisticLayerID += 1
        let records = Dictionary(
            uniqueKeysWithValues: writes.map { ($0.key, CacheRecord(key: $0.key, writes: $0.value)) })
        optimisticLayers.append(OptimisticLayer(id: lastOptimisticLayerID, records: records))
        invalidate(Set(records.keys))
        return lastOptimisticLayerID
    }

    /// Ends an optimistic layer whose mutation gives nothing to write: what it changed reads as the store and the
    /// other layers say again (made stale for an unknown outcome), and the watchers of those records are told.
    func removeOptimisticLayer(_ id: UInt64, ending: LayerEnding) {
        guard let index = optimisticLayers.firstIndex(where: { $0.id == id }) else { return }
        let layer = optimisticLayers.remove(at: index)
        if ending == .unknownOutcome { markStale(layer.records) }
        invalidate(Set(layer.records.keys))
    }

    /// Replaces an optimistic layer with the server's result in one step (watchers never see the rollback in
    /// between).
    func write(_ response: ResponseWrite, replacingLayer id: UInt64) {
        if let index = optimisticLayers.firstIndex(where: { $0.id == id }) {
            let layer = optimisticLayers.remove(at: index)
            invalidate(Set(layer.records.keys))
        }
        write(response)
    }

    /// How many optimistic layers are waiting for their server's answer.
    public var optimisticLayerCount: Int { optimisticLayers.count }

    /// Makes the stored fields of `expected` stale (their values kept, for `.cacheOnly` and offline reads).
    private func markStale(_ expected: [String: CacheRecord]) {
        do throws(GraphQLCacheError) {
            // Read and written in one transaction: another process's write of other fields meanwhile is kept.
            let stale = try store.update(Array(expected.keys)) { record, version in
                guard let layer = expected[record.key] else { return false }
                var touched = false
                for name in layer.fieldNames {
                    guard var entry = record.entry(named: name) else { continue }
                    entry.maxAge = .zero
                    entry.version = version
                    record.setEntry(entry, named: name)
                    touched = true
                }
                return touched
            }
            changed(Set(stale))
        } catch {
            unreliableKeys.formUnion(expected.keys)
            report(error)
        }
    }
}
