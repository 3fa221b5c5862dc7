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

    /// Creates an entry.
    public init(value: CacheValue, receivedAt: Date, maxAge: Duration? = nil) {
        self.value = value
        self.receivedAt = receivedAt
        self.maxAge = maxAge
    }
}
