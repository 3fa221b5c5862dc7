import Foundation

/// Encodes an `Encodable` value straight into a ``JSONValue`` tree: no JSON text is written and parsed again. Values
/// come out as `JSONEncoder` with the client's strategies writes them: a `Date` as a ``DateTime`` (RFC 3339 in UTC),
/// a `URL` as its absolute string, `Data` as Base64, integers and `Decimal`s as their exact decimal text, and a
/// `Double` as the shortest text that reads back as the same number (a non-finite one is an error).
///
/// Optimistic results go through it to the cache's normalizer: typed value, tree, records.
struct JSONValueEncoder {
    /// The tree of `value`.
    func encode(_ value: some Encodable) throws -> JSONValue {
        let root = TreeEncoder(codingPath: [])
        try root.encodeValue(value)
        return root.storage.value ?? .object([:])
    }
}

/// A node being written: a scalar set once, or an object or array whose members are nodes themselves (so that a
/// nested container written after its parent was handed out is still part of it).
private final class Node {
    enum Content {
        case empty
        case value(JSONValue)
        case object([JSONObject.Name: Node], order: [String])
        case array([Node])
    }

    var content: Content = .empty

    var value: JSONValue? {
        switch content {
        case .empty: return nil
        case .value(let value): return value
        case .object(let members, let order):
            var object = JSONObject()
            object.reserveCapacity(order.count)
            for name in order { object[name] = members[JSONObject.Name(name)]?.value ?? .null }
            return .object(object)
        case .array(let items): return .array(items.map { $0.value ?? .null })
        }
    }

    func member(_ name: String) -> Node {
        if case .object(var members, var order) = content {
            if let existing = members[JSONObject.Name(name)] { return existing }
            let node = Node()
            members[JSONObject.Name(name)] = node
            order.append(name)
            content = .object(members, order: order)
            return node
        }
        let node = Node()
        content = .object([JSONObject.Name(name): node], order: [name])
        return node
    }

    func append() -> Node {
        let node = Node()
        if case .array(var items) = content {
            items.append(node)
            content = .array(items)
        } else {
            content = .array([node])
        }
        return node
    }

    func makeObject() {
        if case .object = content { return }
        content = .object([:], order: [])
    }

    func makeArray() {
        if case .array = content { return }
        content = .array([])
    }
}

private final class TreeEncoder: Encoder {
    let codingPath: [any CodingKey]
    let storage: Node
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    init(codingPath: [any CodingKey], storage: Node = Node()) {
        self.codingPath = codingPath
        self.storage = storage
    }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        storage.makeObject()
        return KeyedEncodingContainer(KeyedContainer<Key>(encoder: self, node: storage, codingPath: codingPath))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        storage.makeArray()
        return UnkeyedContainer(encoder: self, node: storage, codingPath: codingPath)
    }

    func singleValueContainer() -> any SingleValueEncodingContainer {
        SingleContainer(encoder: self, node: storage, codingPath: codingPath)
    }

    /// Encodes `value` into `storage`, with the special forms of the client's `JSONEncoder`.
    func encodeValue(_ value: some Encodable) throws {
        try Self.encode(value, into: storage, codingPath: codingPath)
    }

    static func encode(_ value: some Encodable, into node: Node, codingPath: [any CodingKey]) throws {
        if let scalar = try scalar(value, codingPath: codingPath) {
            node.content = .value(scalar)
            return
        }
        try value.encode(to: TreeEncoder(codingPath: codingPath, storage: node))
    }

    /// The JSON of values `JSONEncoder` writes specially (and of the standard scalars, without an encoder).
    static func scalar(_ value: some Encodable, codingPath: [any CodingKey]) throws -> JSONValue? {
        switch value {
        case let date as Date: return .string(DateTimeScalar.format(date))
        case let url as URL: return .string(url.absoluteString)
        case let data as Data: return .string(data.base64EncodedString())
        case let decimal as Decimal: return .number(decimal.description)
        case let string as String: return .string(string)
        case let flag as Bool: return .bool(flag)
        case let number as Int: return .number(String(number))
        case let number as Int64: return .number(String(number))
        case let number as Int32: return .number(String(number))
        case let number as Double: return try double(number, codingPath: codingPath)
        default: return nil
        }
    }

    static func double(_ number: Double, codingPath: [any CodingKey]) throws -> JSONValue {
        guard number.isFinite else {
            throw EncodingError.invalidValue(
                number, .init(codingPath: codingPath, debugDescription: "\(number) is not a JSON number"))
        }
        // Swift's shortest round-trip form; an integral value is written without its ".0".
        if number == number.rounded(), abs(number) < 1e15 { return .number(String(Int64(number))) }
        return .number(String(number))
    }
}

