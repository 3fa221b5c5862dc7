import Foundation

/// Thrown to the caller by a strict experiment (see ``Experiment/strict``) when the candidate
/// returned a different value or failed while the control succeeded.
public struct ExperimentMismatchError: Error, Sendable, CustomStringConvertible, LocalizedError {
    /// The full result, as published.
    public let result: ExperimentResult

    /// Creates the error for `result`; `nil` unless the outcome is a mismatch, a candidate
    /// failure or a candidate that timed out.
    public init?(_ result: ExperimentResult) {
        switch result.outcome {
        case .mismatch, .candidateFailed, .candidateTimedOut:
            self.result = result
        case .match, .controlFailed, .bothFailed, .cancelled:
            return nil
        }
    }

    /// The experiment's name.
    public var experiment: String { result.name }

    /// The fields in which the candidate differs from the control (empty when it failed).
    public var differences: [FieldDifference] { result.differences }

    /// The candidate's error, when it failed.
    public var candidateFailure: ExperimentFailure? {
        if case .candidateFailed(let failure) = result.outcome { return failure }
        return nil
    }

    /// One line naming the experiment, then one line per difference (or the candidate's error).
    public var description: String {
        if case .candidateTimedOut(let limit) = result.outcome {
            return "Experiment \"\(experiment)\": the candidate was still running after \(limit) and was cancelled"
        }
        if let failure = candidateFailure {
            return "Experiment \"\(experiment)\": the candidate failed while the control succeeded: \(failure)"
        }
        let header =
            "Experiment \"\(experiment)\": the candidate differs from the control in "
            + "\(differences.count) field(s):"
        return ([header] + differences.map { "  \($0)" }).joined(separator: "\n")
    }

    /// Same as ``description``.
    public var errorDescription: String? { description }
}
