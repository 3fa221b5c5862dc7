/// A difference that an ignore pattern hid from a ``FieldDiff``.
public struct IgnoredFieldDifference: Sendable, Hashable {
    /// The pattern that hid it (the first one, in ``FieldDiffOptions/ignoring``, matching its path).
    public var pattern: FieldPathPattern
    /// The hidden difference.
    public var difference: FieldDifference

    /// Creates a record of a hidden difference.
    public init(pattern: FieldPathPattern, difference: FieldDifference) {
        self.pattern = pattern
        self.difference = difference
    }
}
