import Foundation

/// Decoded results kept to answer repeated reads without rebuilding them, and which records each one read, so
/// that a change to a record forgets the results that read it.
///
/// Remembering a result is on the path of every first read (a new process's reads of stored responses), so it only
/// files the result: its record keys are indexed later, all at once, when a change first needs the index (the next
/// write, removal or optimistic layer), or never, for a process that only reads. The index maps a record key's hash
/// value to the numbers of the results that read it: an `Int` key, whose table grows without hashing strings again,
/// and arrays appended to. Two record keys with the same hash value share an entry: a change to one also forgets
/// the results that read the other, which is safe (they are read again). A result that is replaced or forgotten
/// leaves its numbers in the index until the index is rebuilt, which happens when such stale numbers outnumber the
/// live ones.
struct ResultMemo {
    /// A remembered result.
    struct Entry {
        /// The result's number in the reverse index.
        var id: UInt64
        /// The decoded `Data`.
        var data: any Sendable
        /// The keys of the records it was read from.
        var dependencies: RecordKeys
        /// When its first field stops being fresh.
        var earliestExpiry: Date
        /// Whether one of its fields, once stale, must not be served in place of a failed request (`must-revalidate`).
        var revalidates = false
        /// When it was last used (the memo's clock), for least-recently-used eviction.
        var lastUse: UInt64
        /// How many numbers it has in the index (0 until it is indexed).
        var indexed = 0
        /// What the answer it was decoded from wrote (`nil`: read from the records, or an answer not kept).
        var source: AnswerSource?
        /// ``dependencies`` as the set they were last given as, when they were
        /// (``refresh(_:dependencies:earliestExpiry:revalidates:for:source:)``): compared first, as a set that shares
        /// its storage with this one (an answer's, taken again) is equal at once.
        var dependencySet: Set<String>?

        /// Whether it was read from exactly the records `keys`.
        func dependsOn(exactly keys: Set<String>) -> Bool {
            if let dependencySet { return dependencySet == keys }
            return dependencies.count == keys.count && dependencies.keys.allSatisfy(keys.contains)
        }
    }

    /// How many results are kept; 0 keeps none.
    let limit: Int
    private var entries: [String: Entry] = [:]
    /// The query key of each live result's number.
    private var queryKeys: [UInt64: String] = [:]
    /// The live results not indexed yet, by query key (an entry replaced or forgotten since is skipped).
    private var unindexed: [(id: UInt64, queryKey: String)] = []
    /// A record key's hash value → the numbers of the results that read a record with that hash value (live or
    /// stale: a number absent from `queryKeys` is skipped).
    private var dependents: [Int: [UInt64]] = [:]
    /// How many numbers `dependents` holds, and how many of them belong to live results.
    private var indexed = 0
    private var liveIndexed = 0
    private var clock: UInt64 = 0
    private var nextID: UInt64 = 0
    /// The clock at the last ``takeUsedRecordKeys()``.
    private var usedStamp: UInt64 = 0
    /// The results used since then that have left the memo (replaced, forgotten, evicted), at most
    /// ``retiredUseLimit`` (the most recently retired): their records still count as used.
    private var retiredUses: [(lastUse: UInt64, dependencies: RecordKeys)] = []

    init(limit: Int) {
        self.limit = max(0, limit)
    }

    /// How many results are kept.
    var count: Int { entries.count }
    /// How many numbers the reverse index holds, stale ones included (bounded by about twice the live ones).
    var indexSize: Int { indexed }
    /// How many results wait to be indexed.
    var unindexedCount: Int { unindexed.count }

    /// The result remembered for `queryKey`, marked as just used.
    mutating func use(_ queryKey: String) -> Entry? {
        guard limit > 0, let index = entries.index(forKey: queryKey) else { return nil }
        clock += 1
        entries.values[index].lastUse = clock
        return entries.values[index]
    }

    /// Remembers `data` as `queryKey`'s result, read from the records `dependencies`.
    mutating func remember(
        _ data: any Sendable, dependencies: RecordKeys, earliestExpiry: Date, revalidates: Bool = false,
        for queryKey: String
    ) {
        guard limit > 0 else { return }
        clock += 1
        nextID += 1
        let entry = Entry(
            id: nextID, data: data, dependencies: dependencies, earliestExpiry: earliestExpiry,
            revalidates: revalidates, lastUse: clock)
        if let old = entries.updateValue(entry, forKey: queryKey) { retire(old) }
        queryKeys[entry.id] = queryKey
        unindexed.append((entry.id, queryKey))
        // Replaced results leave their filing behind: dropped before they outnumber the live ones.
        if unindexed.count > 2 * entries.count + 1_024 { unindexed.removeAll { queryKeys[$0.id] == nil } }
        if entries.count > limit {
            let oldest = entries.sorted { $0.value.lastUse < $1.value.lastUse }.prefix(max(1, limit / 4))
            for (key, _) in oldest {
                if let old = entries.removeValue(forKey: key) { retire(old) }
            }
            // Filed results that are gone need no indexing.
            unindexed.removeAll { queryKeys[$0.id] == nil }
        }
    }

