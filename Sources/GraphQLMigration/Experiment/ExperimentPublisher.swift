/// Receives every ``ExperimentResult``: log it, count it, send it to metrics.
///
/// `publish` is awaited by the experiment (before `run` returns, unless the experiment is
/// ``ExperimentWaitPolicy/detached``), so it should be quick and must not throw.
public protocol ExperimentPublisher: Sendable {
    /// Handles one result.
    func publish(_ result: ExperimentResult) async
}
