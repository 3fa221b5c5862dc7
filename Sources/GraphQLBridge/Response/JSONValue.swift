import Foundation
import GraphQLBridgeSupport

/// Any JSON value, kept as the server sent it: numbers keep their exact value as JSON text, so no digit is lost.
///
/// Decoded by ``GraphQLResponseDecoder`` (or parsed with ``init(parsing:)``), a number of any size or precision
/// keeps every digit, and one beyond `Double` (`1E400`) is kept as written. Decoded by a plain `JSONDecoder`,
/// Foundation's reading limits it to 38 significant digits and `Double`'s range.
///
/// Used for `extensions`, for GraphQL error payloads, and by generated code for custom scalars that have
/// no Swift mapping configured.
public enum JSONValue: Sendable, Hashable {
    /// `null`.
    case null
    /// `true` or `false`.
    case bool(Bool)
    /// A number, as the JSON text it is written with (`"9223372036854775807"`, `"1.5"`, `"1.5e3"`): no digit is lost
    /// and nothing is rounded. Two spellings of one number (`1E6`, `1000000`) are different values here; read
    /// them with ``int64Value`` or as a number type to compare them.
    case number(String)
    /// A string.
    case string(String)
    /// An array.
    case array([JSONValue])
    /// An object: its members named by their Unicode scalars (``JSONObject``), so two names that differ only in
    /// Unicode normalization (`"é"` composed and decomposed) are two members, as JSON and GraphQL define them. Member
    /// order is not kept. Of two members whose names are the same scalars, the last is kept, as `JSON.parse` does, on
    /// every path that reads a response body.
    case object(JSONObject)

    /// The value as an `Int64`: a number whose exact value is whole and within range, however it is written
    /// (`1E6`, `1.0` and `1000000` alike, as every response path reads a number into an integer type; `1.5` and
    /// `1E400` are `nil`), or a string of decimal integer digits within range.
    public var int64Value: Int64? {
        switch self {
        case .number(let text):
            if let value = Int64(text) { return value }
            return ExactNumber(text)?.int64
        case .string(let text): return LongScalar.parse(text)
        default: return nil
        }
    }

    /// The value as a `String`, when it is a string.
    public var stringValue: String? {
        if case .string(let text) = self { return text }
        return nil
    }

    /// The member `key` of an object.
    public subscript(key: String) -> JSONValue? {
        if case .object(let members) = self { return members[key] }
        return nil
    }

    /// Compact JSON text of the value (object members sorted by their names' scalars: the order of their UTF-8 bytes).
    public var jsonText: String {
        switch self {
        case .null: return "null"
        case .bool(let flag): return flag ? "true" : "false"
        case .number(let text): return text
        case .string, .array, .object:
            var output: [UInt8] = []
            output.reserveCapacity(64)
            writeJSONText(to: &output)
            return String(decoding: output, as: UTF8.self)
        }
    }

    /// Writes `members` as a JSON object, names sorted by their bytes (as ``writeJSONText(to:)`` writes a
    /// ``JSONObject``), without making one: for names a dictionary holds without loss (variables, arguments).
    static func writeObjectText(_ members: [String: JSONValue], to output: inout [UInt8]) {
        writeObject(
            single: members.count == 1 ? members.first : nil,
            sortedNames: { members.keys.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) } },
            value: { members[$0] }, to: &output)
    }

    /// Writes an object: its one member (`single`), or the members named by `sortedNames`, in that order.
    private static func writeObject(
        single: (key: String, value: JSONValue)?, sortedNames: () -> [String], value: (String) -> JSONValue?,
        to output: inout [UInt8]
    ) {
        output.append(UInt8(ascii: "{"))
        if let (name, member) = single {
            JSONStringWriter.write(name, to: &output)
            output.append(UInt8(ascii: ":"))
            member.writeJSONText(to: &output)
        } else {
            for (index, name) in sortedNames().enumerated() {
                if index > 0 { output.append(UInt8(ascii: ",")) }
                JSONStringWriter.write(name, to: &output)
                output.append(UInt8(ascii: ":"))
                (value(name) ?? .null).writeJSONText(to: &output)
            }
        }
        output.append(UInt8(ascii: "}"))
    }

    /// `members` as compact JSON text (``writeObjectText(_:to:)``).
    static func objectText(_ members: [String: JSONValue]) -> String {
        var output: [UInt8] = []
        writeObjectText(members, to: &output)
        return String(decoding: output, as: UTF8.self)
    }

    /// Appends the value's compact JSON text (object members sorted by key, as ``jsonText``) to UTF-8 bytes.
    func writeJSONText(to output: inout [UInt8]) {
        switch self {
        case .null: output.append(contentsOf: "null".utf8)
        case .bool(let flag): output.append(contentsOf: (flag ? "true" : "false").utf8)
        case .number(let text): output.append(contentsOf: text.utf8)
        case .string(let text): JSONStringWriter.write(text, to: &output)
        case .array(let items):
            output.append(UInt8(ascii: "["))
            for (index, item) in items.enumerated() {
                if index > 0 { output.append(UInt8(ascii: ",")) }
                item.writeJSONText(to: &output)
            }
            output.append(UInt8(ascii: "]"))
        case .object(let members):
            Self.writeObject(
                single: members.count == 1 ? members.first : nil, sortedNames: { members.sortedKeys },
                value: { members[$0] }, to: &output)
        }
    }

}

