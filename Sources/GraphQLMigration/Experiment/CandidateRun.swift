/// An experiment's candidate, running in a task of its own under a time limit.
///
/// The limit is enforced from outside the candidate: a timer resolves ``outcome`` as timed out
/// and cancels the candidate's task, so even a candidate that ignores cancellation cannot keep
/// the experiment (or its publisher) waiting.
struct CandidateRun<Value: Sendable>: Sendable {
    /// How the candidate ended.
    enum Outcome: Sendable {
        /// It returned or threw; `cancelled` when its task had been cancelled by the caller.
        case finished(ExperimentObservation<Value>, cancelled: Bool)
        /// It was still running after the limit, and was cancelled.
        case timedOut(Duration)
    }

    /// The candidate's own task.
    let task: Task<ExperimentObservation<Value>, Never>
    /// Resolves when the candidate finishes or the limit passes, whichever comes first.
    let outcome: Task<Outcome, Never>

    /// Starts `candidate` now, with `timeout` from now (`nil`: no limit).
    static func start(
        _ candidate: @escaping @Sendable () async throws -> Value, timeout: Duration?
    ) -> CandidateRun {
        let task = Task { await ExperimentObservation.observe(candidate) }
        guard let timeout else {
            return CandidateRun(
                task: task, outcome: Task { .finished(await task.value, cancelled: task.isCancelled) })
        }
        let outcome = Task<Outcome, Never> {
            await withCheckedContinuation { (continuation: CheckedContinuation<Outcome, Never>) in
                let resumed = LockedState(false)
                let claim: @Sendable () -> Bool = {
                    resumed.withLock { done in
                        defer { done = true }
                        return !done
                    }
                }
                let timer = Task {
                    do {
                        try await Task.sleep(for: timeout)
                    } catch {
                        return
                    }
                    if claim() {
                        task.cancel()
                        continuation.resume(returning: .timedOut(timeout))
                    }
                }
                Task {
                    let observation = await task.value
                    if claim() {
                        timer.cancel()
                        continuation.resume(returning: .finished(observation, cancelled: task.isCancelled))
                    }
                }
            }
        }
        return CandidateRun(task: task, outcome: outcome)
    }

    /// Cancels the candidate (the caller was cancelled).
    func cancel() {
        task.cancel()
    }
}
