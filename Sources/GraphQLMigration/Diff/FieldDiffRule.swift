/// A rule that makes two different values count as equal, and is reported with how many differences it absorbed:
/// a tolerance for numbers and dates, or an array compared as a multiset.
public enum FieldDiffRule: Sendable, Hashable, CustomStringConvertible {
    /// Numbers or dates within a tolerance (``FieldTolerance``).
    case tolerance(FieldTolerance)
    /// The arrays at the paths matching the pattern are compared as multisets: the same elements, as often, in any
    /// order.
    case unordered(FieldPathPattern)

    /// The paths the rule applies to.
    public var pattern: FieldPathPattern {
        switch self {
        case .tolerance(let tolerance): return tolerance.pattern
        case .unordered(let pattern): return pattern
        }
    }

    /// `tolerance` or `unordered`.
    public var kind: String {
        switch self {
        case .tolerance: return "tolerance"
        case .unordered: return "unordered"
        }
    }

    /// `--tolerance lastDraw.prizePool=0.01` or `--unordered combination`, as the command line writes it.
    public var description: String {
        switch self {
        case .tolerance(let tolerance): return "--tolerance \(tolerance)"
        case .unordered(let pattern): return "--unordered \(pattern.pattern)"
        }
    }
}
