/// Whether ``Experiment/run(context:control:candidate:)`` waits for the candidate.
public enum ExperimentWaitPolicy: Sendable, Hashable {
    /// For tests: the caller gets the control's value once the candidate has finished (or timed
    /// out, see ``Experiment/candidateTimeout``) and the result has been compared and published.
    /// The caller's latency becomes the slower of the two.
    case waitForCandidate
    /// The default, and the only policy for shipping code: the caller gets the control's value as
    /// soon as the control has finished; the candidate goes on in a task of its own (cancelled
    /// at its timeout), and the result is compared and published when it finishes, detached from
    /// the caller. Cancelling the caller while the control runs cancels the candidate too.
    /// Strict experiments always wait.
    case detached
}
