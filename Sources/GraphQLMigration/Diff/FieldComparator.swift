import Foundation
import GraphQLBridgeSupport

/// A custom equality for the fields at the paths matching a pattern.
///
/// The diff calls the comparator with the two non-`nil` values found at a matching path
/// (optionals already unwrapped). The closure returns `true` (equal), `false` (one
/// difference at that path) or `nil` (does not apply to these values: the diff goes on as
/// usual, trying later comparators first).
///
/// ```swift
/// // Draw dates may differ by less than a second.
/// FieldComparator.dates(at: "**.date", within: .seconds(1))
/// // Prices compared to the cent.
/// FieldComparator("**.price", as: Decimal.self) { abs($0 - $1) < 0.01 }
/// ```
public struct FieldComparator: Sendable {
    /// The paths this comparator applies to.
    public var pattern: FieldPathPattern
    private let areEquivalent: @Sendable (Any, Any) -> Bool?

    /// A comparator for any values at `pattern`: returns whether they are equal, or `nil`
    /// when it does not apply to them.
    public init(
        _ pattern: FieldPathPattern,
        areEquivalent: @escaping @Sendable (_ lhs: Any, _ rhs: Any) -> Bool?
    ) {
        self.pattern = pattern
        self.areEquivalent = areEquivalent
    }

    /// A comparator for values of type `T` at `pattern`; values of other types are left to
    /// the default comparison.
    public init<T>(
        _ pattern: FieldPathPattern,
        as type: T.Type,
        areEquivalent: @escaping @Sendable (_ lhs: T, _ rhs: T) -> Bool
    ) {
        self.init(pattern) { lhs, rhs in
            guard let lhs = lhs as? T, let rhs = rhs as? T else { return nil }
            return areEquivalent(lhs, rhs)
        }
    }

    /// Treats two `Date`s at `pattern` (every path by default) as equal when they are less
    /// than `tolerance` apart.
    public static func dates(at pattern: FieldPathPattern = "**", within tolerance: Duration) -> FieldComparator {
        let seconds = tolerance.timeInterval
        return FieldComparator(pattern, as: Date.self) { lhs, rhs in
            abs(lhs.timeIntervalSince(rhs)) < seconds
        }
    }

    /// Applies the comparator to `lhs` and `rhs`: `nil` when it does not apply to them.
    public func compare(_ lhs: Any, _ rhs: Any) -> Bool? {
        areEquivalent(lhs, rhs)
    }
}
