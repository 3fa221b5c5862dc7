import Dispatch

/// A task executor on a serial dispatch queue of its own: the checker's work (and the caches' actors, which run on a
/// preferred task executor) never takes the few threads that Swift concurrency shares, and runs one job at a time.
final class ModelTaskExecutor: TaskExecutor, Sendable {
    private let queue = DispatchQueue(label: "CacheModelChecker", qos: .utility)

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        let executor = asUnownedTaskExecutor()
        queue.async { job.runSynchronously(on: executor) }
    }
}
