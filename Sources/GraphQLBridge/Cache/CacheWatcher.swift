import Foundation

/// One live query's link to its ``GraphQLCache``: the cache signals it when a record its last result depends
/// on changes, and the watching side waits for that signal. Signals coalesce: any number of changes before the
/// watcher looks again count as one.
///
/// The cache holds watchers weakly; when the last reference to a watcher goes (its sequence's iterator, or its
/// `QueryRef`), the watcher tells the cache, which forgets its dependencies. Nothing is cancelled by hand.
///
/// `@unchecked Sendable`: `pending` and `waiter` are only read or written while `lock` is held; `id` and
/// `onRelease` are constants.
final class CacheWatcher: @unchecked Sendable {
    /// The watcher's number in its cache's registry.
    let id: UInt64
    private let lock = NSLock()
    private var pending = false
    private var waiter: CheckedContinuation<Bool, Never>?
    private let onRelease: @Sendable (UInt64) -> Void

    init(id: UInt64, onRelease: @escaping @Sendable (UInt64) -> Void) {
        self.id = id
        self.onRelease = onRelease
    }

    deinit { onRelease(id) }

    /// A record the watcher depends on changed: wakes the waiting side, or leaves a mark for its next wait.
    func signal() {
        let waiting: CheckedContinuation<Bool, Never>? = lock.withLock {
            if let waiter {
                self.waiter = nil
                return waiter
            }
            pending = true
            return nil
        }
        waiting?.resume(returning: true)
    }

    /// Forgets the changes signalled so far (the caller is about to read the cache's current state).
    func clearPending() {
        lock.withLock { pending = false }
    }

    /// Whether a change was signalled since the last ``clearPending()`` or wait.
    var hasPendingChange: Bool { lock.withLock { pending } }

    /// Waits until a change is signalled (at once when one is pending); `false` when the waiting task is
    /// cancelled.
    func waitForChange() async -> Bool {
        await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Bool, Never>) in
                let immediate: Bool? = lock.withLock {
                    if Task.isCancelled { return false }
                    if pending {
                        pending = false
                        return true
                    }
                    waiter = continuation
                    return nil
                }
                if let immediate { continuation.resume(returning: immediate) }
            }
        } onCancel: {
            let waiting: CheckedContinuation<Bool, Never>? = lock.withLock {
                let waiting = waiter
                waiter = nil
                return waiting
            }
            waiting?.resume(returning: false)
        }
    }
}

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

    /// Forgets a released watcher.
    mutating func remove(_ id: UInt64) {
        guard let entry = entries.removeValue(forKey: id) else { return }
        for key in entry.dependencies {
            index[key]?.remove(id)
            if index[key]?.isEmpty == true { index[key] = nil }
        }
    }

    /// Signals the watchers that depend on any of `keys`.
    func signal(_ keys: some Sequence<String>) {
        var signalled: Set<UInt64> = []
        for key in keys {
            guard let ids = index[key] else { continue }
            for id in ids where signalled.insert(id).inserted { entries[id]?.watcher?.signal() }
        }
    }

    /// Signals every watcher (the cache was cleared).
    func signalAll() {
        for entry in entries.values { entry.watcher?.signal() }
    }

    /// The live watchers (for tests: a weak reference to one proves it is freed).
    var live: [CacheWatcher] { entries.values.compactMap(\.watcher) }

    /// How many watchers are alive.
    var liveCount: Int { live.count }
}
