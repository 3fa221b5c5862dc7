import GraphQLBridgeSupport

/// An experiment's candidate, running in a task of its own under a time limit.
///
/// The limit is enforced from outside the candidate: a timer resolves ``outcome`` as timed out
/// and cancels the candidate's task, so even a candidate that ignores cancellation cannot keep
/// the experiment (or its publisher) waiting. A candidate that finishes resolves ``outcome``
/// itself, in its own task, so that the race with the timer is decided by when the candidate
/// finished, not by when another task gets a thread to notice (on a saturated pool the two can be
/// seconds apart).
struct CandidateRun<Value: Sendable>: Sendable {
    /// How the candidate ended.
    enum Outcome: Sendable {
        /// It returned or threw; `cancelled` when its task had been cancelled by the caller.
        case finished(ExperimentObservation<Value>, cancelled: Bool)
        /// It was still running after the limit, and was cancelled.
        case timedOut(Duration)
    }

    /// Starts a task for a body: `Task.init` in the library; tests give one on an executor they control.
    typealias Spawn = @Sendable (_ body: @escaping @Sendable () async -> Void) -> Task<Void, Never>

    /// The candidate's own task.
    let task: Task<Void, Never>
    /// Resolves when the candidate finishes or the limit passes, whichever comes first.
    let outcome: Task<Outcome, Never>

    /// Starts `candidate` now, with `timeout` from now (`nil`: no limit). The candidate and the
    /// timer run in tasks made by `spawn`.
    static func start(
        _ candidate: @escaping @Sendable () async throws -> Value, timeout: Duration?,
        spawn: Spawn = { Task(operation: $0) }
    ) -> CandidateRun {
        let verdict = Verdict()
        let task = spawn {
            let observation = await ExperimentObservation.observe(candidate)
            verdict.decide(.finished(observation, cancelled: Task.isCancelled))
        }
        if let timeout {
            verdict.setTimer(
                spawn {
                    do {
                        try await Task.sleep(for: timeout)
                    } catch {
                        return
                    }
                    if verdict.decide(.timedOut(timeout)) { task.cancel() }
                })
        }
        return CandidateRun(task: task, outcome: Task { await verdict.wait() })
    }

    /// Cancels the candidate (the caller was cancelled).
    func cancel() {
        task.cancel()
    }

    /// The first of the candidate's end and the timer's, kept for whoever waits for it.
    private final class Verdict: Sendable {
        private struct State: Sendable {
            var outcome: Outcome?
            var waiter: CheckedContinuation<Outcome, Never>?
            var timer: Task<Void, Never>?
        }
        private let state = Locked(State())

        /// Records `outcome` unless another was recorded first; `true` when this one counts. The
        /// waiter (if any) is resumed and the timer (if any) cancelled.
        @discardableResult
        func decide(_ outcome: Outcome) -> Bool {
            let decided = state.withLock {
                state -> (waiter: CheckedContinuation<Outcome, Never>?, timer: Task<Void, Never>?)? in
                guard state.outcome == nil else { return nil }
                state.outcome = outcome
                defer {
                    state.waiter = nil
                    state.timer = nil
                }
                return (state.waiter, state.timer)
            }
            guard let decided else { return false }
            decided.timer?.cancel()
            decided.waiter?.resume(returning: outcome)
            return true
        }

        /// Keeps the timer so that an end before it cancels it (at once if the end came first).
        func setTimer(_ timer: Task<Void, Never>) {
            let alreadyDecided = state.withLock { state -> Bool in
                if state.outcome == nil { state.timer = timer }
                return state.outcome != nil
            }
            if alreadyDecided { timer.cancel() }
        }

        /// The outcome, once decided.
        func wait() async -> Outcome {
            await withCheckedContinuation { continuation in
                let decided = state.withLock { state -> Outcome? in
                    if state.outcome == nil { state.waiter = continuation }
                    return state.outcome
                }
                if let decided { continuation.resume(returning: decided) }
            }
        }
    }
}
