import Foundation
import GraphQLBridgeSupport
import Testing

@testable import GraphQLMigration

/// The race between a candidate and its time limit is decided by when each one happened, not by
/// when a thread became free to notice: on a saturated 2-core pool the two can be seconds apart.
///
/// The candidate and the timer run on an executor the test holds, as a saturated pool would; the candidate waits at
/// a ``Gate``. Which of the two happened first is set by the order of events (the gate opened before the timer even
/// started, or only once the timer had fired), and the executor is released once the timer has fired (its job was
/// enqueued), not after a while: the outcome cannot depend on how busy the machine is.
@Suite("Candidate time limit")
struct CandidateRunTests {
    @Test("Ended before the limit, executor busy until the limit had passed: a finish, not a timeout")
    func endBeforeTheLimitWins() async throws {
        let executor = DedicatedThreadExecutor()
        let gate = Gate()
        let spawned = Locked(0)
        // Held from the start, so that what `start` queues runs in the order it was queued: the candidate's first
        // step (it then waits at the gate), the gate's opening (which queues the candidate's end), the timer's start.
        executor.hold()
        let run = CandidateRun<Int>.start(
            {
                await gate.pass()
                return 1
            }, timeout: .seconds(1),
            spawn: { body in
                let task = Task(executorPreference: executor, operation: body)
                // The first task is the candidate's: the gate opens right after its first step, before the timer's
                // task has started, so the candidate's end is queued before the timer can even begin to wait.
                let isFirst = spawned.withLock { (count: inout Int) -> Bool in
                    count += 1
                    return count == 1
                }
                if isFirst { executor.queue.async { gate.open() } }
                return task
            })
        // Then the executor stops again: the candidate's end waits behind this hold, the timer's end after it.
        executor.hold()
        executor.release()
        // 4 jobs: the candidate's start, the timer's start, the candidate's end, and the timer's end (the limit has
        // passed while the executor was held).
        do {
            try await executor.waitForEnqueuedJobs(4)
        } catch {
            executor.release()
            throw error
        }
        executor.release()
        let outcome = await run.outcome.value
        await run.task.value
        #expect(gate.waitedCount == 1, "the candidate was waiting at the gate when it opened")
        #expect(executor.enqueuedJobCount == 4, "the candidate's and the timer's tasks, two jobs each")
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
        let gate = Gate()
        defer { gate.open() }
        let cancelled = Locked<Bool?>(nil)
        let run = CandidateRun<Int>.start(
            {
                await gate.pass()
                cancelled.withLock { $0 = Task.isCancelled }
                return 1
            }, timeout: .milliseconds(200), spawn: { Task(executorPreference: executor, operation: $0) })
        // The candidate's first step (it then waits at the gate) and the timer's start run; then the executor stops.
        executor.hold()
        // 3 jobs: the candidate's start, the timer's start and the timer's end (the limit has passed, the candidate
        // still waiting at the gate). Only then does the candidate end: its end is queued after the timer's.
        do {
            try await executor.waitForEnqueuedJobs(3)
        } catch {
            executor.release()
            throw error
        }
        gate.open()
        executor.release()
        let outcome = await run.outcome.value
        guard case .timedOut(let limit) = outcome else {
            Issue.record("expected a timeout, got \(outcome)")
            return
        }
        #expect(limit == .milliseconds(200))
        await run.task.value
        #expect(cancelled.withLock { $0 } == true)
        #expect(executor.enqueuedJobCount == 4, "the candidate's and the timer's tasks, two jobs each")
    }
}
