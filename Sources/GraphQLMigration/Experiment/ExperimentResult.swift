/// What an ``ExperimentPublisher`` receives after each sampled run.
public struct ExperimentResult: Sendable, CustomStringConvertible {
    /// The experiment's name.
    public let name: String
    /// Match, mismatch, or who failed.
    public let outcome: ExperimentOutcome
    /// How long the control took (measured with `ContinuousClock`).
    public let controlDuration: Duration
    /// How long the candidate took (measured with `ContinuousClock`), failures included.
    public let candidateDuration: Duration
    /// The experiment's context merged with the run's.
    public let context: [String: String]

    /// Creates a result (experiments create them; this is for custom publishers' tests).
    public init(
        name: String,
        outcome: ExperimentOutcome,
        controlDuration: Duration,
        candidateDuration: Duration,
        context: [String: String] = [:]
    ) {
        self.name = name
        self.outcome = outcome
        self.controlDuration = controlDuration
        self.candidateDuration = candidateDuration
        self.context = context
    }

    /// Whether control and candidate returned equal values.
    public var isMatch: Bool {
        if case .match = outcome { return true }
        return false
    }

    /// The differences found; empty unless the outcome is a mismatch.
    public var differences: [FieldDifference] { outcome.differences }

    /// `name: outcome (control …, candidate …)`.
    public var description: String {
        "\(name): \(outcome) (control \(controlDuration), candidate \(candidateDuration))"
    }
}
