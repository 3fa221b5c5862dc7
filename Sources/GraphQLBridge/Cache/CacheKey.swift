import GraphQLBridgeSupport

/// The keys of the cache's records, spelled in one place.
///
/// - An object with a key: `Type:id`, the values of its key fields joined by `,`: `Game:6x45`, `Draw:6x45,12`.
/// - A root field: a record of its own holding that one field, `QUERY_ROOT.<field key>`:
///   `QUERY_ROOT.game({"id":"6x45"})`, so that the root does not become one record that grows with every query.
/// - An object without a key: under its path from the record that holds the field, `<record>.<field key>`, and
///   `.<index>` per list level: `Game:6x45.logo`, `QUERY_ROOT.games({"activeOnly":true}).games({"activeOnly":true}).3`.
///   Under a root field the owner is the root field's record, so the object's key is never the root field record's
///   own (`QUERY_ROOT.hero.hero`, not `QUERY_ROOT.hero`).
///
/// No key can be another's, whatever the server's values hold: a key reads back in one way only.
/// - A type's name and a key field's value are written as they are when they are made of ASCII letters, digits,
///   `_` and `-` only (``isPlain(_:)``), else as a JSON string (``appendQuoted(_:to:)``): `Site:"alice.owner"` is
///   never the path `Site:alice.owner`, `Pair:"a,b"` is never `Pair:a,b`, and a quote or backslash in a value is
///   escaped.
/// - A field key is a GraphQL name, then its arguments as a JSON object between parentheses; an index is digits
///   (a name never starts with one).
/// - Every key is ASCII: non-ASCII characters of values and arguments are written as `\uXXXX` escapes. Swift
///   compares `String`s by canonical equivalence (`"\u{E9}" == "e\u{301}"`), so two ids the server tells apart
///   that differ only in their Unicode normalization would otherwise be one key to the memory store's dictionaries.
enum CacheKey {
    /// The query root.
    static let queryRoot = "QUERY_ROOT"
    /// The mutation root: a mutation's root fields are not kept; its objects are merged into their records.
    static let mutationRoot = "MUTATION_ROOT"
    /// The subscription root: as the mutation root, an event's root field is not kept.
    static let subscriptionRoot = "SUBSCRIPTION_ROOT"

    /// The root of an operation of `type`.
    static func root(of type: GraphQLOperationType) -> String {
        switch type {
        case .query: return queryRoot
        case .mutation: return mutationRoot
        case .subscription: return subscriptionRoot
        }
    }

    /// Whether records under `root` are kept (only the query root's fields are).
    static func keepsRootFields(_ root: String) -> Bool { root == queryRoot }

    /// The record holding the root field `fieldKey`.
    static func rootField(_ root: String, _ fieldKey: String) -> String { root + "." + fieldKey }

    /// The object without a key held by the field `fieldKey` of the record `owner`.
    static func child(of owner: String, field fieldKey: String) -> String { owner + "." + fieldKey }

    /// The element `index` of a list whose objects without a key are under `path`.
    static func element(of path: String, at index: Int) -> String { path + "." + String(index) }

    /// The object without a key held by the field `fieldKey` of `owner`, at `indices` in its nested lists:
    /// ``child(of:field:)``, then ``element(of:at:)`` for each index, built at once.
    static func child(of owner: String, field fieldKey: String, at indices: [Int]) -> String {
        // Its bytes, then one string (a string appended to piece by piece costs more).
        var key: [UInt8] = []
        key.reserveCapacity(owner.utf8.count + fieldKey.utf8.count + 1 + indices.count * 4)
        key.append(contentsOf: owner.utf8)
        key.append(UInt8(ascii: "."))
        key.append(contentsOf: fieldKey.utf8)
        for index in indices {
            key.append(UInt8(ascii: "."))
            appendDecimal(index, to: &key)
        }
        return String(decoding: key, as: UTF8.self)
    }

