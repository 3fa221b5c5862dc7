import Foundation
import Testing

@testable import GraphQLMigration

/// The race between a candidate and its time limit is decided by when each one happened, not by
/// when a thread became free to notice: on a saturated 2-core pool the two can be seconds apart.
@Suite("Candidate time limit")
struct CandidateRunTests {
    @Test("Ended at 100 ms, limit 1 s, executor busy until 2 s: a finish, not a timeout")
    func endBeforeTheLimitWins() async throws {
        let executor = DedicatedThreadExecutor()
        let run = CandidateRun<Int>.start(
            {
                await uncancellableSleep(.milliseconds(100))
                return 1
            }, timeout: .seconds(1), spawn: { Task(executorPreference: executor, operation: $0) })
        // Both tasks' first steps are queued before the hold: the candidate's wait and the timer start now.
        executor.hold(until: .now + .seconds(2))
        let outcome = await run.outcome.value
        guard case .finished(let observation, let cancelled) = outcome else {
            Issue.record("expected a finish, got \(outcome)")
            return
        }
        #expect(!cancelled)
        guard case .success(let value) = observation.result else {
            Issue.record("expected a value, got \(observation.result)")
            return
        }
        #expect(value == 1)
    }

    @Test("Still running at the limit, executor busy past it: timed out, and the candidate is cancelled")
    func endAfterTheLimitTimesOut() async throws {
        let executor = DedicatedThreadExecutor()
        let cancelled = LockedState(false)
        let run = CandidateRun<Int>.start(
            {
                await uncancellableSleep(.seconds(2))
                cancelled.withLock { $0 = Task.isCancelled }
                return 1
            }, timeout: .milliseconds(200), spawn: { Task(executorPreference: executor, operation: $0) })
        executor.hold(until: .now + .milliseconds(700))
        let outcome = await run.outcome.value
        guard case .timedOut(let limit) = outcome else {
            Issue.record("expected a timeout, got \(outcome)")
            return
        }
        #expect(limit == .milliseconds(200))
        await run.task.value
        #expect(cancelled.withLock { $0 })
    }
}

extension DedicatedThreadExecutor {
    /// Holds the executor's thread until `deadline`, as a saturated pool would: jobs queued meanwhile wait, in order.
    func hold(until deadline: ContinuousClock.Instant) {
        queue.async { Thread.sleep(forTimeInterval: max(0, (deadline - .now).timeInterval)) }
    }
}