private struct KeyedContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let encoder: TreeEncoder
    let node: Node
    let codingPath: [any CodingKey]

    func encodeNil(forKey key: Key) throws { node.member(key.stringValue).content = .value(.null) }
    func encode(_ value: Bool, forKey key: Key) throws { node.member(key.stringValue).content = .value(.bool(value)) }
    func encode(_ value: String, forKey key: Key) throws {
        node.member(key.stringValue).content = .value(.string(value))
    }
    func encode(_ value: Double, forKey key: Key) throws {
        node.member(key.stringValue).content = .value(try TreeEncoder.double(value, codingPath: codingPath + [key]))
    }
    func encode(_ value: Float, forKey key: Key) throws {
        node.member(key.stringValue).content = .value(
            try TreeEncoder.double(Double(value), codingPath: codingPath + [key]))
    }
    func encode(_ value: Int, forKey key: Key) throws {
        node.member(key.stringValue).content = .value(.number(String(value)))
    }
    func encode(_ value: Int8, forKey key: Key) throws {
        node.member(key.stringValue).content = .value(.number(String(value)))
    }
    func encode(_ value: Int16, forKey key: Key) throws {
        node.member(key.stringValue).content = .value(.number(String(value)))
    }
    func encode(_ value: Int32, forKey key: Key) throws {
        node.member(key.stringValue).content = .value(.number(String(value)))
    }
    func encode(_ value: Int64, forKey key: Key) throws {
        node.member(key.stringValue).content = .value(.number(String(value)))
    }
    func encode(_ value: UInt, forKey key: Key) throws {
        node.member(key.stringValue).content = .value(.number(String(value)))
    }
    func encode(_ value: UInt8, forKey key: Key) throws {
        node.member(key.stringValue).content = .value(.number(String(value)))
    }
    func encode(_ value: UInt16, forKey key: Key) throws {
        node.member(key.stringValue).content = .value(.number(String(value)))
    }
    func encode(_ value: UInt32, forKey key: Key) throws {
        node.member(key.stringValue).content = .value(.number(String(value)))
    }
    func encode(_ value: UInt64, forKey key: Key) throws {
        node.member(key.stringValue).content = .value(.number(String(value)))
    }

    func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
        try TreeEncoder.encode(value, into: node.member(key.stringValue), codingPath: codingPath + [key])
    }

    func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type, forKey key: Key)
        -> KeyedEncodingContainer<NestedKey>
    {
        let child = node.member(key.stringValue)
        child.makeObject()
        return KeyedEncodingContainer(
            KeyedContainer<NestedKey>(encoder: encoder, node: child, codingPath: codingPath + [key]))
    }

    func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        let child = node.member(key.stringValue)
        child.makeArray()
        return UnkeyedContainer(encoder: encoder, node: child, codingPath: codingPath + [key])
    }

    func superEncoder() -> any Encoder {
        TreeEncoder(codingPath: codingPath, storage: node.member("super"))
    }

    func superEncoder(forKey key: Key) -> any Encoder {
        TreeEncoder(codingPath: codingPath + [key], storage: node.member(key.stringValue))
    }
}

private struct UnkeyedContainer: UnkeyedEncodingContainer {
    let encoder: TreeEncoder
    let node: Node
    let codingPath: [any CodingKey]

