import Foundation

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

/// What ``CacheNormalizer`` takes from the query's previous answer (its ``AnswerSource``, whose writes are that answer's
/// values: not a patched answer's): its tape, what it wrote to each record, its objects and leaves. An object of the new
/// answer with the same text, record key, type and selection as one there writes exactly what it wrote then (the
/// normalizer's writes depend on nothing else for an answer without errors of the same query: the same variables,
/// metadata and `Cache-Control`), but for the received time: its records' writes are taken as they are, received
/// now, and the object is not read again.
struct PreviousAnswer: Sendable {
    /// The previous answer's tape.
    var tape: JSONTape
    /// What it wrote to each record.
    var writes: [String: CacheRecordWrite]
    /// Its objects, in the order visited.
    var objects: [NormalizedObject]
    /// Its leaves and structural leaves, when they were recorded (``CacheNormalizer/recordsLeaves``).
    var leaves: [AnswerLeaf]?
    var structuralLeaves: [Int]?
    /// Its records with two fields of one key (``CacheNormalizer/revisitedRecords``: no record was written twice).
    var revisitedRecords: Set<String> = []
}

extension JSONTape {
    /// Whether the value at `entry` has the same text as the value at `other` of `tape`, byte for byte.
    func hasSameText(_ entry: Int, as other: Int, of tape: JSONTape) -> Bool {
        let mine = entries[entry]
        let theirs = tape.entries[other]
        let count = mine.end - mine.start
        guard count == theirs.end - theirs.start, mine.next - entry == theirs.next - other else { return false }
        return bytes.withUnsafeBufferPointer { lhs in
            tape.bytes.withUnsafeBufferPointer { rhs in
                guard let lhs = lhs.baseAddress, let rhs = rhs.baseAddress else { return false }
                return memcmp(lhs + mine.start, rhs + theirs.start, count) == 0
            }
        }
    }
}