    /// Appends `value`'s decimal digits (as `String(value)` spells them), without building a string.
    static func appendDecimal(_ value: Int, to key: inout [UInt8]) {
        if value < 0 {
            key.append(contentsOf: String(value).utf8)
            return
        }
        if value < 10 {
            key.append(UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: value))
            return
        }
        let start = key.count
        var rest = value
        while rest > 0 {
            key.append(UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: rest % 10))
            rest /= 10
        }
        key[start...].reverse()
    }

    /// The key of the object of type `typeName` whose key fields hold `values` (each a string's text or a number's
    /// JSON text), in the key fields' order.
    static func object(typeName: String, values: some Sequence<String>) -> String {
        var key: [UInt8] = []
        key.reserveCapacity(typeName.utf8.count + 24)
        appendComponent(typeName, to: &key)
        key.append(UInt8(ascii: ":"))
        for (index, value) in values.enumerated() {
            if index > 0 { key.append(UInt8(ascii: ",")) }
            appendComponent(value, to: &key)
        }
        return String(decoding: key, as: UTF8.self)
    }

    /// Appends a type's name or a key field's value to an object's key: as it is when ``isPlain(_:)``, else quoted.
    static func appendComponent(_ text: String, to key: inout [UInt8]) {
        if isPlain(text) {
            key.append(contentsOf: text.utf8)
        } else {
            appendQuoted(text, to: &key)
        }
    }

    /// Whether `text` is written as it is in a key: not empty, and only ASCII letters, digits, `_` and `-` (none of
    /// the separators `:`, `,`, `.`, nor a quote that would start a quoted value).
    static func isPlain(_ text: String) -> Bool {
        guard !text.isEmpty else { return false }
        return text.utf8.allSatisfy(isPlainByte)
    }

    /// Whether `byte` is one a plain key value may hold (``isPlain(_:)``): an ASCII letter, digit, `_` or `-`.
    static func isPlainByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "_"), UInt8(ascii: "-"):
            return true
        default:
            return false
        }
    }

    /// Appends `text` as a JSON string whose non-ASCII characters are `\uXXXX` escapes (UTF-16 code units).
    static func appendQuoted(_ text: String, to key: inout [UInt8]) {
        var quoted: [UInt8] = []
        quoted.reserveCapacity(text.utf8.count + 2)
        JSONStringWriter.write(text, to: &quoted)
        if quoted.contains(where: { $0 >= 0x80 }) { quoted = escapingNonASCII(quoted) }
        key.append(contentsOf: quoted)
    }

    /// UTF-8 text with each non-ASCII character replaced by its `\uXXXX` escapes (a pair of them beyond the BMP), as
    /// JSON writes it inside a string: the text of a JSON value, whose non-ASCII characters are all in strings, stays
    /// the same JSON value. One text, one result; the result is ASCII.
    static func escapingNonASCII(_ utf8: [UInt8]) -> [UInt8] {
        var output: [UInt8] = []
        output.reserveCapacity(utf8.count + 16)
        func appendUnit(_ unit: UInt16) {
            output.append(contentsOf: #"\u"#.utf8)
            for shift in stride(from: 12, through: 0, by: -4) {
                output.append(hexDigits[Int((unit >> UInt16(shift)) & 0xF)])
            }
        }
        // The bytes come from a `String`: valid UTF-8.
        for scalar in String(decoding: utf8, as: UTF8.self).unicodeScalars {
            if scalar.isASCII {
                output.append(UInt8(scalar.value))
            } else {
                for unit in String(scalar).utf16 { appendUnit(unit) }
            }
        }
        return output
    }

    private static let hexDigits: [UInt8] = Array("0123456789abcdef".utf8)

    /// Whether the record `key`, holding `fieldKeys`, is a root field's record of the query root (a root for
    /// reachability): its one field's key is its key's suffix. An object without a key under a root field
    /// (`QUERY_ROOT.hero.hero`) holds the object's fields instead.
    static func isQueryRootField(_ key: String, fieldKeys: some Collection<String>) -> Bool {
        let prefix = queryRoot + "."
        guard key.hasPrefix(prefix), fieldKeys.count == 1, let only = fieldKeys.first else { return false }
        return key.utf8.count == prefix.utf8.count + only.utf8.count && key.hasSuffix(only)
    }
}

extension CacheRecord {
    /// The key of the record that holds the query root's field `fieldKey` (`game({"id":"6x45"})`).
    public static func rootFieldKey(_ fieldKey: String) -> String {
        CacheKey.rootField(CacheKey.queryRoot, fieldKey)
    }

    /// The key of the record of the object of type `typeName` whose key fields (`id`, or the `keyFields` configured
    /// for the type) hold `keyValues`, in order: `Game:6x45`, or with a value quoted when it holds anything but
    /// ASCII letters, digits, `_` and `-` (`Site:"alice.owner"`).
    public static func objectKey(typeName: String, keyValues: [String]) -> String {
        CacheKey.object(typeName: typeName, values: keyValues)
    }
}
