import Foundation

/// Records in memory, bounded by a byte budget: when a write takes the store over its budget, the least
/// recently used records (read or written) are removed. Its versions (``GraphQLCacheStore``) are kept in memory: no
/// one else writes to it.
final class MemoryCacheStore: GraphQLCacheStore {
    struct Slot {
        var record: CacheRecord
        var bytes: Int
        var lastUse: UInt64
    }

    /// The owning cache's lifetime of a field with none of its own (``GraphQLCacheStore/defaultMaxAge``).
    var defaultMaxAge: Duration?
    private var slots = MemoryCacheSlots(vacant: Slot(record: CacheRecord(key: ""), bytes: 0, lastUse: 0))
    private var totalBytes = 0
    private var clock: UInt64 = 0
    /// The version of the last change (``version()``).
    private var lastChange: UInt64 = 0
    /// The version of the last ``removeAll()``.
    private var clearedAt: UInt64 = 0
    /// The highest version a record had when it was removed (trimmed or evicted): an answer to a request that started
    /// before it may be older than what that record held, which is gone with its versions, so the fields it writes
    /// that the stored records lack are written stale.
    private var removedThrough: UInt64 = 0

    init() {}

    func records(forKeys keys: [String]) -> [String: CacheRecord] {
        var found: [String: CacheRecord] = [:]
        found.reserveCapacity(keys.count)
        for key in keys {
            guard let index = slots.index(forKey: key) else { continue }
            clock += 1
            slots[index].lastUse = clock
            found[key] = slots[index].record
        }
        return found
    }

    func version() -> UInt64 { lastChange }

    func write(_ records: [CacheRecord]) {
        guard !records.isEmpty else { return }
        lastChange += 1
        for var record in records {
            record.stamp(lastChange)
            clock += 1
            let bytes = record.estimatedByteCount
            if let old = slots.set(Slot(record: record, bytes: bytes, lastUse: clock), forKey: record.key) {
                totalBytes -= old.bytes
            }
            totalBytes += bytes
        }
    }

    /// Merges in place: a stored record's fields are not copied to be merged.
    func merge(
        _ incoming: [String: CacheRecordWrite], startedAt start: UInt64?, order: AnswerOrder,
        response: ResponseSave?, lists: CacheListMerges
    ) -> StoreMerge {
        var outcome = StoreMerge()
        if let start, start < clearedAt {
            outcome.cleared = true
            return outcome
        }
        // Room for every record of the answer: the sets and lists do not grow (and rehash) as they fill.
        outcome.changed.reserveCapacity(incoming.count)
        outcome.valueChanged.reserveCapacity(incoming.count)
        // The version the changed fields get; it becomes the store's only when something changed.
        let version = lastChange + 1
        // A record removed since the request started may have held newer values than the answer's.
        let removedSince = start.map { $0 < removedThrough } ?? false
        // The fields kept against the answer (written since its request started, another value), and whether the
        // answer's values were taken elsewhere: then the records mix two moments of the server (see `staleningMixes`).
        var conflicts: [(key: String, names: [String])] = []
        var wroteValue = false
        for (key, fields) in incoming {
            clock += 1
            guard let index = slots.index(forKey: key) else {
                var record = CacheRecord(key: key, capacity: fields.count)
                if record.merge(
                    fields: fields, placements: lists.isEmpty ? nil : lists[key], stamping: version, startedAt: nil,
                    removedSince: removedSince, requestStart: start, defaultMaxAge: defaultMaxAge
                ).overtaken {
                    outcome.overtaken = true
                }
                // (Only pages that continue no list: nothing to keep.)
                if record.isEmpty, !fields.isEmpty { continue }
                let bytes = record.estimatedByteCount
                slots.set(Slot(record: record, bytes: bytes, lastUse: clock), forKey: key)
                totalBytes += bytes
                outcome.changed.append(key)
                if !record.isEmpty {
                    outcome.valueChanged.insert(key)
                    wroteValue = true
                }
                continue
            }
            // In place (the slot's record is not copied): one lookup.
            let merged = slots[index].record.merge(
                fields: fields, placements: lists.isEmpty ? nil : lists[key], stamping: version, startedAt: start,
                removedSince: removedSince, order: order, defaultMaxAge: defaultMaxAge)
            slots[index].lastUse = clock
            if merged.overtaken { outcome.overtaken = true }
            if merged.wroteValue { wroteValue = true }
            if !merged.conflicts.isEmpty { conflicts.append((key, merged.conflicts)) }
            if merged.changed {
                outcome.changed.append(key)
                if merged.valueChanged {
                    outcome.valueChanged.insert(key)
                    let bytes = slots[index].record.estimatedByteCount
                    totalBytes += bytes - slots[index].bytes
                    slots[index].bytes = bytes
                }
            }
        }
        if wroteValue {
            for (key, names) in conflicts {
                guard let index = slots.index(forKey: key),
                    slots[index].record.markStale(names, stamping: version)
                else { continue }
                if !outcome.changed.contains(key) { outcome.changed.append(key) }
                outcome.valueChanged.insert(key)
            }
        }
        if !outcome.valueChanged.isEmpty { lastChange = version }
        outcome.version = version
        return outcome
    }

