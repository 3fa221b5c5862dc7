/// What a ``FieldDiff`` skips and how it compares particular fields.
///
/// ```swift
/// let options = FieldDiffOptions(
///     ignoring: ["categories[*].prize", "**.videoURL"],
///     comparators: [.dates(within: .seconds(1))]
/// )
/// ```
public struct FieldDiffOptions: Sendable {
    /// Paths never compared. A pattern that matches a path also skips everything below it
    /// (ignoring `"lastDraw"` skips `lastDraw.prizePool`). A pattern that matches the root path
    /// (`""`, `"."`, `"**"`) hides every difference: build patterns from user input with
    /// ``FieldPathPattern/init(validating:)``, which refuses those.
    public var ignoring: [FieldPathPattern]
    /// Custom comparisons, tried in order at each path they match; the first one that
    /// applies to the values there decides whether they are equal.
    public var comparators: [FieldComparator]
    /// Numbers and dates that count as equal within a tolerance (tried after ``comparators``, in order; the first
    /// that applies to the values decides). What they absorb is in ``FieldDiffResult/absorbed``.
    public var tolerances: [FieldTolerance]
    /// Arrays compared as multisets (the same elements, as often, in any order): when the elements differ, one
    /// difference at the array's path; when only their order does, an absorbed difference.
    public var unordered: [FieldPathPattern]

    /// Creates options that skip the paths matching `ignoring`, compare the paths matching a comparator's pattern
    /// with that comparator, accept the differences within `tolerances` and compare the arrays at `unordered` paths
    /// in any order.
    public init(
        ignoring: [FieldPathPattern] = [], comparators: [FieldComparator] = [], tolerances: [FieldTolerance] = [],
        unordered: [FieldPathPattern] = []
    ) {
        self.ignoring = ignoring
        self.comparators = comparators
        self.tolerances = tolerances
        self.unordered = unordered
    }

    /// The rules, tolerances first, in the order given.
    public var rules: [FieldDiffRule] {
        tolerances.map(FieldDiffRule.tolerance) + unordered.map(FieldDiffRule.unordered)
    }

    /// Options with `other`'s ignore patterns, comparators and rules after these ones.
    public func merged(with other: FieldDiffOptions) -> FieldDiffOptions {
        FieldDiffOptions(
            ignoring: ignoring + other.ignoring, comparators: comparators + other.comparators,
            tolerances: tolerances + other.tolerances, unordered: unordered + other.unordered)
    }

    /// Whether the field at `path` (a path as ``FieldDifference/path`` spells it) is skipped.
    public func ignores(path: String) -> Bool {
        ignores(FieldPathSegment.parse(path))
    }

    func ignores(_ path: [FieldPathSegment]) -> Bool {
        firstIgnoringPattern(path) != nil
    }

    /// The first pattern of ``ignoring`` that matches `path`, the one a hidden difference is counted for.
    func firstIgnoringPattern(_ path: [FieldPathSegment]) -> FieldPathPattern? {
        ignoring.first { $0.matches(path) }
    }
}
