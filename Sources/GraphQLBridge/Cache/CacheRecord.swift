/// A normalized object in the cache: every object with a key (`Game:6x45`) is stored once, and every
/// query that selects it refers to this record. Objects without a key are stored under their path from
/// the root field (`QUERY_ROOT.games({"activeOnly":true}).3`); each field of the query root is a record of
/// its own, `QUERY_ROOT.<field key>`, holding that one field.
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
    public static let queryRootKey = CacheKey.queryRoot

    /// Merges `other`'s fields over this record's; says whether anything changed (a value, or only when it
    /// was received or its lifetime), and whether a value changed. Costs the size of `other`, not of this record.
    @discardableResult
    public mutating func merge(_ other: CacheRecord) -> (changed: Bool, valueChanged: Bool) {
        var outcome = (changed: false, valueChanged: false)
        for (name, entry) in other.fields { merge(name, entry, into: &outcome) }
        return outcome
    }

    /// Merges `fields` over this record's, in order (a name given twice: the later entry wins), as
    /// ``merge(_:)-(CacheRecord)`` does.
    @discardableResult
    mutating func merge(fields: [CacheFieldWrite]) -> (changed: Bool, valueChanged: Bool) {
        var outcome = (changed: false, valueChanged: false)
        for field in fields { merge(field.name, field.entry, into: &outcome) }
        return outcome
    }

    /// One field of a merge: in place, and the values compared once; a field received again with an equal value
    /// (the common case of a refetch) only has its receipt and lifetime updated.
    private mutating func merge(
        _ name: String, _ entry: CacheFieldEntry, into outcome: inout (changed: Bool, valueChanged: Bool)
    ) {
        guard let index = fields.index(forKey: name) else {
            fields[name] = entry
            outcome = (true, true)
            return
        }
        // One read of the stored entry (each read of `values[index]` copies it).
        let old = fields.values[index]
        if old.value != entry.value {
            fields.values[index] = entry
            outcome = (true, true)
        } else if old.receivedAt != entry.receivedAt || old.maxAge != entry.maxAge {
            fields.values[index] = CacheFieldEntry(value: old.value, receivedAt: entry.receivedAt, maxAge: entry.maxAge)
            outcome.changed = true
        }
    }

    /// A record made of `fields` (a name given twice: the later entry wins).
    init(key: String, writes fields: [CacheFieldWrite]) {
        self.key = key
        var byName: [String: CacheFieldEntry] = [:]
        byName.reserveCapacity(fields.count)
        for field in fields { byName[field.name] = field.entry }
        self.fields = byName
    }

    /// An estimate of the memory the record takes, in bytes.
    var estimatedByteCount: Int {
        fields.reduce(48 + key.utf8.count) { $0 + $1.key.utf8.count + 24 + $1.value.value.estimatedByteCount }
    }
}

/// A field a write gives a record: its key in the record and its entry.
struct CacheFieldWrite: Sendable {
    var name: String
    var entry: CacheFieldEntry
}

/// The fields a write gives one record, in the order they were read (a name given twice: the later one counts):
/// what the normalizer makes of each object, merged into the stored record without a dictionary of its own.
typealias CacheRecordWrite = [CacheFieldWrite]
