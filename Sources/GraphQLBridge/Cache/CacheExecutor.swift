import Dispatch

/// The executor a ``GraphQLCache`` runs on.
///
/// A persistent cache's work (SQLite calls, which may wait up to 5 s for another process's write lock) runs on a
/// serial queue of its own, never on the threads Swift concurrency shares: a busy store stalls the cache's callers,
/// not every task of the app. A memory cache keeps an actor's default executor.
enum CacheExecutor: Sendable {
    /// A dispatch queue of the cache's own.
    case queue(CacheQueueExecutor)
    /// The default executor of an actor that does nothing else.
    case standard(CacheExecutorOwner)

    /// The executor, for the cache's `unownedExecutor`.
    var unownedExecutor: UnownedSerialExecutor {
        switch self {
        case .queue(let executor): executor.asUnownedSerialExecutor()
        case .standard(let owner): owner.unownedExecutor
        }
    }
}

/// A serial executor on a dispatch queue of its own: the jobs of a persistent cache run there, one at a time.
final class CacheQueueExecutor: SerialExecutor {
    private let queue: DispatchQueue

    init(label: String) {
        queue = DispatchQueue(label: label, qos: .userInitiated)
    }

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        let executor = asUnownedSerialExecutor()
        queue.async { job.runSynchronously(on: executor) }
    }

    func asUnownedSerialExecutor() -> UnownedSerialExecutor {
        UnownedSerialExecutor(ordinary: self)
    }
}

/// An actor that runs nothing itself: a memory cache runs on its default executor.
actor CacheExecutorOwner {}
