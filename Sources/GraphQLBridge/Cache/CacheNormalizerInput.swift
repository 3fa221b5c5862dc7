/// What ``CacheNormalizer`` reads a response's `data` from: a parsed tree (``TreeInput``: an optimistic result, an
/// answer with errors) or the body's bytes through a tape (``TapeInput``: a server's answer without errors, read once
/// with no tree built). Both give the same records for the same JSON.
protocol CacheNormalizerInput {
    /// A value of the response.
    associatedtype Value

    /// What `value` is.
    func kind(of value: Value) -> CacheNormalizerValueKind<Value>
    /// Whether `value` is an array or an object.
    func isArrayOrObject(_ value: Value) -> Bool
    /// The member `name` of `object` (`nil` when `object` is not an object or has none).
    func member(_ object: Value, _ name: String) -> Value?
    /// `value` as JSON (a leaf, or an array or object the normalizer keeps whole).
    func json(_ value: Value) throws(GraphQLDecodingError) -> JSONValue
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

    func json(_ value: Int) throws(GraphQLDecodingError) -> JSONValue {
        try tape.value(value)
    }
}
