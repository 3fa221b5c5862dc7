import Foundation

/// Decodes a `Decodable` value from a ``JSONValue`` tree that ``ExactJSONParser`` read: the `Decodable` path of
/// ``GraphQLResponseDecoder`` (and every other place that reads a server's bytes) decodes through it, so the only
/// JSON parser on a response path is the strict one (Foundation's `JSONDecoder` accepts trailing commas and keeps
/// the first of two members with one name; the strict parser rejects the first and keeps the last).
///
/// Values come out as `JSONDecoder` with its default strategies gives them (`Date` as its own `Decodable` reads it,
/// `Data` from Base64, `URL` from a string, `Decimal` from the number's text), with one reading of numbers: a
/// number read as an integer type is its exact value when that value is whole and in range (`1E6` and `1.0` read as
/// `1000000` and `1`, as the one-pass reader's fallback always gave), and an error otherwise (`1.5`, `1E400`,
/// `1.0000000000000001`: no rounding through `Double`); a `Double` or `Float` is the nearest value of the text
/// (an error when it is not finite).
struct JSONValueDecoder {
    /// Decodes `type` from `value`.
    func decode<T: Decodable>(_ type: T.Type, from value: JSONValue) throws -> T {
        try TreeDecoder(value: value, path: nil).decodeValue(type)
    }

    /// Parses `data` strictly (``ExactJSONParser``) and decodes `type` from the tree.
    func decode<T: Decodable>(_ type: T.Type, from data: Data) throws -> T {
        try decode(type, from: try ExactJSONParser.parse(data))
    }
}

/// A coding key for array indices and `superDecoder`.
private struct TreeCodingKey: CodingKey {
    var stringValue: String
    var intValue: Int?

    init(stringValue: String) {
        self.stringValue = stringValue
        self.intValue = nil
    }

    init(intValue: Int) {
        self.stringValue = "Index \(intValue)"
        self.intValue = intValue
    }

    static let superKey = TreeCodingKey(stringValue: "super")
}

/// A coding path as a chain from the leaf up: a nested value costs one node, and the array of keys is made only when
/// asked for (an error, a nested container).
private final class TreePath {
    let parent: TreePath?
    let key: any CodingKey

    init(_ parent: TreePath?, _ key: any CodingKey) {
        self.parent = parent
        self.key = key
    }

    /// The keys from the root to `path`.
    static func keys(_ path: TreePath?) -> [any CodingKey] {
        var keys: [any CodingKey] = []
        var node = path
        while let current = node {
            keys.append(current.key)
            node = current.parent
        }
        return keys.reversed()
    }
}

/// The decoder of one node of the tree.
private final class TreeDecoder: Decoder {
    let value: JSONValue
    let path: TreePath?
    var codingPath: [any CodingKey] { TreePath.keys(path) }
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    init(value: JSONValue, path: TreePath?) {
        self.value = value
        self.path = path
    }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        guard case .object(let members) = value else {
            throw Self.mismatch(JSONObject.self, value, codingPath, expected: "an object")
        }
        return KeyedDecodingContainer(TreeKeyedContainer<Key>(members: members, path: path))
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        guard case .array(let items) = value else {
            throw Self.mismatch([JSONValue].self, value, codingPath, expected: "an array")
        }
        return TreeUnkeyedContainer(items: items, path: path)
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer {
        TreeSingleValueContainer(value: value, path: path)
    }

    /// `type` from this node, with `JSONDecoder`'s special cases (`Decimal`, `Data`, `URL`, `JSONValue`).
    func decodeValue<T: Decodable>(_ type: T.Type) throws -> T {
        if type == JSONValue.self, let value = value as? T { return value }
        if type == Decimal.self {
            if let decimal = try Self.decimal(value, codingPath) as? T { return decimal }
        } else if type == Data.self {
            guard case .string(let text) = value else {
                throw Self.mismatch(String.self, value, codingPath, expected: "a Base64 string")
            }
            guard let data = Data(base64Encoded: text) else {
                throw DecodingError.dataCorrupted(
                    DecodingError.Context(codingPath: codingPath, debugDescription: "the string is not valid Base64"))
            }
            if let data = data as? T { return data }
        } else if type == URL.self {
            guard case .string(let text) = value else {
                throw Self.mismatch(String.self, value, codingPath, expected: "a URL string")
            }
            guard let url = URL(string: text) else {
                throw DecodingError.dataCorrupted(
                    DecodingError.Context(codingPath: codingPath, debugDescription: "the string is not a valid URL"))
            }
            if let url = url as? T { return url }
        }
        return try T(from: self)
    }

