import Foundation
import GraphQLBridgeSupport

/// Which queries' last answers the cache only refreshed or patched (``AnswerSource``): a client fetching one of them
/// again asks its decoder for no tape, as the next answer is most likely the same again, or changed in leaves only, and
/// the cache compares such a body in place (``AnswerSource/patch(body:)``) for a fraction of a tape's cost.
///
/// A hint, never a truth: a wrong one costs time, not correctness. A body without a tape that the cache cannot refresh
/// or patch after all (the memo forgot the query's result, the answer changed more than leaves) is taped then, as any
/// other (about twice what recording the tape would have cost); a query without the hint records its tape as before.
/// It holds the hashes of the queries' keys (a collision only costs time too), at most about twice as many as the memo
/// keeps results (past that, it starts again empty), read and written without the cache's actor.
final class AnswerRefreshHints: Sendable {
    /// How many hashes it holds before it starts again.
    let limit: Int
    private let hashes = Locked(Set<UInt64>())

    /// Hints for a memo of `memoLimit` results.
    init(memoLimit: Int) {
        limit = 2 * max(0, memoLimit) + 64
    }

    /// Whether the last answer of the query `queryKey` was refreshed or patched.
    func expectsRefresh(_ queryKey: String) -> Bool {
        let hash = Self.hash(queryKey)
        return hashes.withLock { $0.contains(hash) }
    }

    /// Notes that the last answer of the query `queryKey` was refreshed or patched (`true`), or normalized (`false`).
    func note(_ queryKey: String, refreshed: Bool) {
        let hash = Self.hash(queryKey)
        hashes.withLock { hashes in
            if refreshed {
                if hashes.count >= limit { hashes.removeAll(keepingCapacity: true) }
                hashes.insert(hash)
            } else {
                hashes.remove(hash)
            }
        }
    }

    /// A hash of the key's UTF-8, eight bytes at a time (FNV-1a's constants over words): stable, and cheaper than
    /// hashing the string for a key read twice a fetch.
    static func hash(_ key: String) -> UInt64 {
        var key = key
        return key.withUTF8 { bytes -> UInt64 in
            var hash: UInt64 = 0xcbf2_9ce4_8422_2325 ^ UInt64(bytes.count)
            guard let base = bytes.baseAddress else { return hash }
            let raw = UnsafeRawPointer(base)
            var index = 0
            while index + 8 <= bytes.count {
                hash = (hash ^ raw.loadUnaligned(fromByteOffset: index, as: UInt64.self)) &* 0x0000_0100_0000_01b3
                hash ^= hash >> 29
                index += 8
            }
            while index < bytes.count {
                hash = (hash ^ UInt64(bytes[index])) &* 0x0000_0100_0000_01b3
                index += 1
            }
            return hash
        }
    }
}
