import Dispatch
import Foundation
import GraphQLBridgeSupport

/// A task executor on a serial dispatch queue of its own, that a test can stop as a saturated pool would: jobs
/// enqueued while it is held (``hold()``) wait, in the order they came, until ``release()``. It counts the jobs it
/// is given, so that a test releases it once what it waits for has happened (a job was enqueued), not after a
/// while.
///
/// Its counts and holds are a `Locked`; the queue is itself thread-safe.
final class DedicatedThreadExecutor: TaskExecutor, Sendable {
    /// The queue its jobs run on, in order.
    let queue = DispatchQueue(label: "DedicatedThreadExecutor")
    private struct State {
        var enqueued = 0
        var holds: [DispatchSemaphore] = []
    }

    private let state = Locked(State())

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        let executor = asUnownedTaskExecutor()
        state.withLock { $0.enqueued += 1 }
        queue.async { job.runSynchronously(on: executor) }
    }

    /// How many jobs it was given so far.
    var enqueuedJobCount: Int { state.withLock { $0.enqueued } }

    /// Stops the queue once the jobs already queued have run: later ones wait until ``release()``.
    func hold() {
        let semaphore = DispatchSemaphore(value: 0)
        state.withLock { $0.holds.append(semaphore) }
        queue.async { semaphore.wait() }
    }

    /// Lets the queue go on after ``hold()`` (each call ends one hold, oldest first).
    func release() {
        let semaphore = state.withLock { state in state.holds.isEmpty ? nil : state.holds.removeFirst() }
        semaphore?.signal()
    }

    /// Waits until at least `count` jobs were given to it; throws after `timeout` (a hang detector only).
    func waitForEnqueuedJobs(_ count: Int, timeout: Duration = HangDetector.limit) async throws {
        let deadline = ContinuousClock.now + timeout
        while enqueuedJobCount < count {
            guard ContinuousClock.now < deadline else {
                throw Probe.Timeout(event: "\(count) jobs enqueued (\(enqueuedJobCount) so far)")
            }
            try await Task.sleep(for: .milliseconds(1))
        }
    }
}
