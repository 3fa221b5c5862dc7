import Dispatch

/// A task executor on a serial dispatch queue of its own: code that prefers it (through
/// `withTaskExecutorPreference`) keeps running while Swift's cooperative pool is saturated by other
/// tests (on 2 cores the pool has 2 threads, and a CPU-bound synchronous test holds one for seconds).
/// The latency tests measure the caller's path on it, so they measure the router, not the test run's load.
///
/// `@unchecked Sendable`: its only state is the queue, which is itself thread-safe.
final class DedicatedThreadExecutor: TaskExecutor, @unchecked Sendable {
    /// The queue its jobs run on, in order.
    let queue = DispatchQueue(label: "DedicatedThreadExecutor")

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        let executor = asUnownedTaskExecutor()
        queue.async { job.runSynchronously(on: executor) }
    }
}