    static func mismatch(
        _ type: Any.Type, _ value: JSONValue, _ codingPath: @autoclosure () -> [any CodingKey], expected: String
    ) -> DecodingError {
        if value == .null {
            return DecodingError.valueNotFound(
                type,
                DecodingError.Context(codingPath: codingPath(), debugDescription: "expected \(expected), found null"))
        }
        return DecodingError.typeMismatch(
            type,
            DecodingError.Context(
                codingPath: codingPath(), debugDescription: "expected \(expected), found \(value.excerpt(limit: 40))"))
    }

    static func numberText(
        _ value: JSONValue, _ codingPath: @autoclosure () -> [any CodingKey], _ type: Any.Type
    ) throws -> String {
        guard case .number(let text) = value else { throw mismatch(type, value, codingPath(), expected: "a number") }
        return text
    }

    static func notRepresentable(
        _ text: String, _ type: Any.Type, _ codingPath: @autoclosure () -> [any CodingKey]
    ) -> DecodingError {
        DecodingError.dataCorrupted(
            DecodingError.Context(
                codingPath: codingPath(),
                debugDescription: "the number \(text) is fractional or out of range for \(type) (read exactly)"))
    }

    /// An integer type: the number's exact value when it is whole and in range.
    static func integer<I: FixedWidthInteger>(
        _ value: JSONValue, _ codingPath: @autoclosure () -> [any CodingKey]
    ) throws -> I {
        let text = try numberText(value, codingPath(), I.self)
        // The common case: an integer literal (`Int64.init` takes exactly JSON's integer literals but `-0`).
        if let small = Int64(text), let result = I(exactly: small) { return result }
        if let number = ExactNumber(text), number.isWhole {
            if let int64 = number.int64, let result = I(exactly: int64) { return result }
            if !I.isSigned, let unsigned = UInt64(text), let result = I(exactly: unsigned) { return result }
        }
        throw notRepresentable(text, I.self, codingPath())
    }

    static func floatingPoint<F: LosslessStringConvertible & BinaryFloatingPoint>(
        _ value: JSONValue, _ codingPath: @autoclosure () -> [any CodingKey]
    ) throws -> F {
        let text = try numberText(value, codingPath(), F.self)
        guard let result = F(text), result.isFinite else { throw notRepresentable(text, F.self, codingPath()) }
        return result
    }

    static func bool(_ value: JSONValue, _ codingPath: @autoclosure () -> [any CodingKey]) throws -> Bool {
        guard case .bool(let flag) = value else {
            throw mismatch(Bool.self, value, codingPath(), expected: "a boolean")
        }
        return flag
    }

    static func string(_ value: JSONValue, _ codingPath: @autoclosure () -> [any CodingKey]) throws -> String {
        guard case .string(let text) = value else {
            throw mismatch(String.self, value, codingPath(), expected: "a string")
        }
        return text
    }

    static func decimal(_ value: JSONValue, _ codingPath: @autoclosure () -> [any CodingKey]) throws -> Decimal {
        let text = try numberText(value, codingPath(), Decimal.self)
        guard let result = Decimal(string: text, locale: Locale(identifier: "en_US_POSIX")) else {
            throw notRepresentable(text, Decimal.self, codingPath())
        }
        return result
    }
}

/// An object's members.
private struct TreeKeyedContainer<Key: CodingKey>: KeyedDecodingContainerProtocol {
    let members: JSONObject
    let path: TreePath?

    var codingPath: [any CodingKey] { TreePath.keys(path) }

    var allKeys: [Key] { members.keys.compactMap { Key(stringValue: $0) } }

    func contains(_ key: Key) -> Bool { members[key.stringValue] != nil }

    private func member(_ key: Key) throws -> JSONValue {
        guard let value = members[key.stringValue] else {
            throw DecodingError.keyNotFound(
                key,
                DecodingError.Context(
                    codingPath: codingPath, debugDescription: "no value for the key \"\(key.stringValue)\""))
        }
        return value
    }