    var count: Int {
        if case .array(let items) = node.content { return items.count }
        return 0
    }

    private var nextKey: any CodingKey { GraphQLCodingKey(intValue: count) ?? GraphQLCodingKey("?") }

    func encodeNil() throws { node.append().content = .value(.null) }
    func encode(_ value: Bool) throws { node.append().content = .value(.bool(value)) }
    func encode(_ value: String) throws { node.append().content = .value(.string(value)) }
    func encode(_ value: Double) throws {
        let key = nextKey
        node.append().content = .value(try TreeEncoder.double(value, codingPath: codingPath + [key]))
    }
    func encode(_ value: Float) throws {
        let key = nextKey
        node.append().content = .value(try TreeEncoder.double(Double(value), codingPath: codingPath + [key]))
    }
    func encode(_ value: Int) throws { node.append().content = .value(.number(String(value))) }
    func encode(_ value: Int8) throws { node.append().content = .value(.number(String(value))) }
    func encode(_ value: Int16) throws { node.append().content = .value(.number(String(value))) }
    func encode(_ value: Int32) throws { node.append().content = .value(.number(String(value))) }
    func encode(_ value: Int64) throws { node.append().content = .value(.number(String(value))) }
    func encode(_ value: UInt) throws { node.append().content = .value(.number(String(value))) }
    func encode(_ value: UInt8) throws { node.append().content = .value(.number(String(value))) }
    func encode(_ value: UInt16) throws { node.append().content = .value(.number(String(value))) }
    func encode(_ value: UInt32) throws { node.append().content = .value(.number(String(value))) }
    func encode(_ value: UInt64) throws { node.append().content = .value(.number(String(value))) }

    func encode<T: Encodable>(_ value: T) throws {
        let key = nextKey
        try TreeEncoder.encode(value, into: node.append(), codingPath: codingPath + [key])
    }

    func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<NestedKey> {
        let key = nextKey
        let child = node.append()
        child.makeObject()
        return KeyedEncodingContainer(
            KeyedContainer<NestedKey>(encoder: encoder, node: child, codingPath: codingPath + [key]))
    }

    func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
        let key = nextKey
        let child = node.append()
        child.makeArray()
        return UnkeyedContainer(encoder: encoder, node: child, codingPath: codingPath + [key])
    }

    func superEncoder() -> any Encoder {
        TreeEncoder(codingPath: codingPath + [nextKey], storage: node.append())
    }
}

private struct SingleContainer: SingleValueEncodingContainer {
    let encoder: TreeEncoder
    let node: Node
    let codingPath: [any CodingKey]

    func encodeNil() throws { node.content = .value(.null) }
    func encode(_ value: Bool) throws { node.content = .value(.bool(value)) }
    func encode(_ value: String) throws { node.content = .value(.string(value)) }
    func encode(_ value: Double) throws { node.content = .value(try TreeEncoder.double(value, codingPath: codingPath)) }
    func encode(_ value: Float) throws {
        node.content = .value(try TreeEncoder.double(Double(value), codingPath: codingPath))
    }
    func encode(_ value: Int) throws { node.content = .value(.number(String(value))) }
    func encode(_ value: Int8) throws { node.content = .value(.number(String(value))) }
    func encode(_ value: Int16) throws { node.content = .value(.number(String(value))) }
    func encode(_ value: Int32) throws { node.content = .value(.number(String(value))) }
    func encode(_ value: Int64) throws { node.content = .value(.number(String(value))) }
    func encode(_ value: UInt) throws { node.content = .value(.number(String(value))) }
    func encode(_ value: UInt8) throws { node.content = .value(.number(String(value))) }
    func encode(_ value: UInt16) throws { node.content = .value(.number(String(value))) }
    func encode(_ value: UInt32) throws { node.content = .value(.number(String(value))) }
    func encode(_ value: UInt64) throws { node.content = .value(.number(String(value))) }

    func encode<T: Encodable>(_ value: T) throws {
        try TreeEncoder.encode(value, into: node, codingPath: codingPath)
    }
}
