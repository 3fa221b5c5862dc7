/// A field-level diff of two values of the same type, driven by `Mirror`.
///
/// ```swift
/// let differences = FieldDiff.differences(restModel, graphQLModel,
///                                         options: .init(ignoring: ["**.videoURL"]))
/// // [lastDraw.prizePool: 5000000 != 4000000]
/// ```
///
/// How values are walked:
/// - structs, classes (including inherited stored properties) and tuples: each stored
///   property by name, in declaration order; two references to the same object are equal;
///   reference cycles are followed once;
/// - optionals: `nil` and `nil` are equal; `nil` against a value is one difference at that
///   path (`"nil"` against the rendered value); two values are compared as if not optional;
/// - enums: compared as a whole (case and payload), one difference at the enum's path,
///   rendered like `completed` or `unknown("SCRATCH")`;
/// - arrays: element by element (`[i]`); arrays of different lengths are one difference at
///   the array's path (`[4, 8, 15]` against `[4, 8]`);
/// - dictionaries: entry by entry (`[key]`), in key order; a key on one side only is one
///   difference with `<absent>` on the other side; sets are compared as a whole;
/// - leaves (`String`, numbers, `Bool`, `Decimal`, `Date`, `URL`, `UUID`, `Data` and any
///   value without stored properties): with the type's own `==` when it is `Equatable`
///   (so `Decimal` 100 equals 100.00), otherwise by their rendered text. Values of different
///   dynamic types (through `Any` or an existential) always differ.
///
/// Every differing leaf is reported exactly once: never two differences for one path and
/// never a difference for a value together with one for a field inside it. The result is in
/// declaration order of the properties, then index order, then key order. A difference's two
/// texts are never equal: values are rendered as precisely as they are compared (dates to the
/// exact second, URLs with their base).
///
/// Objects (class instances) are compared once per pair: an object graph in which objects share
/// children is walked in linear time, and the differences of a shared pair are reported at the
/// first path that reaches it.
public enum FieldDiff {
    /// The differences of `lhs` and `rhs`, the differences that `options`' ignore patterns
    /// hid, each with the pattern that hid it (to report what each pattern hides), and the ones
    /// that its tolerances and unordered paths absorbed.
    public static func compare<T>(
        _ lhs: T,
        _ rhs: T,
        options: FieldDiffOptions = .init()
    ) -> FieldDiffResult {
        var walker = FieldDiffWalker(options: options, collectsIgnored: !options.ignoring.isEmpty)
        walker.compare(lhs, rhs, at: [])
        return FieldDiffResult(differences: walker.differences, ignored: walker.ignored, absorbed: walker.absorbed)
    }

    /// The fields in which `lhs` and `rhs` differ, in a deterministic order; empty when they
    /// are equal under `options`.
    public static func differences<T>(
        _ lhs: T,
        _ rhs: T,
        options: FieldDiffOptions = .init()
    ) -> [FieldDifference] {
        var walker = FieldDiffWalker(options: options)
        walker.compare(lhs, rhs, at: [])
        return walker.differences
    }

    /// Renders `value` as the diff renders leaves: strings as they are, dates in ISO 8601
    /// (with fractional seconds when there are any), optionals as their value or `nil`,
    /// enums as `case(payload)` and collections as `[a, b]`.
    public static func render<T>(_ value: T) -> String {
        FieldValueRenderer.render(value)
    }
}
