/// Which calls of an ``Experiment`` run the candidate. When the sample says no, only the
/// control runs and nothing is published.
public enum ExperimentSampling: Sendable {
    /// Every call.
    case always
    /// No call: the experiment is switched off.
    case never
    /// About `percent` calls in 100 (`0...100`), decided by `random`.
    case percent(Double, random: ExperimentRandomSource = .system)
    /// The calls for which the closure returns `true` (it is called once per run).
    case custom(@Sendable () -> Bool)

    /// Decides for one call whether the candidate runs.
    public func shouldRunCandidate() -> Bool {
        switch self {
        case .always:
            return true
        case .never:
            return false
        case .percent(let percent, let random):
            guard percent > 0 else { return false }
            guard percent < 100 else { return true }
            return random.next() * 100 < percent
        case .custom(let decide):
            return decide()
        }
    }
}
