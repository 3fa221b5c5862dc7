import Foundation
import GraphQLBridgeSupport

/// One field of a cache record: its value, when it was received, and how long it stays fresh.
///
/// Freshness is per field: a field is fresh while `receivedAt <= now < receivedAt + maxAge`, where `maxAge` is the
/// lifetime the server gave it (`Cache-Control: max-age`; zero for `no-cache`) or the configured one for its schema
/// coordinate (`"Draw.prizePool": "5s"`); `nil` means the cache's default `maxAge` applies. `receivedAt` is when the
/// server's answer was generated, on the cache's clock: the time its request was sent, less the server's `Age` (RFC
/// 9111 §4.2.3). A `receivedAt` after now (the clock moved back since, or another process's clock is ahead) is stale.
public struct CacheFieldEntry: Sendable, Hashable, Codable {
    /// The field's value.
    public var value: CacheValue
    /// When the answer holding it was generated: its request's time less the server's `Age`.
    public var receivedAt: Date
    /// Its own lifetime, when the server or the configuration gave one.
    public var maxAge: Duration?
    /// Whether, once stale, it must not be served in place of a failed request (the server said `must-revalidate`
    /// or `no-cache`).
    public var mustRevalidate: Bool
    /// The store version at which its value last changed (or its lifetime became shorter): an answer to a request
    /// that started before it does not overwrite it, whichever process wrote it. Kept by the store; not part of the
    /// entry's equality.
    var version: UInt64 = 0
    /// The store version at which the request of the answer that gave it `version` started (``UInt64/max``: no
    /// request's, a local write, or a field stored before it was kept: counts as started at `version`). An answer to a
    /// request that started later, finding `version` newer than its own start, cannot tell which of the two the server
    /// computed last: it writes the field stale
    /// (``CacheRecord/merge(fields:stamping:startedAt:removedSince:requestStart:order:)``). Kept by the store,
    /// whichever process wrote it; not part of the entry's equality.
    var requestStart: UInt64 = .max

    /// Creates an entry.
    public init(value: CacheValue, receivedAt: Date, maxAge: Duration? = nil, mustRevalidate: Bool = false) {
        self.value = value
        self.receivedAt = receivedAt
        self.maxAge = maxAge
        self.mustRevalidate = mustRevalidate
    }

    /// Decodes an entry; one encoded before ``mustRevalidate`` existed has it `false`.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        value = try container.decode(CacheValue.self, forKey: .value)
        receivedAt = try container.decode(Date.self, forKey: .receivedAt)
        maxAge = try container.decodeIfPresent(Duration.self, forKey: .maxAge)
        mustRevalidate = try container.decodeIfPresent(Bool.self, forKey: .mustRevalidate) ?? false
    }

    /// When the field stops being fresh, read at `now` with `defaultMaxAge` for a field without a lifetime of its own:
    /// `receivedAt + lifetime`, or the distant past when it was received after `now` (a clock that moved back never
    /// makes a field fresher).
    func expiry(now: Date, defaultMaxAge: Duration) -> Date {
        guard receivedAt <= now else { return .distantPast }
        return receivedAt.addingTimeInterval((maxAge ?? defaultMaxAge).timeInterval)
    }

    /// An entry with its store version.
    init(
        value: CacheValue, receivedAt: Date, maxAge: Duration?, mustRevalidate: Bool = false, version: UInt64,
        requestStart: UInt64 = .max
    ) {
        self.init(value: value, receivedAt: receivedAt, maxAge: maxAge, mustRevalidate: mustRevalidate)
        self.version = version
        self.requestStart = requestStart
    }

    private enum CodingKeys: String, CodingKey {
        case value, receivedAt, maxAge, mustRevalidate
    }

    // Equal entries hold the same value, received at the same time, with the same lifetime and revalidation (the
    // version and the request start are the store's bookkeeping).

    public static func == (lhs: CacheFieldEntry, rhs: CacheFieldEntry) -> Bool {
        lhs.value == rhs.value && lhs.receivedAt == rhs.receivedAt && lhs.maxAge == rhs.maxAge
            && lhs.mustRevalidate == rhs.mustRevalidate
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(value)
        hasher.combine(receivedAt)
        hasher.combine(maxAge)
        hasher.combine(mustRevalidate)
    }
}

extension CacheFieldEntry {
    /// Ends this field's lifetime, its value kept (a read asks the server), at the store version `version` (0: its
    /// version kept); `false`, with nothing changed, when it was already stale. The one way a merge makes a kept field
    /// stale: one it cannot order against the answer (``CacheRecord`` merge) or one of a mix of two answers
    /// (``CacheRecord/markStale(_:stamping:)``).
    mutating func endLifetime(stamping version: UInt64) -> Bool {
        guard maxAge != .zero else { return false }
        maxAge = .zero
        if version != 0 { self.version = version }
        return true
    }
}
