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

    /// Whether the calling code runs on this executor's queue (a job of the cache's), checked without trapping;
    /// `false` for an actor's default executor, which cannot be asked.
    var isCurrent: Bool {
        switch self {
        case .queue(let executor): executor.isCurrent
        case .standard: false
        }
    }
}

/// A serial executor on a dispatch queue of its own: the jobs of a persistent cache run there, one at a time.
final class CacheQueueExecutor: SerialExecutor {
    private let queue: DispatchQueue
    /// Marks the queue (`DispatchQueue.getSpecific`): ``isCurrent``.
    private let key = DispatchSpecificKey<Bool>()

    init(label: String) {
        queue = DispatchQueue(label: label, qos: .userInitiated)
        queue.setSpecific(key: key, value: true)
    }

    /// Whether the calling code runs on the queue (every job of the cache's does), checked without trapping.
    var isCurrent: Bool {
        DispatchQueue.getSpecific(key: key) == true
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