    /// The path of `key`'s value, for errors.
    private func keys(_ key: Key) -> [any CodingKey] { TreePath.keys(TreePath(path, key)) }

    private func decoder(_ key: Key) throws -> TreeDecoder {
        TreeDecoder(value: try member(key), path: TreePath(path, key))
    }

    func decodeNil(forKey key: Key) throws -> Bool { try member(key) == .null }

    func decode(_ type: Bool.Type, forKey key: Key) throws -> Bool { try TreeDecoder.bool(member(key), keys(key)) }
    func decode(_ type: String.Type, forKey key: Key) throws -> String {
        try TreeDecoder.string(member(key), keys(key))
    }
    func decode(_ type: Double.Type, forKey key: Key) throws -> Double {
        try TreeDecoder.floatingPoint(member(key), keys(key))
    }
    func decode(_ type: Float.Type, forKey key: Key) throws -> Float {
        try TreeDecoder.floatingPoint(member(key), keys(key))
    }
    func decode(_ type: Int.Type, forKey key: Key) throws -> Int { try TreeDecoder.integer(member(key), keys(key)) }
    func decode(_ type: Int8.Type, forKey key: Key) throws -> Int8 { try TreeDecoder.integer(member(key), keys(key)) }
    func decode(_ type: Int16.Type, forKey key: Key) throws -> Int16 {
        try TreeDecoder.integer(member(key), keys(key))
    }
    func decode(_ type: Int32.Type, forKey key: Key) throws -> Int32 {
        try TreeDecoder.integer(member(key), keys(key))
    }
    func decode(_ type: Int64.Type, forKey key: Key) throws -> Int64 {
        try TreeDecoder.integer(member(key), keys(key))
    }
    func decode(_ type: UInt.Type, forKey key: Key) throws -> UInt { try TreeDecoder.integer(member(key), keys(key)) }
    func decode(_ type: UInt8.Type, forKey key: Key) throws -> UInt8 {
        try TreeDecoder.integer(member(key), keys(key))
    }
    func decode(_ type: UInt16.Type, forKey key: Key) throws -> UInt16 {
        try TreeDecoder.integer(member(key), keys(key))
    }
    func decode(_ type: UInt32.Type, forKey key: Key) throws -> UInt32 {
        try TreeDecoder.integer(member(key), keys(key))
    }
    func decode(_ type: UInt64.Type, forKey key: Key) throws -> UInt64 {
        try TreeDecoder.integer(member(key), keys(key))
    }

    func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T { try decoder(key).decodeValue(type) }

    func decodeIfPresent<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T? {
        guard let value = members[key.stringValue], value != .null else { return nil }
        return try TreeDecoder(value: value, path: TreePath(path, key)).decodeValue(type)
    }

    func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key) throws
        -> KeyedDecodingContainer<NestedKey>
    {
        try decoder(key).container(keyedBy: type)
    }

    func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
        try decoder(key).unkeyedContainer()
    }

    func superDecoder() throws -> any Decoder {
        TreeDecoder(
            value: members[TreeCodingKey.superKey.stringValue] ?? .null, path: TreePath(path, TreeCodingKey.superKey))
    }

    func superDecoder(forKey key: Key) throws -> any Decoder {
        TreeDecoder(value: members[key.stringValue] ?? .null, path: TreePath(path, key))
    }
}

/// An array's elements, read in order.
private struct TreeUnkeyedContainer: UnkeyedDecodingContainer {
    let items: [JSONValue]
    let path: TreePath?
    private(set) var currentIndex = 0

    init(items: [JSONValue], path: TreePath?) {
        self.items = items
        self.path = path
    }

    var codingPath: [any CodingKey] { TreePath.keys(path) }
    var count: Int? { items.count }
    var isAtEnd: Bool { currentIndex >= items.count }

    private var elementPath: TreePath { TreePath(path, TreeCodingKey(intValue: currentIndex)) }

    private func next(_ type: Any.Type) throws -> JSONValue {
        guard currentIndex < items.count else {
            throw DecodingError.valueNotFound(
                type,
                DecodingError.Context(
                    codingPath: TreePath.keys(elementPath), debugDescription: "the array has no more elements"))
        }
        return items[currentIndex]
    }

