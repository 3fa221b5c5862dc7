import Foundation

/// An optimistic mutation result: the records the mutation is expected to change, normalized, kept apart from
/// the store and read over it until the server answers. Layers are independent: removing one (the mutation
/// failed) leaves the others, and what the store holds, exactly as they were.
struct OptimisticLayer: Sendable {
    /// The layer's number (increasing: layers are read oldest first, the newest on top).
    let id: UInt64
    /// The expected records, by key, holding only the fields the optimistic result has.
    let records: [String: CacheRecord]
    /// The pages of lists among ``records``' fields (``CacheListMergeStep``), by record key then field key: each is
    /// combined, when read, with the list under it (the store's, and the older layers'), as the store combines an
    /// answer's page; the store itself is never changed, so removing the layer gives the list back as it was.
    var lists: CacheListMerges = [:]

    /// `stored` (the store's records for `keys`) with the layers' fields merged over them, oldest layer first.
    static func overlay(_ layers: [OptimisticLayer], on stored: [String: CacheRecord], keys: [String])
        -> [String: CacheRecord]
    {
        guard !layers.isEmpty else { return stored }
        var result = stored
        for key in keys {
            for layer in layers {
                guard var fields = layer.records[key] else { continue }
                var record = result[key] ?? CacheRecord(key: key)
                if !layer.lists.isEmpty, let placements = layer.lists[key] {
                    fields = pages(fields, placements: placements, over: record)
                }
                record.merge(fields)
                result[key] = record
            }
        }
        return result
    }

    /// `fields` with each page of `placements` combined with the list `under` holds (a page that continues nothing
    /// left out, as the store leaves it out).
    private static func pages(
        _ fields: CacheRecord, placements: [String: CacheListPlacement], over under: CacheRecord
    ) -> CacheRecord {
        var combined = CacheRecord(key: fields.key)
        for (name, entry) in fields.fields {
            guard let placement = placements[name], placement != .replace else {
                combined.setEntry(entry, named: name)
                continue
            }
            guard let value = placement.combine(under.entry(named: name)?.value, entry.value) else { continue }
            var page = entry
            page.value = value
            combined.setEntry(page, named: name)
        }
        return combined
    }
}

extension GraphQLCache {
    /// How an optimistic layer ends when its mutation gives no result to write.
    enum LayerEnding: Sendable {
        /// The server refused the mutation (it answered with errors and no data, or the request certainly never went
        /// out): what the layer changed reads as before. (An answer with data is applied, errors or not: the layer is
        /// replaced by it, or ended as applied: see `GraphQLHTTPClient.store`.)
        case rolledBack
        /// The outcome cannot be known (cancelled or cut off after the request went out: the server may have applied
        /// it): rolled back, and the stored fields the layer would have changed are stale, so the next read asks the
        /// server.
        case unknownOutcome
    }

    /// Applies a mutation's expected result (its records, as ``CacheNormalizer`` wrote them) over the store
    /// (watchers see it at once); returns the layer's id, for ``write(_:replacingLayer:)`` or
    /// ``removeOptimisticLayer(_:ending:)``.
    /// `lists`: where the pages among `writes` go in the lists under them (``CacheListMergeStep``).
    func addOptimisticLayer(_ writes: [String: CacheRecordWrite], lists: CacheListMerges = [:]) -> UInt64 {
        lastOptimisticLayerID += 1
        let records = Dictionary(
            uniqueKeysWithValues: writes.map { ($0.key, CacheRecord(key: $0.key, writes: $0.value)) })
        optimisticLayers.append(OptimisticLayer(id: lastOptimisticLayerID, records: records, lists: lists))
        invalidate(Set(records.keys))
        return lastOptimisticLayerID
    }

    /// Ends an optimistic layer whose mutation gives nothing to write: what it changed reads as the store and the
    /// other layers say again (made stale for an unknown outcome), and the watchers of those records are told.
    func removeOptimisticLayer(_ id: UInt64, ending: LayerEnding) {
        guard let index = optimisticLayers.firstIndex(where: { $0.id == id }) else { return }
        let layer = optimisticLayers.remove(at: index)
        if ending == .unknownOutcome { markStale(every: layer.records, differing: [:]) }
        invalidate(Set(layer.records.keys))
    }

    /// Replaces an optimistic layer with the server's result in one step (watchers never see the rollback in
    /// between). When the answer cannot be written (an error without a path), the layer ends as applied: the stored
    /// fields it changed are made stale.
    func write(_ response: ResponseWrite, replacingLayer id: UInt64) {
        guard let index = optimisticLayers.firstIndex(where: { $0.id == id }) else {
            write(response)
            return
        }
        let layer = optimisticLayers.remove(at: index)
        let outcome = write(response)
        if outcome.wasUnwritable { markStale(every: layer.records, differing: [:]) }
        invalidate(Set(layer.records.keys))
    }

    /// How many optimistic layers are waiting for their server's answer.
    public var optimisticLayerCount: Int { optimisticLayers.count }
}
