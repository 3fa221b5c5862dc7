/// One visit of an object of a server's answer by ``CacheNormalizer``: the record it wrote, where the object is on the
/// answer's tape, the selection it was read with, and the objects and leaves the visit met inside it. An
/// ``AnswerSource`` keeps them, so that the next answer of the same query takes what a visit wrote as it is for an
/// object whose text, record key, type and selection are the same (``PreviousAnswer``), rather than reading it again.
struct NormalizedObject: Sendable, CustomStringConvertible {
    /// The key of the record it wrote.
    var key: String
    /// The object's tape index.
    var tapeIndex: Int
    /// The selection it was read with (its fields for ``typeName``), compared by identity (held: no other selection
    /// can take its address while this is kept).
    var selections: GraphQLSelectionSetMetadata
    /// Its type, as the normalizer took it.
    var typeName: String?
    /// The index after the last object met inside it, in the answer's list of objects (those met inside it follow it).
    var end: Int
    /// The leaves met inside it, as indices of the normalizer's ``CacheNormalizer/leaves`` (with
    /// ``CacheNormalizer/recordsLeaves``).
    var leaves: Range<Int>
    /// The same of ``CacheNormalizer/structuralLeaves``: those of the objects met inside it (its own type and key
    /// fields come before it).
    var structuralLeaves: Range<Int>

    var description: String {
        "\(key) at \(tapeIndex) as \(typeName ?? "?") (\(ObjectIdentifier(selections))), to \(end), leaves \(leaves), "
            + "structural \(structuralLeaves)"
    }
}
