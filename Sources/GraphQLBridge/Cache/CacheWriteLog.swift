/// The cache's write generations: a counter that moves at every change of a record's value, a clear or a removal,
/// and, for the most recent changes, which record changed at which generation.
///
/// A request remembers the generation it started at. When its answer lands, the records changed since (by a
/// mutation, another query's newer answer, a removal) are not overwritten with it, and after a `clear()` nothing of
/// it is written. A request in flight is shared only with callers that start at its generation: one started after a
/// write asks the server again.
///
/// The log is bounded (``limit`` changes): a request older than the oldest change still logged does not know which
/// records changed since, so none of the records already in the store are overwritten with its answer.
struct CacheWriteLog {
    /// The generation of the last change.
    private(set) var generation: UInt64 = 0
    /// The generation of the last `clear()`: answers to requests started before it are not written.
    private(set) var clearedAt: UInt64 = 0
    /// Below this generation the log no longer knows what changed.
    private(set) var floor: UInt64 = 0
    /// The generation of each logged record's last change.
    private var changedAt: [String: UInt64] = [:]
    /// The logged changes, oldest first (a key may appear again later; only its last entry counts).
    private var order: [(key: String, generation: UInt64)] = []
    private var orderStart = 0
    /// How many changes are kept.
    let limit: Int

    init(limit: Int = 50_000) {
        self.limit = max(1, limit)
    }

    /// Records a change of `keys` (at a new generation); returns it.
    @discardableResult
    mutating func change(_ keys: some Sequence<String>) -> UInt64 {
        generation += 1
        for key in keys {
            changedAt[key] = generation
            order.append((key, generation))
        }
        let live = order.count - orderStart
        if live > limit {
            let drop = live - limit
            for index in orderStart..<orderStart + drop {
                let (key, at) = order[index]
                if changedAt[key] == at { changedAt[key] = nil }
                floor = max(floor, at)
            }
            orderStart += drop
            if orderStart > limit {
                order.removeFirst(orderStart)
                orderStart = 0
            }
        }
        return generation
    }

    /// Records a `clear()`: every earlier answer is dropped.
    mutating func clear() {
        generation += 1
        clearedAt = generation
        floor = generation
        changedAt = [:]
        order = []
        orderStart = 0
    }

    /// Whether an answer to a request started at `start` may be written at all.
    func accepts(startedAt start: UInt64) -> Bool {
        start >= clearedAt
    }

    /// Whether the record `key` changed after `start` (`nil`: the log cannot tell, it is older than ``floor``).
    func changed(_ key: String, after start: UInt64) -> Bool? {
        guard start >= floor else { return nil }
        return (changedAt[key] ?? 0) > start
    }
}
