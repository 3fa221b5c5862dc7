import Foundation

/// The cache's index of live watchers: which watchers depend on which record, so that a change reaches only
/// the watchers that depend on it (the cost of a change does not grow with the number of unrelated watchers).
struct CacheWatcherRegistry {
    private struct Entry {
        weak var watcher: CacheWatcher?
        var dependencies: Set<String>
    }

    private var entries: [UInt64: Entry] = [:]
    private var index: [String: Set<UInt64>] = [:]
    private var lastID: UInt64 = 0

    /// A number for a new watcher.
    mutating func nextID() -> UInt64 {
        lastID += 1
        return lastID
    }

    /// Starts tracking `watcher`, with no dependencies yet.
    mutating func register(_ watcher: CacheWatcher) {
        entries[watcher.id] = Entry(watcher: watcher, dependencies: [])
    }

    /// Replaces the record keys `id`'s last result depends on (only the difference is re-indexed).
    mutating func setDependencies(_ dependencies: Set<String>, of id: UInt64) {
        guard var entry = entries[id] else { return }
        for key in entry.dependencies.subtracting(dependencies) {
            index[key]?.remove(id)
            if index[key]?.isEmpty == true { index[key] = nil }
        }
        for key in dependencies.subtracting(entry.dependencies) { index[key, default: []].insert(id) }
        entry.dependencies = dependencies
        entries[id] = entry
    }

    /// Adds record keys `id`'s result depends on (a watcher that reads again only what changed: its read adds what it
    /// read).
    mutating func addDependencies(_ dependencies: Set<String>, of id: UInt64) {
        guard entries[id] != nil else { return }
        // In place: the entry's set is not copied.
        for key in dependencies where entries[id]?.dependencies.insert(key).inserted == true {
            index[key, default: []].insert(id)
        }
    }

    /// Removes record keys `id`'s result no longer depends on.
    mutating func removeDependencies(_ dependencies: Set<String>, of id: UInt64) {
        guard entries[id] != nil else { return }
        for key in dependencies where entries[id]?.dependencies.remove(key) != nil {
            index[key]?.remove(id)
            if index[key]?.isEmpty == true { index[key] = nil }
        }
    }

    /// Forgets a released watcher.
    mutating func remove(_ id: UInt64) {
        guard let entry = entries.removeValue(forKey: id) else { return }
        for key in entry.dependencies {
            index[key]?.remove(id)
            if index[key]?.isEmpty == true { index[key] = nil }
        }
    }

    /// Signals the watchers that depend on any of `keys` (but `excluded`).
    func signal(_ keys: some Sequence<String>, except excluded: UInt64? = nil) {
        var signalled: Set<UInt64> = []
        if let excluded { signalled.insert(excluded) }
        for key in keys {
            guard let ids = index[key] else { continue }
            for id in ids where id != excluded {
                guard let watcher = entries[id]?.watcher else { continue }
                // A watcher that reads again only what changed hears of each record; the others once.
                if watcher.collectsChanges {
                    watcher.signal(changing: key)
                } else if signalled.insert(id).inserted {
                    watcher.signal()
                }
            }
        }
    }

    /// Signals every watcher (the cache was cleared).
    func signalAll() {
        for entry in entries.values { entry.watcher?.signal() }
    }

    /// The keys of the records some live watcher depends on (never trimmed while watched).
    var watchedKeys: Set<String> { Set(index.keys) }

    /// The live watchers (for tests: a weak reference to one proves it is freed).
    var live: [CacheWatcher] { entries.values.compactMap(\.watcher) }

    /// How many watchers are alive.
    var liveCount: Int { live.count }
}
