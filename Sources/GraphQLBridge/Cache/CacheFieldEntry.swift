import Foundation

/// One field of a cache record: its value, when it was received, and how long it stays fresh.
///
/// Freshness is per field: a field is fresh while `now < receivedAt + maxAge`, where `maxAge` is the
/// lifetime the server gave it (`Cache-Control: max-age`) or the configured one for its schema coordinate
/// (`"Draw.prizePool": "5s"`); `nil` means the cache's default `maxAge` applies.
public struct CacheFieldEntry: Sendable, Hashable, Codable {
    /// The field's value.
    public var value: CacheValue
    /// When the response holding it was received.
    public var receivedAt: Date
    /// Its own lifetime, when the server or the configuration gave one.
    public var maxAge: Duration?
    /// The store version at which its value last changed (or its lifetime became shorter): an answer to a request
    /// that started before it does not overwrite it, whichever process wrote it. Kept by the store; not part of the
    /// entry's equality.
    var version: UInt64 = 0

    /// Creates an entry.
    public init(value: CacheValue, receivedAt: Date, maxAge: Duration? = nil) {
        self.value = value
        self.receivedAt = receivedAt
        self.maxAge = maxAge
    }

    /// An entry with its store version.
    init(value: CacheValue, receivedAt: Date, maxAge: Duration?, version: UInt64) {
        self.init(value: value, receivedAt: receivedAt, maxAge: maxAge)
        self.version = version
    }

    private enum CodingKeys: String, CodingKey {
        case value, receivedAt, maxAge
    }

    // Equal entries hold the same value, received at the same time, with the same lifetime (the version is the
    // store's bookkeeping).

    public static func == (lhs: CacheFieldEntry, rhs: CacheFieldEntry) -> Bool {
        lhs.value == rhs.value && lhs.receivedAt == rhs.receivedAt && lhs.maxAge == rhs.maxAge
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(value)
        hasher.combine(receivedAt)
        hasher.combine(maxAge)
    }
}
