/// What an experiment found out.
public enum ExperimentOutcome: Sendable, CustomStringConvertible {
    /// Both returned values, and the comparator found no difference.
    case match
    /// Both returned values, and they differ in these fields.
    case mismatch([FieldDifference])
    /// The control returned a value; the candidate threw.
    case candidateFailed(ExperimentFailure)
    /// The control threw (the caller got that error); the candidate returned a value.
    case controlFailed(ExperimentFailure)
    /// Both threw.
    case bothFailed(control: ExperimentFailure, candidate: ExperimentFailure)
    /// The caller's task was cancelled before both finished with a value: no verdict.
    case cancelled
    /// The candidate was still running after the experiment's
    /// ``Experiment/candidateTimeout`` and was cancelled: no verdict, and a sign that the new
    /// code is too slow.
    case candidateTimedOut(after: Duration)

    /// A short name for metrics: `match`, `mismatch`, `candidateFailed`, `controlFailed`,
    /// `bothFailed` or `cancelled`.
    public var name: String {
        switch self {
        case .match: "match"
        case .mismatch: "mismatch"
        case .candidateFailed: "candidateFailed"
        case .controlFailed: "controlFailed"
        case .bothFailed: "bothFailed"
        case .cancelled: "cancelled"
        case .candidateTimedOut: "candidateTimedOut"
        }
    }

    /// The differences of a mismatch; empty for every other outcome.
    public var differences: [FieldDifference] {
        if case .mismatch(let differences) = self { return differences }
        return []
    }

    /// The outcome's name with its differences or errors.
    public var description: String {
        switch self {
        case .match, .cancelled:
            return name
        case .mismatch(let differences):
            return "mismatch in \(differences.count) field(s): "
                + differences.map(\.description).joined(separator: "; ")
        case .candidateFailed(let failure):
            return "candidate failed: \(failure)"
        case .controlFailed(let failure):
            return "control failed: \(failure)"
        case .bothFailed(let control, let candidate):
            return "both failed: control: \(control); candidate: \(candidate)"
        case .candidateTimedOut(let limit):
            return "candidate timed out after \(limit) and was cancelled"
        }
    }
}
