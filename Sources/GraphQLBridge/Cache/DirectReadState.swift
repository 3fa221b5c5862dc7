/// What a persistent ``GraphQLCache``'s direct reads (a query's stored response read on the caller's thread,
/// `GraphQLCache+DirectReads.swift`) need of the cache's state, readable without its actor: kept behind a lock.
struct DirectReadState: Sendable {
    /// The most query keys remembered: past it, queries not seen yet are read on the cache's queue.
    static let knownLimit = 65_536
    /// The most served results whose records wait to be marked as used (the oldest are dropped past it: a dropped mark
    /// makes records look older to trimming, never loses them).
    static let useLimit = 4_096

    /// Whether a direct read may serve a stored response: no optimistic layer is applied and no record's last write
    /// failed (what the cache's own read checks of those, from its actor).
    var allowed = true
    /// The queries this cache has read or written, by their keys' hashes (``AnswerRefreshHints/hash(_:)``): the memo
    /// may hold their results, so they are read on the queue (a memoized hit there costs less than a stored response
    /// read and decoded). A direct read serves each query once per process: the app's next launch. (Two keys of one
    /// hash: the second query is read on the queue, as a known one: slower, never wrong.)
    private var known: Set<UInt64> = []
    /// Stored responses served by direct reads (``GraphQLCache/Statistics/storedResponseHits``).
    var storedResponseHits = 0
    /// The records of the results served since the last trim, for the cache to mark as used.
    var used: [RecordKeys] = []

    /// Whether `queryKey` may be read directly now (allowed, not known); it becomes known.
    mutating func claim(_ queryKey: String) -> Bool {
        guard allowed, known.count < Self.knownLimit else { return false }
        return known.insert(AnswerRefreshHints.hash(queryKey)).inserted
    }

    /// `queryKey` becomes known (its query was read or written on the queue).
    mutating func know(_ queryKey: String) {
        known.insert(AnswerRefreshHints.hash(queryKey))
    }

    /// Counts a stored response served, read from the records `dependencies`; `false` (not counted) when direct reads
    /// stopped being allowed meanwhile.
    mutating func serve(_ dependencies: RecordKeys) -> Bool {
        guard allowed else { return false }
        storedResponseHits += 1
        if used.count >= Self.useLimit { used.removeFirst(used.count / 2) }
        used.append(dependencies)
        return true
    }
}
