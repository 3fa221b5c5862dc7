/// A normalized object in the cache: every object with a key (`Game:6x45`) is stored once, and every
/// query that selects it refers to this record. Objects without a key are stored under their path from
/// the root field (`QUERY_ROOT.games({"activeOnly":true}).3`); the root itself is `QUERY_ROOT`.
///
/// Field keys include arguments, with variables resolved and keys sorted:
/// `draws({"gameId":"6x45","last":10})`.
public struct CacheRecord: Sendable, Hashable, Codable {
    /// The record's key.
    public var key: String
    /// Its fields, by field key.
    public var fields: [String: CacheFieldEntry]

    /// Creates a record.
    public init(key: String, fields: [String: CacheFieldEntry] = [:]) {
        self.key = key
        self.fields = fields
    }

    /// The key of the query root's record.
    public static let queryRootKey = "QUERY_ROOT"

    /// Merges `other`'s fields over this record's; returns whether anything changed (a value, or when it
    /// was received).
    @discardableResult
    public mutating func merge(_ other: CacheRecord) -> Bool {
        var changed = false
        for (name, entry) in other.fields where fields[name] != entry {
            fields[name] = entry
            changed = true
        }
        return changed
    }

    /// An estimate of the memory the record takes, in bytes.
    var estimatedByteCount: Int {
        fields.reduce(48 + key.utf8.count) { $0 + $1.key.utf8.count + 24 + $1.value.value.estimatedByteCount }
    }
}