    mutating func decodeNil() throws -> Bool {
        guard try next(Never.self) == .null else { return false }
        currentIndex += 1
        return true
    }

    mutating func decode<T: Decodable>(_ type: T.Type) throws -> T {
        let value = try TreeDecoder(value: try next(type), path: elementPath).decodeValue(type)
        currentIndex += 1
        return value
    }

    mutating func decode(_ type: String.Type) throws -> String {
        let value = try TreeDecoder.string(next(type), TreePath.keys(elementPath))
        currentIndex += 1
        return value
    }

    mutating func decode(_ type: Bool.Type) throws -> Bool {
        let value = try TreeDecoder.bool(next(type), TreePath.keys(elementPath))
        currentIndex += 1
        return value
    }

    mutating func decode(_ type: Int.Type) throws -> Int {
        let value: Int = try TreeDecoder.integer(next(type), TreePath.keys(elementPath))
        currentIndex += 1
        return value
    }

    mutating func decode(_ type: Int64.Type) throws -> Int64 {
        let value: Int64 = try TreeDecoder.integer(next(type), TreePath.keys(elementPath))
        currentIndex += 1
        return value
    }

    mutating func decode(_ type: Double.Type) throws -> Double {
        let value: Double = try TreeDecoder.floatingPoint(next(type), TreePath.keys(elementPath))
        currentIndex += 1
        return value
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) throws
        -> KeyedDecodingContainer<NestedKey>
    {
        let container = try TreeDecoder(value: next(type), path: elementPath).container(keyedBy: type)
        currentIndex += 1
        return container
    }

    mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer {
        let container = try TreeDecoder(value: next([JSONValue].self), path: elementPath).unkeyedContainer()
        currentIndex += 1
        return container
    }

    mutating func superDecoder() throws -> any Decoder {
        let decoder = TreeDecoder(value: try next(JSONValue.self), path: elementPath)
        currentIndex += 1
        return decoder
    }
}

/// One value.
private struct TreeSingleValueContainer: SingleValueDecodingContainer {
    let value: JSONValue
    let path: TreePath?

    var codingPath: [any CodingKey] { TreePath.keys(path) }

    func decodeNil() -> Bool { value == .null }

    func decode(_ type: Bool.Type) throws -> Bool { try TreeDecoder.bool(value, codingPath) }
    func decode(_ type: String.Type) throws -> String { try TreeDecoder.string(value, codingPath) }
    func decode(_ type: Double.Type) throws -> Double { try TreeDecoder.floatingPoint(value, codingPath) }
    func decode(_ type: Float.Type) throws -> Float { try TreeDecoder.floatingPoint(value, codingPath) }
    func decode(_ type: Int.Type) throws -> Int { try TreeDecoder.integer(value, codingPath) }
    func decode(_ type: Int8.Type) throws -> Int8 { try TreeDecoder.integer(value, codingPath) }
    func decode(_ type: Int16.Type) throws -> Int16 { try TreeDecoder.integer(value, codingPath) }
    func decode(_ type: Int32.Type) throws -> Int32 { try TreeDecoder.integer(value, codingPath) }
    func decode(_ type: Int64.Type) throws -> Int64 { try TreeDecoder.integer(value, codingPath) }
    func decode(_ type: UInt.Type) throws -> UInt { try TreeDecoder.integer(value, codingPath) }
    func decode(_ type: UInt8.Type) throws -> UInt8 { try TreeDecoder.integer(value, codingPath) }
    func decode(_ type: UInt16.Type) throws -> UInt16 { try TreeDecoder.integer(value, codingPath) }
    func decode(_ type: UInt32.Type) throws -> UInt32 { try TreeDecoder.integer(value, codingPath) }
    func decode(_ type: UInt64.Type) throws -> UInt64 { try TreeDecoder.integer(value, codingPath) }

    func decode<T: Decodable>(_ type: T.Type) throws -> T {
        try TreeDecoder(value: value, path: path).decodeValue(type)
    }
}

extension JSONValue {
    /// The node a ``JSONValueDecoder`` decodes `decoder` from (so a `JSONValue` read from it is the strict parser's
    /// value, numbers as written); `nil` for any other decoder.
    static func treeValue(of decoder: any Decoder) -> JSONValue? {
        (decoder as? TreeDecoder)?.value
    }
}
