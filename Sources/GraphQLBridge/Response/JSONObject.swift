/// A JSON object's members, named as JSON and GraphQL name them: by their Unicode scalars.
///
/// Two names are one name only when they are the same scalars, one for one (the same UTF-8 bytes). Swift's `String`
/// equality is canonical equivalence (`"\u{E9}" == "e\u{301}"`), so a `[String: JSONValue]` cannot hold both members
/// of `{"é":"NFC","é":"NFD"}` (one name composed, one decomposed); a `JSONObject` keeps both, and looks a member up by
/// the scalars of the name it is given.
///
/// Member order is not kept. Of two members whose names are the same scalars, the last is kept (as `JSON.parse`
/// does), on every path that reads a response body.
public struct JSONObject: Sendable, Hashable {
    /// A member name, equal to another only when their scalars are the same.
    struct Name: Hashable, Sendable {
        let text: String

        init(_ text: String) { self.text = text }

        static func == (lhs: Name, rhs: Name) -> Bool { lhs.text.utf8.elementsEqual(rhs.text.utf8) }

        func hash(into hasher: inout Hasher) {
            let hashed: Void? = text.utf8.withContiguousStorageIfAvailable { bytes in
                hasher.combine(bytes: UnsafeRawBufferPointer(bytes))
            }
            if hashed == nil {
                for byte in text.utf8 { hasher.combine(byte) }
            }
            hasher.combine(text.utf8.count)
        }
    }

    private var storage: [Name: JSONValue]

    /// An object without members.
    public init() {
        storage = [:]
    }

    /// The members of a dictionary (whose keys are already distinct as `String`s, so as scalars too).
    public init(_ members: [String: JSONValue]) {
        var storage: [Name: JSONValue] = [:]
        // (Not for none: reserving room in the empty dictionary allocates storage for nothing.)
        if !members.isEmpty { storage.reserveCapacity(members.count) }
        for (name, value) in members { storage[Name(name)] = value }
        self.storage = storage
    }

    /// The members of a sequence of names and values; of two names with the same scalars, the last is kept.
    public init<S: Sequence>(_ members: S) where S.Element == (String, JSONValue) {
        var storage: [Name: JSONValue] = [:]
        let count = members.underestimatedCount
        if count > 0 { storage.reserveCapacity(count) }
        for (name, value) in members { storage[Name(name)] = value }
        self.storage = storage
    }

    /// Reserves room for `count` members.
    public mutating func reserveCapacity(_ count: Int) {
        storage.reserveCapacity(count)
    }

    /// The member whose name has the scalars of `name`; setting `nil` removes it.
    public subscript(_ name: String) -> JSONValue? {
        get { storage[Name(name)] }
        set { storage[Name(name)] = newValue }
    }

    /// The member whose name has the scalars of `name`, or `defaultValue`.
    public subscript(_ name: String, default defaultValue: @autoclosure () -> JSONValue) -> JSONValue {
        get { storage[Name(name), default: defaultValue()] }
        set { storage[Name(name), default: defaultValue()] = newValue }
    }

    /// The members' names (in no particular order).
    public var keys: [String] { storage.keys.map(\.text) }

    /// The members' values (in the order of ``keys``).
    public var values: [JSONValue] { Array(storage.values) }

    /// Sets the member `name` and returns the value it replaced.
    @discardableResult
    public mutating func updateValue(_ value: JSONValue, forKey name: String) -> JSONValue? {
        storage.updateValue(value, forKey: Name(name))
    }

    /// Removes the member `name` and returns its value.
    @discardableResult
    public mutating func removeValue(forKey name: String) -> JSONValue? {
        storage.removeValue(forKey: Name(name))
    }

    /// The position of the member `name`.
    public func index(forKey name: String) -> Index? {
        storage.index(forKey: Name(name)).map(Index.init)
    }

    /// The same names with transformed values.
    public func mapValues(_ transform: (JSONValue) throws -> JSONValue) rethrows -> JSONObject {
        var result = JSONObject()
        result.storage = try storage.mapValues(transform)
        return result
    }

    /// Adds `other`'s members; for a name in both, `combine` gives the value.
    public mutating func merge(
        _ other: JSONObject, uniquingKeysWith combine: (JSONValue, JSONValue) throws -> JSONValue
    ) rethrows {
        try storage.merge(other.storage, uniquingKeysWith: combine)
    }

    /// The members as a `[String: JSONValue]`. Names that are one `String` to Swift but different scalars are one
    /// key there: of those, one member is kept (which one is not specified). For names known to be distinct as
    /// `String`s (GraphQL names, ASCII).
    public var dictionary: [String: JSONValue] {
        var result: [String: JSONValue] = [:]
        result.reserveCapacity(storage.count)
        for (name, value) in storage { result[name.text] = value }
        return result
    }

    /// The names sorted by their scalars (the order of their UTF-8 bytes): a deterministic order for JSON text.
    public var sortedKeys: [String] {
        storage.keys.map(\.text).sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
    }
}

extension JSONObject: ExpressibleByDictionaryLiteral {
    /// Of two names with the same scalars, the last is kept.
    public init(dictionaryLiteral elements: (String, JSONValue)...) {
        self.init(elements)
    }
}

extension JSONObject: Collection {
    /// A position in an object's members.
    public struct Index: Comparable, Hashable, Sendable {
        fileprivate let base: [Name: JSONValue].Index

        fileprivate init(_ base: [Name: JSONValue].Index) { self.base = base }

        public static func < (lhs: Index, rhs: Index) -> Bool { lhs.base < rhs.base }
    }

    public typealias Element = (key: String, value: JSONValue)

    public var startIndex: Index { Index(storage.startIndex) }
    public var endIndex: Index { Index(storage.endIndex) }
    public var count: Int { storage.count }
    public var isEmpty: Bool { storage.isEmpty }
    public func index(after index: Index) -> Index { Index(storage.index(after: index.base)) }

    public subscript(position: Index) -> Element {
        let (name, value) = storage[position.base]
        return (name.text, value)
    }
}

extension JSONObject: CustomStringConvertible, CustomDebugStringConvertible {
    public var description: String { JSONValue.object(self).jsonText }
    public var debugDescription: String { "JSONObject(\(JSONValue.object(self).jsonText))" }
}

extension JSONObject: Codable {
    private struct MemberKey: CodingKey {
        let stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    /// Decodes a JSON object (through ``JSONValue``, so a response path keeps every member).
    public init(from decoder: any Decoder) throws {
        guard case .object(let object) = try JSONValue(from: decoder) else {
            throw DecodingError.typeMismatch(
                JSONObject.self,
                DecodingError.Context(codingPath: decoder.codingPath, debugDescription: "expected a JSON object"))
        }
        self = object
    }

    /// Encodes every member (sorted by scalars), each under its own name. An encoder that keys its objects by
    /// `String` (Foundation's `JSONEncoder`) makes one of two names that differ only in Unicode normalization.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: MemberKey.self)
        for name in sortedKeys {
            try container.encode(self[name] ?? .null, forKey: MemberKey(stringValue: name))
        }
    }
}
