/// Whether ``Experiment/run(context:control:candidate:)`` waits for the candidate.
public enum ExperimentWaitPolicy: Sendable, Hashable {
    /// The caller gets the control's value once both have finished, so the result is
    /// compared and published before `run` returns. The caller's latency becomes the slower
    /// of the two. The default.
    case waitForCandidate
    /// The caller gets the control's value as soon as the control has finished; the
    /// candidate goes on in an unstructured task, and the result is compared and published
    /// when it finishes. Cancelling the caller while the control runs cancels the candidate
    /// too; after `run` has returned, the candidate is no longer tied to the caller. Strict
    /// experiments always wait.
    case detached
}