    /// Remembers `data` as `queryKey`'s result, as ``remember(_:dependencies:earliestExpiry:revalidates:for:)``, unless
    /// the memo
    /// already holds a result of `queryKey` read from `dependencies` (the same records, none of whose values changed
    /// since): then only its freshness and last use are updated, and nothing is indexed again. `source` is what the
    /// answer `data` was decoded from wrote (see ``AnswerSource``).
    mutating func refresh(
        _ data: any Sendable, dependencies: Set<String>, earliestExpiry: Date, revalidates: Bool = false,
        for queryKey: String, source: AnswerSource? = nil
    ) {
        guard limit > 0 else { return }
        if let index = entries.index(forKey: queryKey), entries.values[index].dependsOn(exactly: dependencies) {
            replace(at: index, with: data, earliestExpiry: earliestExpiry)
            entries.values[index].revalidates = revalidates
            entries.values[index].source = source
            entries.values[index].dependencySet = dependencies
            return
        }
        remember(
            data, dependencies: RecordKeys(dependencies), earliestExpiry: earliestExpiry, revalidates: revalidates,
            for: queryKey)
        if let index = entries.index(forKey: queryKey) {
            entries.values[index].source = source
            entries.values[index].dependencySet = dependencies
        }
    }

    /// What the answer of `queryKey`'s remembered result wrote, when it was remembered from one (not marked as used).
    func source(of queryKey: String) -> AnswerSource? {
        // (In place: the entry is not copied.)
        guard limit > 0, let index = entries.index(forKey: queryKey) else { return nil }
        return entries.values[index].source
    }

    /// Replaces `queryKey`'s remembered result with `data`, decoded from an answer equal to the one it was decoded
    /// from (its ``AnswerSource`` holds for both, or `source`, the same answer's, when given), fresh until
    /// `earliestExpiry`; `false` when none is remembered.
    mutating func renew(
        _ data: any Sendable, earliestExpiry: Date, for queryKey: String, source: AnswerSource? = nil
    ) -> Bool {
        guard let index = entries.index(forKey: queryKey) else { return false }
        replace(at: index, with: data, earliestExpiry: earliestExpiry)
        if let source { entries.values[index].source = source }
        return true
    }

    /// The entry at `index` holds `data`, fresh until `earliestExpiry`, just used. In place: the entry is not copied.
    private mutating func replace(
        at index: Dictionary<String, Entry>.Index, with data: any Sendable, earliestExpiry: Date
    ) {
        clock += 1
        entries.values[index].lastUse = clock
        entries.values[index].earliestExpiry = earliestExpiry
        entries.values[index].data = data
    }

    /// The record keys of the results used (read again or remembered) since the last call, those that have left
    /// the memo since included, least recently used first, each key once at its last use. A result served from the
    /// memo reads no record, so this is how its records count as used for the store's least-recently-used trimming.
    mutating func takeUsedRecordKeys() -> [String] {
        var used = retiredUses
        for entry in entries.values where entry.lastUse > usedStamp { used.append((entry.lastUse, entry.dependencies)) }
        used.sort { $0.lastUse < $1.lastUse }
        retiredUses = []
        usedStamp = clock
        var seen: Set<String> = []
        var keys: [String] = []
        for (_, dependencies) in used.reversed() {
            for key in dependencies.keys.reversed() where seen.insert(key).inserted { keys.append(key) }
        }
        return keys.reversed()
    }

    /// Forgets the results that read any of `recordKeys`, but `kept`'s (a query whose result the caller replaces at
    /// once: it keeps its number and place in the index rather than being forgotten and filed again).
    mutating func forget(readingAnyOf recordKeys: some Sequence<String>, except kept: String? = nil) {
        guard !entries.isEmpty else { return }
        indexFiledResults()
        for recordKey in recordKeys {
            let hash = recordKey.hashValue
            guard let ids = dependents.removeValue(forKey: hash) else { continue }
            indexed -= ids.count
            var keptIDs: [UInt64] = []
            for id in ids {
                guard let queryKey = queryKeys[id] else { continue }
                if queryKey == kept {
                    keptIDs.append(id)
                    continue
                }
                guard let old = entries.removeValue(forKey: queryKey) else { continue }
                retire(old)
            }
            // The kept result still reads the record: a later change forgets it.
            if !keptIDs.isEmpty {
                dependents[hash] = keptIDs
                indexed += keptIDs.count
            }
        }
    }

    /// Forgets every result.
    mutating func removeAll() {
        entries = [:]
        queryKeys = [:]
        unindexed = []
        dependents = [:]
        indexed = 0
        liveIndexed = 0
        retiredUses = []
        usedStamp = clock
    }

    /// Indexes the results filed since the last change (their record keys decoded now, if they were stored ones).
    private mutating func indexFiledResults() {
        guard !unindexed.isEmpty else { return }
        for (id, queryKey) in unindexed {
            // In place: the entry (and its result) is not copied.
            guard let index = entries.index(forKey: queryKey), entries.values[index].id == id else { continue }
            let keys = entries.values[index].dependencies.keys
            for key in keys { dependents[key.hashValue, default: []].append(id) }
            entries.values[index].indexed = keys.count
            indexed += keys.count
            liveIndexed += keys.count
        }
        unindexed = []
        if indexed > 2 * liveIndexed + 4_096 { rebuildIndex() }
    }

    /// Takes a result that left `entries` out of the live count (its numbers in the index become stale).
    private mutating func retire(_ entry: Entry) {
        queryKeys[entry.id] = nil
        liveIndexed -= entry.indexed
        if entry.lastUse > usedStamp {
            retiredUses.append((entry.lastUse, entry.dependencies))
            if retiredUses.count > 2 * retiredUseLimit { retiredUses.removeFirst(retiredUses.count - retiredUseLimit) }
        }
    }

    /// How many retired results' uses are kept at most (past twice this, the oldest retired go).
    var retiredUseLimit: Int { max(limit, 1_024) }

    /// Rebuilds the reverse index from the live indexed results, dropping the stale numbers.
    private mutating func rebuildIndex() {
        dependents = [:]
        for entry in entries.values where entry.indexed > 0 {
            for key in entry.dependencies.keys { dependents[key.hashValue, default: []].append(entry.id) }
        }
        indexed = liveIndexed
    }
}
