import Foundation

/// Decoded results kept to answer repeated reads without rebuilding them, and which records each one read, so
/// that a change to a record forgets the results that read it.
///
/// Remembering a result is on the path of every first read (a new process's reads of stored responses), so its
/// reverse index is cheap to add to: each result gets a number, and the index maps a record key's hash value to
/// the numbers of the results that read it (an `Int` key, whose table grows without hashing strings again, and
/// arrays appended to, where sets of query keys hashed each query key once per record). Two record keys with the
/// same hash value share an entry: a change to one also forgets the results that read the other, which is safe
/// (they are read again). A result that is replaced or forgotten leaves its numbers in the index until the index
/// is rebuilt, which happens when such stale numbers outnumber the live ones.
struct ResultMemo {
    /// A remembered result.
    struct Entry {
        /// The result's number in the reverse index.
        var id: UInt64
        /// The decoded `Data`.
        var data: any Sendable
        /// The keys of the records it was read from, each once.
        var dependencies: [String]
        /// When its first field stops being fresh.
        var earliestExpiry: Date
        /// When it was last used (the memo's clock), for least-recently-used eviction.
        var lastUse: UInt64
    }

    /// How many results are kept; 0 keeps none.
    let limit: Int
    private var entries: [String: Entry] = [:]
    /// The query key of each live result's number.
    private var queryKeys: [UInt64: String] = [:]
    /// A record key's hash value → the numbers of the results that read a record with that hash value (live or
    /// stale: a number absent from `queryKeys` is skipped).
    private var dependents: [Int: [UInt64]] = [:]
    /// How many numbers `dependents` holds, and how many of them belong to live results.
    private var indexed = 0
    private var liveIndexed = 0
    private var clock: UInt64 = 0
    private var nextID: UInt64 = 0

    init(limit: Int) {
        self.limit = max(0, limit)
    }

    /// How many results are kept.
    var count: Int { entries.count }
    /// How many numbers the reverse index holds, stale ones included (bounded by about twice the live ones).
    var indexSize: Int { indexed }

    /// The result remembered for `queryKey`, marked as just used.
    mutating func use(_ queryKey: String) -> Entry? {
        guard limit > 0, var entry = entries[queryKey] else { return nil }
        clock += 1
        entry.lastUse = clock
        entries[queryKey] = entry
        return entry
    }

    /// Remembers `data` as `queryKey`'s result, read from the records `dependencies` (each key once).
    mutating func remember(_ data: any Sendable, dependencies: [String], earliestExpiry: Date, for queryKey: String) {
        guard limit > 0 else { return }
        clock += 1
        nextID += 1
        let entry = Entry(
            id: nextID, data: data, dependencies: dependencies, earliestExpiry: earliestExpiry, lastUse: clock)
        if let old = entries.updateValue(entry, forKey: queryKey) { retire(old) }
        queryKeys[entry.id] = queryKey
        for key in dependencies { dependents[key.hashValue, default: []].append(entry.id) }
        indexed += dependencies.count
        liveIndexed += dependencies.count
        if entries.count > limit {
            let oldest = entries.sorted { $0.value.lastUse < $1.value.lastUse }.prefix(max(1, limit / 4))
            for (key, _) in oldest {
                if let old = entries.removeValue(forKey: key) { retire(old) }
            }
        }
        if indexed > 2 * liveIndexed + 4_096 { rebuildIndex() }
    }

    /// Forgets the results that read any of `recordKeys`.
    mutating func forget(readingAnyOf recordKeys: some Sequence<String>) {
        guard !entries.isEmpty else { return }
        for recordKey in recordKeys {
            guard let ids = dependents.removeValue(forKey: recordKey.hashValue) else { continue }
            indexed -= ids.count
            for id in ids {
                guard let queryKey = queryKeys[id], let old = entries.removeValue(forKey: queryKey) else { continue }
                retire(old)
            }
        }
    }

    /// Forgets every result.
    mutating func removeAll() {
        entries = [:]
        queryKeys = [:]
        dependents = [:]
        indexed = 0
        liveIndexed = 0
    }

    /// Takes a result that left `entries` out of the live count (its numbers in the index become stale).
    private mutating func retire(_ entry: Entry) {
        queryKeys[entry.id] = nil
        liveIndexed -= entry.dependencies.count
    }

    /// Rebuilds the reverse index from the live results, dropping the stale numbers.
    private mutating func rebuildIndex() {
        dependents = [:]
        for entry in entries.values {
            for key in entry.dependencies { dependents[key.hashValue, default: []].append(entry.id) }
        }
        indexed = liveIndexed
    }
}
