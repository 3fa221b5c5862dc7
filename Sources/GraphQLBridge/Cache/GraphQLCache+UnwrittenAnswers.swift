import Foundation

/// Answers the server gave that are not written: what the server applied is never forgotten.
///
/// An answer with data says what the server holds now (for a mutation: what it applied), even when the cache does
/// not write it: the server said `Cache-Control: no-store`, the body did not decode into the operation's type (or
/// came with a refusing HTTP status), or an error without a path cannot be placed. Then the stored fields the answer
/// carries with another value (the fields of the records it names, keyed objects and the query's root fields) are
/// made stale: kept for `.cacheOnly` and offline reads, never served as fresh, so the next `.preferCache` read asks
/// the server. Fields the answer gives with the value the store holds keep their lifetimes.
extension GraphQLCache {
    /// Makes stale the stored fields that `response` (an answer not written) carries with another value; with
    /// `layer`, its optimistic layer ends as applied, not refused: removed, and every stored field it changed made
    /// stale (the server's values for them are not known). `watcher`, whose own answer this is, is not signalled (it
    /// shows the server's answer itself), but depends from now on on the records the answer is made of: what the cache
    /// learns of them later (another query's answer, a mutation) reaches it, as after an answer that was written.
    func markStale(carriedBy response: ResponseWrite, endingLayer layer: UInt64? = nil, sparing watcher: CacheWatcher?)
    {
        var expected: [String: CacheRecord] = [:]
        if let layer, let index = optimisticLayers.firstIndex(where: { $0.id == layer }) {
            expected = optimisticLayers.remove(at: index).records
        }
        let (carried, placements, dependencies) = carriedRecords(response)
        if let watcher { watchers.setDependencies(dependencies, of: watcher.id) }
        let staled = markStale(every: expected, differing: carried, placements: placements)
        // The layer's records read as the store holds them again; the stale ones changed in the store.
        let touched = staled.union(expected.keys)
        guard !touched.isEmpty else { return }
        watchers.signal(touched, except: watcher?.id)
        memo.forget(readingAnyOf: touched, except: nil)
    }

    /// Makes stale every stored field of `every` (an optimistic layer's: what the mutation was expected to change)
    /// and the stored fields of `differing` (an answer's records) whose value differs from the one given (stale ones
    /// too: stamped again); logs the change (an answer in flight from before does not make them fresh again) and
    /// returns the keys of the records changed. The fields of either that the store does not hold are marked in
    /// memory (``UnwrittenFieldMarks``), so that an answer in flight from before does not write them fresh either.
    /// A page of a list (`placements`, where ``CacheListMergeStep`` would place it) is compared as the list it would
    /// make of the stored one: a first page that keeps the stored tail leaves a list that holds it as it is, and a page
    /// that continues nothing stales nothing. Signals no watcher.
    @discardableResult
    func markStale(
        every: [String: CacheRecord], differing: [String: CacheRecord], placements: CacheListMerges = [:]
    ) -> Set<String> {
        let keys = Set(every.keys).union(differing.keys)
        guard !keys.isEmpty else { return [] }
        // A request that started at the store's version now is older than this answer; one that starts later is not.
        let markVersion = ((try? store.version()) ?? generation.current) + 1
        var absent: [(key: String, field: String, value: CacheValue?)] = []
        var held: Set<String> = []
        defer {
            for (key, record) in every where !held.contains(key) {
                for name in record.fieldNames { absent.append((key, name, nil)) }
            }
            for (key, record) in differing where !held.contains(key) {
                for name in record.fieldNames {
                    guard let given = record.entry(named: name)?.value, given != .missing else { continue }
                    absent.append((key, name, given))
                }
            }
            for mark in absent {
                unwrittenMarks.mark(mark.key, field: mark.field, value: mark.value, version: markVersion)
            }
        }
        do throws(GraphQLCacheError) {
            // Read and written in one transaction: another process's write of other fields meanwhile is kept.
            let stale = try store.update(Array(keys)) { record, version in
                held.insert(record.key)
                var touched = false
                func expire(_ name: String, unless given: CacheValue?) {
                    guard var entry = record.entry(named: name), entry.value != .missing else {
                        absent.append((record.key, name, given))
                        return
                    }
                    // A field stale already is stamped again all the same: the answer is newer than its value
                    // (seed 4175: a `no-cache` answer, then a `no-store` rename, then a late answer sent between).
                    guard given == nil || given != entry.value else { return }
                    entry.maxAge = .zero
                    entry.version = version
                    record.setEntry(entry, named: name)
                    touched = true
                }
                if let fields = every[record.key] { for name in fields.fieldNames { expire(name, unless: nil) } }
                if let fields = differing[record.key] {
                    let pages = placements[record.key]
                    for name in fields.fieldNames {
                        guard var given = fields.entry(named: name)?.value, given != .missing else { continue }
                        if let placement = pages?[name], let stored = record.entry(named: name)?.value,
                            stored != .missing
                        {
                            // The list the page would make of the stored one; none: it continues nothing.
                            guard let combined = placement.combine(stored, given) else { continue }
                            given = combined
                        }
                        expire(name, unless: given)
                    }
                }
                return touched
            }
            let changed = Set(stale)
            guard !changed.isEmpty else { return [] }
            syncGeneration()
            // A field made stale takes space too (its lifetime is written): the byte limit holds after every write.
            trimIfNeeded(keeping: stale)
            return changed
        } catch {
            unreliableKeys.formUnion(keys)
            report(error)
            return keys
        }
    }

    /// The records `response`'s data carries (its errors' `null`s read as values: compared, not written), its pages of
    /// lists moved to their lists (``CacheListMergeStep``) with where each would go, and the records it is made of.
    private func carriedRecords(_ response: ResponseWrite) -> (
        records: [String: CacheRecord], placements: CacheListMerges, dependencies: Set<String>
    ) {
        var normalizer = CacheNormalizer(
            metadata: response.metadata, variables: response.variables, receivedAt: currentTime(),
            serverMaxAge: nil, defaultMaxAge: maxAge)
        switch response.data {
        case .tree(let data):
            normalizer.normalize(data: data, errors: [], rootKey: response.rootKey)
        case .tape(let tape, let data):
            normalizer.normalize(tape: tape, data: data, rootKey: response.rootKey)
        case .body(let body):
            guard let data = ResponseData.taped([UInt8](body)) else { return ([:], [:], []) }
            var taped = response
            taped.data = data
            return carriedRecords(taped)
        }
        let moved = movingPages(of: response, normalizedBy: normalizer)
        let records = Dictionary(
            uniqueKeysWithValues: moved.writes.map { ($0.key, CacheRecord(key: $0.key, writes: $0.value)) })
        return (records, moved.lists ?? [:], moved.dependencies)
    }
}
