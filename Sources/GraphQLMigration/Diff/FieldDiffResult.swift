/// What ``FieldDiff/compare(_:_:options:)`` found: the differences, and the ones that ignore
/// patterns hid.
public struct FieldDiffResult: Sendable, Hashable {
    /// The differences that count, as ``FieldDiff/differences(_:_:options:)`` returns them.
    public var differences: [FieldDifference]
    /// The differences under ignored paths, each with the first pattern that matched its path.
    public var ignored: [IgnoredFieldDifference]
    /// The differences that a tolerance or an unordered comparison absorbed, each with its rule.
    public var absorbed: [AbsorbedFieldDifference]

    /// Creates a result.
    public init(
        differences: [FieldDifference], ignored: [IgnoredFieldDifference] = [], absorbed: [AbsorbedFieldDifference] = []
    ) {
        self.differences = differences
        self.ignored = ignored
        self.absorbed = absorbed
    }

    /// How many differences each pattern hid (patterns that hid none are absent).
    public var ignoredCounts: [FieldPathPattern: Int] {
        var counts: [FieldPathPattern: Int] = [:]
        for hidden in ignored { counts[hidden.pattern, default: 0] += 1 }
        return counts
    }
}
