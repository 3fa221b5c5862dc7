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
