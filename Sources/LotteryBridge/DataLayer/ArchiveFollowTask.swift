import GraphQLBridgeSupport

/// The task that makes a ``DrawArchive`` follow its pager, cancelled when the archive goes.
final class ArchiveFollowTask: Sendable {
    private let task = Locked<Task<Void, Never>?>(nil)

    /// Whether a task was started.
    var isStarted: Bool { task.withLock { $0 != nil } }

    /// Keeps `started`, which runs until the archive goes.
    func start(_ started: Task<Void, Never>) {
        task.withLock { $0 = started }
    }

    deinit {
        task.withLock { $0 }?.cancel()
    }
}