    func update(_ keys: [String], _ body: (inout CacheRecord, UInt64) -> Bool) -> [String] {
        let version = lastChange + 1
        var changed: [String] = []
        for key in keys {
            guard let index = slots.index(forKey: key), body(&slots[index].record, version) else { continue }
            let bytes = slots[index].record.estimatedByteCount
            totalBytes += bytes - slots[index].bytes
            slots[index].bytes = bytes
            changed.append(key)
        }
        if !changed.isEmpty { lastChange = version }
        return changed
    }

    func refreshFields(of source: AnswerSource, receivedAt: Date) -> Bool {
        Self.refresh(source, in: &slots, clock: &clock, receivedAt: receivedAt)
    }

    /// ``refreshFields(of:receivedAt:)`` on the slots and clock given in place: one access to each for the whole
    /// answer, not one for each record. Through the source's plan when it has one (the fields' keys and lifetimes
    /// alone, each record found where the last refresh found it when it is there still: less memory read, no key
    /// hashed), else its writes.
    private static func refresh(
        _ source: AnswerSource, in slots: inout MemoryCacheSlots<Slot>, clock: inout UInt64, receivedAt: Date
    ) -> Bool {
        let mustRevalidate = source.mustRevalidate
        if let plan = source.refreshPlan {
            let records = plan.records
            var places = plan.places
            let known = places.count == records.count
            var moved = !known
            if !known { places = [] }
            for index in records.indices {
                let found: Int
                if known, let at = slots.index(at: places[index]) {
                    found = at
                } else {
                    guard let at = slots.index(forKey: records[index].key) else { return false }
                    found = at
                    if known { places[index] = slots.place(of: at) } else { places.append(slots.place(of: at)) }
                    moved = true
                }
                guard
                    refresh(
                        at: found, records[index].fields, in: &slots, clock: &clock, receivedAt: receivedAt,
                        mustRevalidate: mustRevalidate)
                else { return false }
            }
            if moved { plan.places = places }
            return true
        }
        for (key, fields) in source.writes {
            guard let index = slots.index(forKey: key),
                refresh(
                    at: index, fields, in: &slots, clock: &clock, receivedAt: receivedAt, mustRevalidate: mustRevalidate
                )
            else { return false }
        }
        return true
    }

    /// Refreshes `fields` of the record at `index` (``CacheRecord/refresh(_:receivedAt:mustRevalidate:)``) on the
    /// slots and clock given in place, and marks it used; `false` when it cannot be refreshed.
    private static func refresh<Field: RefreshedField>(
        at index: Int, _ fields: [Field], in slots: inout MemoryCacheSlots<Slot>, clock: inout UInt64,
        receivedAt: Date, mustRevalidate: Bool
    ) -> Bool {
        guard slots[index].record.refresh(fields, receivedAt: receivedAt, mustRevalidate: mustRevalidate) else {
            return false
        }
        clock += 1
        slots[index].lastUse = clock
        return true
    }

    func markUsed(_ keys: [String]) {
        for key in keys {
            guard let index = slots.index(forKey: key) else { continue }
            clock += 1
            slots[index].lastUse = clock
        }
    }

    func remove(keys: [String]) {
        lastChange += 1
        for key in keys {
            if let old = slots.removeValue(forKey: key) {
                totalBytes -= old.bytes
                removedThrough = max(removedThrough, old.record.version)
            }
        }
    }

    func allKeys() -> [String] {
        Array(slots.keys)
    }

    func removeAll() {
        lastChange += 1
        clearedAt = lastChange
        slots.removeAll()
        totalBytes = 0
    }

    func byteCount() -> Int {
        totalBytes
    }

    func trim(toBytes limit: Int, sparing spared: Set<String>) -> [String] {
        guard totalBytes > limit else { return [] }
        var removed: [String] = []
        for (key, _) in slots.all.sorted(by: { $0.slot.lastUse < $1.slot.lastUse }) where !spared.contains(key) {
            guard totalBytes > limit else { break }
            if let old = slots.removeValue(forKey: key) {
                totalBytes -= old.bytes
                removedThrough = max(removedThrough, old.record.version)
                removed.append(key)
            }
        }
        return removed
    }
}
