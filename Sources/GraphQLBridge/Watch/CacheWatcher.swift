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
