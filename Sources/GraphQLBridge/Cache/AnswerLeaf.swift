/// A leaf of a server's answer (a string, number, boolean or `null` field value, not a list or object) as the
/// normalizer wrote it: where it is on the answer's tape and which record field holds it. An ``AnswerSource`` keeps
/// them, so that the next answer of the same query that differs only in such leaves is written field by field
/// (``AnswerSource/patch(tape:data:)``).
struct AnswerLeaf: Sendable, CustomStringConvertible {
    /// Its tape index.
    var tapeIndex: Int
    /// The key of the record that holds it.
    var record: String
    /// The field key it is the value of.
    var field: String
    /// The field's lifetime (`nil`: the cache's).
    var maxAge: Duration?

    var description: String { "\(record).\(field) at \(tapeIndex) (\(maxAge.map { "\($0)" } ?? "cache's"))" }
}