extension JSONValue {
    /// Parses UTF-8 JSON text, keeping every number as it is written.
    /// - Throws: ``GraphQLDecodingError`` saying what is wrong and at which byte.
    public init(parsing data: Data) throws(GraphQLDecodingError) {
        self = try ExactJSONParser.parse(data)
    }
}

extension JSONValue: Codable {
    /// Decodes any JSON value; integers and other numbers keep their exact text.
    public init(from decoder: any Decoder) throws {
        if let tree = JSONValue.treeValue(of: decoder) {
            // Decoded from the strict parser's tree (every response path): its value, numbers as written.
            self = tree
            return
        }
        let container = try decoder.singleValueContainer()
        if let body = IntegerLiteralBody.current, body.needsExactText,
            let exact = body.exactValue(at: decoder.codingPath)
        {
            // The body has numbers `Decimal` does not hold (past 38 digits, `1E400`): read them as written.
            self = exact
            return
        }
        if container.decodeNil() {
            self = .null
        } else if let flag = try? container.decode(Bool.self) {
            self = .bool(flag)
        } else if let number = try? container.decode(Decimal.self) {
            // Foundation reads a number with a fraction or an exponent as an integer through `Double`
            // (`1.0000000000000001` reads as `1`), so an integer is only taken when it is the exact value.
            if let integer = try? container.decode(Int64.self), Decimal(integer) == number {
                self = .number(String(integer))
            } else if let unsigned = try? container.decode(UInt64.self), Decimal(unsigned) == number {
                self = .number(String(unsigned))
            } else {
                self = .number(number.description)
            }
        } else if let number = try? container.decode(Double.self) {
            // Beyond `Decimal`'s exponent range (`1e200`): the nearest `Double`.
            self = .number(String(number))
        } else if let text = try? container.decode(String.self) {
            self = .string(text)
        } else if let items = try? container.decode([JSONValue].self) {
            self = .array(items)
        } else if let members = try? container.decode([String: JSONValue].self) {
            // Not a response path (those read the strict parser's tree): the decoder's own objects, keyed by `String`.
            self = .object(JSONObject(members))
        } else {
            throw GraphQLDecodingError(
                codingPath: container.codingPath, expected: "any JSON value", found: nil,
                reason: "the value could not be read")
        }
    }

    /// Encodes the value; numbers are written from their text without loss where the encoder allows.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .null: try container.encodeNil()
        case .bool(let flag): try container.encode(flag)
        case .number(let text):
            if let integer = Int64(text) {
                try container.encode(integer)
            } else if let unsigned = UInt64(text) {
                try container.encode(unsigned)
            } else if let number = Decimal(string: text, locale: Locale(identifier: "en_US_POSIX")) {
                try container.encode(number)
            } else if let number = Double(text), number.isFinite {
                try container.encode(number)
            } else {
                try container.encode(text)
            }
        case .string(let text): try container.encode(text)
        case .array(let items): try container.encode(items)
        case .object(let members): try container.encode(members)
        }
    }
}

extension JSONValue {
    /// The value at a path of keys and indices, or `nil` when the path does not lead anywhere.
    public func value(at codingPath: [any CodingKey]) -> JSONValue? {
        var current = self
        for key in codingPath {
            switch current {
            case .array(let items):
                guard let index = key.intValue, items.indices.contains(index) else { return nil }
                current = items[index]
            case .object(let members):
                guard let member = members[key.stringValue] else { return nil }
                current = member
            default:
                return nil
            }
        }
        return current
    }

    /// The JSON text shortened to `limit` characters (with an ellipsis), for error messages.
    public func excerpt(limit: Int = 120) -> String {
        let text = jsonText
        return text.count <= limit ? text : String(text.prefix(limit)) + "…"
    }
}
