/// One field whose value differs between two values of the same type.
///
/// `path` names the field with the Swift model's property names joined by `.`, array
/// elements as `[i]` and dictionary entries as `[key]` (string keys quoted):
/// `"lastDraw.prizePool"`, `"categories[2].prize"`, `"modes[\"GameInfo\"]"`. The root value
/// itself has the empty path `""`. `lhs` and `rhs` are the two values rendered as text
/// (`nil` for a missing optional, `<absent>` for a missing dictionary entry or property).
public struct FieldDifference: Sendable, Hashable, Codable, CustomStringConvertible {
    /// Where the two values differ, e.g. `"categories[2].prize"`; `""` for the root value.
    public var path: String
    /// The left-hand value at `path`, rendered as text.
    public var lhs: String
    /// The right-hand value at `path`, rendered as text.
    public var rhs: String

    /// Creates a difference at `path` between the rendered values `lhs` and `rhs`.
    public init(path: String, lhs: String, rhs: String) {
        self.path = path
        self.lhs = lhs
        self.rhs = rhs
    }

    /// `path: lhs != rhs`, with `(root)` standing for the empty path.
    public var description: String {
        "\(path.isEmpty ? "(root)" : path): \(lhs) != \(rhs)"
    }
}
