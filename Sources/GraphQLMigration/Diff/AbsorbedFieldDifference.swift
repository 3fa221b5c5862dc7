/// A difference that a ``FieldDiffRule`` absorbed: two numbers within a tolerance, or two arrays with the same
/// elements in another order.
public struct AbsorbedFieldDifference: Sendable, Hashable {
    /// The rule that absorbed it (the first one that applied at its path).
    public var rule: FieldDiffRule
    /// The values that differ, though not by more than the rule allows.
    public var difference: FieldDifference

    /// Creates a record of an absorbed difference.
    public init(rule: FieldDiffRule, difference: FieldDifference) {
        self.rule = rule
        self.difference = difference
    }
}
