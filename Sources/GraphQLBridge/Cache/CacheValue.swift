/// A field's value in a normalized cache record: a scalar as the server sent it, a reference to another
/// record, a list of values, `null`, or a value the cache does not have.
public enum CacheValue: Sendable, Hashable, Codable {
    /// `null`.
    case null
    /// A value the cache does not have: the server's `null` there came with a field error (where the error is, or
    /// where its `null` propagated to: a list element, the nearest nullable parent). A read of it misses (so the
    /// query goes to the server), unlike ``null``, which is data. It replaces what the field held before.
    case missing
    /// A leaf value (scalar or enum), kept as the server sent it.
    case scalar(JSONValue)
    /// An object stored as its own record, by key (`Game:6x45`).
    case reference(String)
    /// A list.
    case list([CacheValue])

    /// The keys of the records this value refers to, however deep in lists.
    public var referencedKeys: [String] {
        switch self {
        case .null, .missing, .scalar: return []
        case .reference(let key): return [key]
        case .list(let items): return items.flatMap(\.referencedKeys)
        }
    }

    /// An estimate of the memory this value takes, in bytes (for the memory store's budget).
    var estimatedByteCount: Int {
        switch self {
        case .null, .missing: return 1
        case .scalar(let value): return 8 + value.estimatedByteCount
        case .reference(let key): return 8 + key.utf8.count
        case .list(let items): return items.reduce(16) { $0 + $1.estimatedByteCount }
        }
    }
}

extension JSONValue {
    /// An estimate of the memory this value takes, in bytes.
    var estimatedByteCount: Int {
        switch self {
        case .null, .bool: return 1
        case .number(let text), .string(let text): return text.utf8.count
        case .array(let items): return items.reduce(16) { $0 + $1.estimatedByteCount }
        case .object(let members): return members.reduce(16) { $0 + $1.key.utf8.count + $1.value.estimatedByteCount }
        }
    }
}
