/// An ``ExperimentPublisher`` that keeps every result in memory, in publishing order: for
/// tests, and for in-app diagnostics screens.
public actor RecordingExperimentPublisher: ExperimentPublisher {
    /// Every result published so far, oldest first.
    public private(set) var results: [ExperimentResult] = []

    /// An empty recorder.
    public init() {}

    /// Records `result`.
    public func publish(_ result: ExperimentResult) {
        results.append(result)
    }

    /// The results of the experiment called `name`.
    public func results(named name: String) -> [ExperimentResult] {
        results.filter { $0.name == name }
    }

    /// Waits until at least `count` results have been published (for detached experiments),
    /// or `timeout` has passed, or the calling task is cancelled; returns the results then.
    ///
    /// The default `timeout` (five minutes) is a hang detector, not a timing bound: a test waits on the results and
    /// is never failed by a loaded machine. Pass a short one only to check that nothing is published.
    public func waitForResults(count: Int, timeout: Duration = .seconds(300)) async -> [ExperimentResult] {
        let clock = ContinuousClock()
        let deadline = clock.now.advanced(by: timeout)
        while results.count < count, clock.now < deadline, !Task.isCancelled {
            try? await Task.sleep(for: .milliseconds(1))
        }
        return results
    }

    /// Forgets every result.
    public func removeAll() {
        results.removeAll()
    }
}
