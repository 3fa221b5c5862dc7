import GraphQLBridgeSupport

/// Holds the task that makes one page of a ``GraphQLQueryPager`` follow the cache, and the watcher it follows with;
/// cancels the task when the page leaves the pager (a refresh) or the pager goes.
final class PageFollower: Sendable {
    private struct State {
        var task: Task<Void, Never>?
        var watcher: CacheWatcher?
        var ended = false
    }

    private let state = Locked(State())

    /// Keeps the following task (cancelled by ``stop()`` or when the follower goes).
    func keep(_ task: Task<Void, Never>) {
        state.withLock { $0.task = task }
    }

    /// The watcher the task follows with, registered before the task's first read.
    func watch(with watcher: CacheWatcher) {
        state.withLock { $0.watcher = watcher }
    }

    /// Whether the follower is at rest: it ended, or its watcher waits for a change, none pending.
    var isAtRest: Bool {
        state.withLock { state in state.ended || state.watcher?.isWaiting == true }
    }

    /// Stops following (the task is cancelled, the watcher let go).
    func stop() {
        let task = state.withLock { state in
            defer {
                state.task = nil
                state.watcher = nil
                state.ended = true
            }
            return state.task
        }
        task?.cancel()
    }

    deinit {
        state.withLock { $0.task }?.cancel()
    }
}
