/// An ``ExperimentPublisher`` that hands each result to a closure.
public struct ClosureExperimentPublisher: ExperimentPublisher {
    private let handler: @Sendable (ExperimentResult) async -> Void

    /// A publisher that calls `publish` with each result.
    public init(_ publish: @escaping @Sendable (ExperimentResult) async -> Void) {
        handler = publish
    }

    /// Calls the closure with `result`.
    public func publish(_ result: ExperimentResult) async {
        await handler(result)
    }
}
