import Foundation
import GraphQLBridgeSupport

/// One live query's link to its ``GraphQLCache``: the cache signals it when a record its last result depends
/// on changes, and the watching side waits for that signal. Signals coalesce: any number of changes before the
/// watcher looks again count as one.
///
/// The cache holds watchers weakly; when the last reference to a watcher goes (its sequence's iterator, or its
/// `QueryRef`), the watcher tells the cache, which forgets its dependencies. Nothing is cancelled by hand.
///
/// Continuations are resumed after the lock is released.
final class CacheWatcher: Sendable {
    /// The watcher's number in its cache's registry.
    let id: UInt64
    private struct State {
        /// A change was signalled that no wait has seen yet.
        var pending = false
        /// The waiting side, while it waits.
        var waiter: CheckedContinuation<Bool, Never>?
        /// What the watching side shows was replaced from outside since it last looked (a ``QueryRef``'s `execute`).
        var resync = false
        /// What the outside set it to (the `execute`'s result), for a read that misses: see ``Resync``.
        var shown: (any Sendable)?
        /// How many of the owner's own requests for the query are in flight (a ``QueryRef``'s `execute`s).
        var ownerFetches = 0
        /// With ``collectsChanges``: the records signalled changed since the last ``takeChanges()``.
        var changedKeys: Set<String> = []
        /// With ``collectsChanges``: a change was signalled without saying which records changed.
        var changedAll = false
    }

    /// The records signalled changed since the watching side last looked (``takeChanges()``).
    struct Changes: Sendable {
        /// The records changed (among those the watcher depends on).
        var keys: Set<String> = []
        /// Whether anything may have changed (a change that does not say which records: the cache cleared, another
        /// process's writes not known one by one, a change signalled by hand).
        var all = false
    }

    /// What ``takeResync()`` tells the watching side.
    struct Resync {
        /// ``requestResync(shown:)`` was called since the last look: the next read is shown whatever it is.
        var requested = false
        /// What the consumer shows now, set from outside (a ``QueryRef``'s last `execute` result), if set since the
        /// last look. A read that misses cannot vouch for it: the driver shows it again, marked stale when it came
        /// from the cache (it may have been read from an optimistic layer that has ended since).
        var shown: (any Sendable)?
    }
    private let state = Locked(State())
    private let onRelease: @Sendable (UInt64) -> Void
    /// Whether the watcher keeps the keys of the records signalled changed (``takeChanges()``): a watching side that
    /// reads again only what changed (``GraphQLQueryPager``'s list in the cache).
    let collectsChanges: Bool

    init(id: UInt64, collectsChanges: Bool = false, onRelease: @escaping @Sendable (UInt64) -> Void) {
        self.id = id
        self.collectsChanges = collectsChanges
        self.onRelease = onRelease
    }

    deinit { onRelease(id) }

    /// A record the watcher depends on changed (which one is not said: with ``collectsChanges``, anything may have
    /// changed): wakes the waiting side, or leaves a mark for its next wait.
    func signal() {
        if collectsChanges { state.withLock { $0.changedAll = true } }
        wake(resync: false)
    }

    /// The record `key`, which the watcher depends on, changed: as ``signal()``, and kept for ``takeChanges()``.
    func signal(changing key: String) {
        if collectsChanges { state.withLock { _ = $0.changedKeys.insert(key) } }
        wake(resync: false)
    }

    /// The records signalled changed since the last call (forgotten); only with ``collectsChanges``.
    func takeChanges() -> Changes {
        state.withLock { state in
            defer {
                state.changedKeys = []
                state.changedAll = false
            }
            return Changes(keys: state.changedKeys, all: state.changedAll)
        }
    }

    /// What the watching side shows was replaced from outside (a ``QueryRef``'s `execute` set its data to `shown`,
    /// which may be older than what the cache holds, or read from an optimistic layer): wakes it as a change does, and
    /// ``takeResync()`` tells its next read so that it shows what it reads even when that equals the last result it
    /// gave, and what to show when that read misses.
    func requestResync(shown: any Sendable) {
        wake(resync: true, shown: shown)
    }

    /// What the watching side shows before its first read (a ``QueryRef``'s first `execute` result), without waking
    /// it: its first read takes it with ``takeResync()``.
    func setShown(_ shown: any Sendable) {
        state.withLock { $0.shown = shown }
    }

    /// Whether ``requestResync(shown:)`` was called since the last call, and what was shown (both forgotten). The
    /// watching side asks after its read: a request made before the read is answered by that read (the read saw the
    /// cache after the request).
    func takeResync() -> Resync {
        state.withLock { state in
            defer {
                state.resync = false
                state.shown = nil
            }
            return Resync(requested: state.resync, shown: state.shown)
        }
    }

    private func wake(resync: Bool, shown: (any Sendable)? = nil) {
        let waiting: CheckedContinuation<Bool, Never>? = state.withLock { state in
            if resync {
                state.resync = true
                state.shown = shown
            }
            if let waiter = state.waiter {
                state.waiter = nil
                return waiter
            }
            state.pending = true
            return nil
        }
        waiting?.resume(returning: true)
    }

    /// The owner (a ``QueryRef``) asks the server for the query itself: until ``endOwnerFetch(failed:)``, a read that
    /// misses is no reason for the watching side to ask too. Its request would join the owner's (a client shares a
    /// query's request in flight) and wait for that answer, deaf to the cache meanwhile; the owner's answer resyncs it.
    func beginOwnerFetch() {
        state.withLock { $0.ownerFetches += 1 }
    }

    /// The owner's request ended; `failed`: with no result to resync the watching side with, so it is woken to read
    /// again (and ask the server itself when the cache still cannot answer).
    func endOwnerFetch(failed: Bool) {
        state.withLock { $0.ownerFetches -= 1 }
        if failed { signal() }
    }

    /// Whether an owner's request for the query is in flight (``beginOwnerFetch()``).
    var ownerIsFetching: Bool { state.withLock { $0.ownerFetches > 0 } }

    /// Whether the watching side waits for a change, none pending (for tests: a watch at rest).
    var isWaiting: Bool { state.withLock { $0.waiter != nil } }

    /// Forgets the changes signalled so far (the caller is about to read the cache's current state).
    func clearPending() {
        state.withLock { $0.pending = false }
    }

    /// Waits until a change is signalled (at once when one is pending); `false` when the waiting task is
    /// cancelled.
    func waitForChange() async -> Bool {
        await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Bool, Never>) in
                let immediate: Bool? = state.withLock { state in
                    if Task.isCancelled { return false }
                    if state.pending {
                        state.pending = false
                        return true
                    }
                    state.waiter = continuation
                    return nil
                }
                if let immediate { continuation.resume(returning: immediate) }
            }
        } onCancel: {
            let waiting: CheckedContinuation<Bool, Never>? = state.withLock { state in
                let waiting = state.waiter
                state.waiter = nil
                return waiting
            }
            waiting?.resume(returning: false)
        }
    }
}
