import Foundation

/// What a query's last complete answer wrote, kept beside its memoized result: its body, the fields it wrote to each
/// record and their lifetimes.
///
/// While the memo keeps the result, none of the records it read has changed value since (any change forgets it), so
/// the records still hold exactly what this answer wrote. The next answer of the same query whose `data` is the same
/// text, under the same `Cache-Control`, would write the same values with the same lifetimes: the cache then only
/// sets the fields' received times (the new answer's: its request time less its `Age`; not when that is earlier than
/// the fields' own, which would end lifetimes other results count on sooner) (``GraphQLCacheStore/refreshFields(of:receivedAt:)``), without normalizing the
/// answer or comparing its values. Polling, pull-to-refresh and a watcher's refetch get such answers when nothing changed.
struct AnswerSource: Sendable {
    /// The largest body kept (it is kept, not copied): a larger answer is written as any other, so that the memo's
    /// memory stays near its results'.
    static let byteLimit = 64 << 10

    /// The answer's body.
    let body: [UInt8]
    /// Where its `data` is in ``body``.
    let data: Range<Int>
    /// The lifetime the server gave (``CacheControl/lifetime``), which the fields' lifetimes follow.
    let serverMaxAge: Duration?
    /// Whether the server said `must-revalidate` (or `no-cache`), which marks every field written.
    let mustRevalidate: Bool
    /// How long after it was received the first of its fields stops being fresh.
    let earliestLifetime: TimeInterval
    /// The records it wrote, in no particular order.
    let records: [String]
    /// How many of ``names`` each record's fields are, in the order of ``records``.
    let fieldCounts: [Int]
    /// The fields it wrote, record after record, in the order written.
    let names: [String]
    /// Their lifetimes (`nil`: the cache's), as ``names``.
    let maxAges: [Duration?]

    /// The source of an answer read from `tape` (its `data` at tape index `data`) into `normalizer`'s writes; `nil`
    /// when its body is larger than ``byteLimit``.
    init?(tape: JSONTape, data: Int, serverMaxAge: Duration?, mustRevalidate: Bool, normalizer: CacheNormalizer) {
        guard tape.bytes.count <= Self.byteLimit else { return nil }
        body = tape.bytes
        self.data = tape.text(of: data).indices
        self.serverMaxAge = serverMaxAge
        self.mustRevalidate = mustRevalidate
        earliestLifetime = normalizer.earliestExpiry.timeIntervalSince(normalizer.receivedAt)
        var records: [String] = []
        var counts: [Int] = []
        var names: [String] = []
        var maxAges: [Duration?] = []
        records.reserveCapacity(normalizer.writes.count)
        counts.reserveCapacity(normalizer.writes.count)
        for (key, fields) in normalizer.writes {
            records.append(key)
            counts.append(fields.count)
            for field in fields {
                names.append(field.name)
                maxAges.append(field.entry.maxAge)
            }
        }
        self.records = records
        self.fieldCounts = counts
        self.names = names
        self.maxAges = maxAges
    }

    /// Whether `text` is this answer's `data`, byte for byte.
    func hasData(_ text: ArraySlice<UInt8>) -> Bool {
        Self.equal(text, body[data])
    }

    /// Whether `body` is this answer's body, byte for byte.
    func hasBody(_ body: [UInt8]) -> Bool {
        Self.equal(body[...], self.body[...])
    }

    private static func equal(_ lhs: ArraySlice<UInt8>, _ rhs: ArraySlice<UInt8>) -> Bool {
        guard lhs.count == rhs.count, !lhs.isEmpty else { return false }
        let count = lhs.count
        return lhs.withUnsafeBytes { lhs in
            rhs.withUnsafeBytes { rhs in
                guard let lhs = lhs.baseAddress, let rhs = rhs.baseAddress else { return false }
                return memcmp(lhs, rhs, count) == 0
            }
        }
    }
}
