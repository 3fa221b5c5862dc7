/// What a cache knows of the order of an answer against the fields written since its request started, for the
/// store's merge (``CacheRecord/merge(fields:stamping:startedAt:removedSince:requestStart:order:)``): a field written
/// since, kept against the answer, stays fresh only when its writer is known to be newer; otherwise it is written stale
/// (its value kept), so that a read asks the server rather than serve what may be the older of two answers.
///
/// A writer is known to be newer when its request started at a later store version than the answer's, or at the same
/// version and was sent after it by this process (its ``GraphQLCache/nextRequestSequence()`` place). The same
/// version and sent by another process (an app and its extension on one file: versions are shared, request places are
/// not) is a tie whose order is not known.
struct AnswerOrder: Sendable {
    /// Versions written since the request started by this process's answers to requests sent before it, and every
    /// version of those it no longer keeps the places of: of unknown order against the answer.
    var unordered: Set<UInt64> = []
    /// Versions written since the request started by this process's answers to requests sent after it: newer.
    var ordered: Set<UInt64> = []

    /// No answer of this process known on either side: a writer that started at the answer's start is of unknown
    /// order.
    static let unknown = AnswerOrder()

    /// Whether `kept`, a field written since the answer's request started at `start` (its version is above `start`),
    /// may be older than the answer: its writer's request started before `start`, or at `start` without being known
    /// to be sent after the answer's, or it is ``unordered``.
    func mayPrecede(_ kept: CacheFieldEntry, start: UInt64) -> Bool {
        if kept.requestStart < start || unordered.contains(kept.version) { return true }
        return kept.requestStart == start && !ordered.contains(kept.version)
    }
}
