/// What ``CacheNormalizer`` reads a response's `data` from: the body's bytes through a tape (``TapeInput``: a
/// server's answer without errors, read once with no tree built), a parsed tree (``TreeInput``: an answer with
/// errors), or a generated value's members (``ResponseObjectInput``: an optimistic result, with no encoder between the
/// typed value and the records but for its leaves). All give the same records for the same JSON.
protocol CacheNormalizerInput {
    /// A value of the response.
    associatedtype Value

    /// What `value` is.
    func kind(of value: Value) throws(GraphQLDecodingError) -> CacheNormalizerValueKind<Value>
    /// Whether `value` is an array or an object.
    func isArrayOrObject(_ value: Value) -> Bool
    /// The member `name` of `object` (`nil` when `object` is not an object or has none).
    func member(_ object: Value, _ name: String) -> Value?
    /// ``member(_:_:)``, for members asked for in turn: `hint` is where the search starts, and is left after the
    /// member found (a server answers in the selection's order, so each is found where the search starts).
    func member(_ object: Value, _ name: String, hint: inout Int) -> Value?
    /// `value` as JSON (a leaf, or an array or object the normalizer keeps whole).
    func json(_ value: Value) throws(GraphQLDecodingError) -> JSONValue
    /// `value`'s tape index, when the input is a tape (``AnswerLeaf``); `nil` otherwise.
    func tapeIndex(_ value: Value) -> Int?
    /// Appends `value`'s text to `key` as an object key writes a key field's value when it is written as it is (a
    /// string without escapes, or a number, whose text is plain: ``CacheKey/isPlain(_:)``), without building the value;
    /// `false`, with nothing appended, otherwise (the caller reads it as JSON).
    func appendPlainKeyComponent(_ value: Value, to key: inout [UInt8]) -> Bool
    /// Whether `value` is a leaf whose text makes it `json` exactly, as ``json(_:)`` would build it (a number of the
    /// same text, a string without escapes of the same bytes, the same boolean), told without building it; `false`
    /// when not, or when that is not told so cheaply (the caller then builds the value).
    func hasText(_ value: Value, of json: JSONValue) -> Bool
}

extension CacheNormalizerInput {
    func tapeIndex(_ value: Value) -> Int? { nil }

    func appendPlainKeyComponent(_ value: Value, to key: inout [UInt8]) -> Bool { false }

    func hasText(_ value: Value, of json: JSONValue) -> Bool { false }

    func member(_ object: Value, _ name: String, hint: inout Int) -> Value? {
        member(object, name)
    }
}

/// What a value of a ``CacheNormalizerInput`` is.
enum CacheNormalizerValueKind<Value> {
    case null
    /// An array, with its elements.
    case array([Value])
    case object
    /// A string, number or boolean.
    case leaf
}

/// A parsed ``JSONValue`` tree.
struct TreeInput: CacheNormalizerInput {
    func kind(of value: JSONValue) -> CacheNormalizerValueKind<JSONValue> {
        switch value {
        case .null: return .null
        case .array(let items): return .array(items)
        case .object: return .object
        case .bool, .number, .string: return .leaf
        }
    }

    func isArrayOrObject(_ value: JSONValue) -> Bool {
        switch value {
        case .array, .object: return true
        default: return false
        }
    }

    func member(_ object: JSONValue, _ name: String) -> JSONValue? {
        guard case .object(let members) = object else { return nil }
        return members[name]
    }

    func json(_ value: JSONValue) -> JSONValue { value }
}

/// A body's bytes through its ``JSONTape``: a value is its tape index; members are found by their names' bytes.
struct TapeInput: CacheNormalizerInput {
    let tape: JSONTape

    func kind(of value: Int) -> CacheNormalizerValueKind<Int> {
        switch tape.firstByte(value) {
        case UInt8(ascii: "n"): return .null
        case UInt8(ascii: "["): return .array(tape.elements(value))
        case UInt8(ascii: "{"): return .object
        default: return .leaf
        }
    }

    func isArrayOrObject(_ value: Int) -> Bool {
        let byte = tape.firstByte(value)
        return byte == UInt8(ascii: "[") || byte == UInt8(ascii: "{")
    }

    func member(_ object: Int, _ name: String) -> Int? {
        var name = name
        return name.withUTF8 { tape.member(object, $0) }
    }

    func member(_ object: Int, _ name: String, hint: inout Int) -> Int? {
        var name = name
        return name.withUTF8 { tape.member(object, $0, from: &hint) }
    }

    func json(_ value: Int) throws(GraphQLDecodingError) -> JSONValue {
        try tape.value(value)
    }

    func tapeIndex(_ value: Int) -> Int? { value }

    func appendPlainKeyComponent(_ value: Int, to key: inout [UInt8]) -> Bool {
        guard let text = tape.plainKeyText(value) else { return false }
        key.append(contentsOf: text)
        return true
    }

    func hasText(_ value: Int, of json: JSONValue) -> Bool {
        tape.hasText(value, of: json)
    }
}

/// A generated value's members (``GraphQLResponseObject``, as its `writeGraphQLMembers` writes them): objects and
/// lists are read as they are; a leaf (a scalar, an enum, a list of them) is encoded on its own into JSON, as a request
/// body would have it, and read as the tree would read that JSON.
struct ResponseObjectInput: CacheNormalizerInput {
    enum Value {
        case response(GraphQLResponseValue)
        case json(JSONValue)
    }

    func kind(of value: Value) throws(GraphQLDecodingError) -> CacheNormalizerValueKind<Value> {
        switch value {
        case .json(let json):
            switch TreeInput().kind(of: json) {
            case .null: return .null
            case .array(let items): return .array(items.map(Value.json))
            case .object: return .object
            case .leaf: return .leaf
            }
        case .response(.null): return .null
        case .response(.list(let items)): return .array(items.map(Value.response))
        case .response(.object): return .object
        case .response(.scalar(let leaf)): return try kind(of: .json(Self.encode(leaf)))
        }
    }

    func isArrayOrObject(_ value: Value) -> Bool {
        switch value {
        case .json(let json): return TreeInput().isArrayOrObject(json)
        case .response(.null): return false
        case .response(.list), .response(.object): return true
        case .response(.scalar(let leaf)): return (try? Self.encode(leaf)).map(TreeInput().isArrayOrObject) ?? false
        }
    }

    func member(_ object: Value, _ name: String) -> Value? {
        switch object {
        case .json(let json): return TreeInput().member(json, name).map(Value.json)
        case .response(.object(let members)): return members[name].map(Value.response)
        case .response: return nil
        }
    }

    func json(_ value: Value) throws(GraphQLDecodingError) -> JSONValue {
        switch value {
        case .json(let json): return json
        case .response(.null): return .null
        case .response(.scalar(let leaf)): return try Self.encode(leaf)
        case .response(.list(let items)):
            var converted: [JSONValue] = []
            converted.reserveCapacity(items.count)
            for item in items { converted.append(try json(.response(item))) }
            return .array(converted)
        case .response(.object(let object)):
            var members = JSONObject()
            for key in object.responseKeys {
                if let member = object[key] { members[key] = try json(.response(member)) }
            }
            return .object(members)
        }
    }

    /// A leaf as JSON, as ``JSONValueEncoder`` writes it (a `Date` as a `DateTime`, exact integers).
    private static func encode(_ leaf: any Encodable) throws(GraphQLDecodingError) -> JSONValue {
        do {
            return try JSONValueEncoder().encode(leaf)
        } catch {
            throw GraphQLDecodingError(
                path: "", expected: "a value JSON can hold", found: nil, reason: "it could not be encoded: \(error)")
        }
    }
}
