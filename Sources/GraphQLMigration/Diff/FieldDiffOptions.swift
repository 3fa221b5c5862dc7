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

    /// Creates options that skip the paths matching `ignoring` and compare the paths
    /// matching a comparator's pattern with that comparator.
    public init(ignoring: [FieldPathPattern] = [], comparators: [FieldComparator] = []) {
        self.ignoring = ignoring
        self.comparators = comparators
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
