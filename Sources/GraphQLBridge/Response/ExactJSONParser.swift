import Foundation

/// A strict JSON parser (RFC 8259, UTF-8) into ``JSONValue`` that keeps every number as the text it is written
/// with, so no digit is lost and a number beyond `Double` or `Decimal` (`1E400`) is still a value.
///
/// Used where Foundation's reading is not exact: numbers with more than 38 significant digits, exponents beyond
/// `Decimal`'s range. Nesting deeper than ``maximumDepth`` is an error (no recursion without bound).
struct ExactJSONParser {
    /// How deep arrays and objects may nest.
    static let maximumDepth = 512

    private let bytes: [UInt8]
    private var index = 0

    private init(_ bytes: [UInt8]) {
        self.bytes = bytes
    }

    /// Parses one JSON value (surrounded by optional whitespace) from UTF-8 text.
    static func parse(_ data: Data) throws(GraphQLDecodingError) -> JSONValue {
        var parser = ExactJSONParser([UInt8](data))
        parser.skipWhitespace()
        let value = try parser.parseValue(depth: 0)
        parser.skipWhitespace()
        guard parser.index == parser.bytes.count else { throw parser.failure("unexpected text after the value") }
        return value
    }

    /// Parses the JSON value that starts at `start` in `bytes` (what follows it is not read): for ``JSONTape``,
    /// which has checked the text's grammar.
    static func parseValue(in bytes: [UInt8], from start: Int) throws(GraphQLDecodingError) -> JSONValue {
        var parser = ExactJSONParser(bytes)
        parser.index = start
        return try parser.parseValue(depth: 0)
    }

    private func failure(_ reason: String) -> GraphQLDecodingError {
        GraphQLDecodingError(path: "", expected: "JSON", found: nil, reason: "\(reason) at byte \(index)")
    }

    private var current: UInt8? { index < bytes.count ? bytes[index] : nil }

    private mutating func skipWhitespace() {
        while let byte = current, byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 { index += 1 }
    }

    private mutating func parseValue(depth: Int) throws(GraphQLDecodingError) -> JSONValue {
        guard depth < Self.maximumDepth else { throw failure("arrays and objects nest too deep") }
        guard let byte = current else { throw failure("unexpected end of the text") }
        switch byte {
        case UInt8(ascii: "{"): return try parseObject(depth: depth)
        case UInt8(ascii: "["): return try parseArray(depth: depth)
        case UInt8(ascii: "\""): return .string(try parseString())
        case UInt8(ascii: "t"):
            try expectLiteral("true")
            return .bool(true)
        case UInt8(ascii: "f"):
            try expectLiteral("false")
            return .bool(false)
        case UInt8(ascii: "n"):
            try expectLiteral("null")
            return .null
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            return .number(try parseNumber())
        default:
            throw failure("unexpected character")
        }
    }

    private mutating func expectLiteral(_ literal: String) throws(GraphQLDecodingError) {
        let expected = Array(literal.utf8)
        guard index + expected.count <= bytes.count else { throw failure("unexpected end of the text") }
        guard bytes[index..<(index + expected.count)].elementsEqual(expected) else {
            throw failure("unexpected character")
        }
        index += expected.count
    }

    private mutating func parseObject(depth: Int) throws(GraphQLDecodingError) -> JSONValue {
        index += 1
        var members = JSONObject()
        skipWhitespace()
        if current == UInt8(ascii: "}") {
            index += 1
            return .object(members)
        }
        while true {
            skipWhitespace()
            guard current == UInt8(ascii: "\"") else { throw failure("expected a member name") }
            let key = try parseString()
            skipWhitespace()
            guard current == UInt8(ascii: ":") else { throw failure("expected ':'") }
            index += 1
            skipWhitespace()
            let value = try parseValue(depth: depth + 1)
            // One rule on every path: of two members whose names are the same scalars, the last is kept (as
            // `JSON.parse`). Names that differ only in Unicode normalization (`"é"` composed and decomposed) are two
            // members: ``JSONObject`` compares names by their scalars.
            members[key] = value
            skipWhitespace()
            if current == UInt8(ascii: ",") {
                index += 1
            } else if current == UInt8(ascii: "}") {
                index += 1
                return .object(members)
            } else {
                throw failure("expected ',' or '}'")
            }
        }
    }

    private mutating func parseArray(depth: Int) throws(GraphQLDecodingError) -> JSONValue {
        index += 1
        var items: [JSONValue] = []
        skipWhitespace()
        if current == UInt8(ascii: "]") {
            index += 1
            return .array(items)
        }
        while true {
            skipWhitespace()
            items.append(try parseValue(depth: depth + 1))
            skipWhitespace()
            if current == UInt8(ascii: ",") {
                index += 1
            } else if current == UInt8(ascii: "]") {
                index += 1
                return .array(items)
            } else {
                throw failure("expected ',' or ']'")
            }
        }
    }

    /// The number's text, checked against JSON's grammar.
    private mutating func parseNumber() throws(GraphQLDecodingError) -> String {
        let start = index
        let (end, problem) = Self.scanNumber(bytes, from: start)
        index = end
        if let problem { throw failure(problem) }
        return String(decoding: bytes[start..<index], as: UTF8.self)
    }

    /// JSON's number grammar from `start` (a `-` or a digit): where the number ends, or where and why it stops being
    /// one. Shared with ``JSONTape``, which checks the same grammar without making the number's text.
    static func scanNumber(_ bytes: [UInt8], from start: Int) -> (end: Int, problem: String?) {
        var index = start
        func digits() -> Int {
            let first = index
            while index < bytes.count, bytes[index] >= UInt8(ascii: "0"), bytes[index] <= UInt8(ascii: "9") {
                index += 1
            }
            return index - first
        }
        func next(_ byte: UInt8) -> Bool { index < bytes.count && bytes[index] == byte }
        if next(UInt8(ascii: "-")) { index += 1 }
        let leadingZero = next(UInt8(ascii: "0"))
        let integerDigits = digits()
        guard integerDigits > 0 else { return (index, "a number needs digits") }
        guard !leadingZero || integerDigits == 1 else { return (index, "a number cannot start with 0") }
        if next(UInt8(ascii: ".")) {
            index += 1
            guard digits() > 0 else { return (index, "a fraction needs digits") }
        }
        if next(UInt8(ascii: "e")) || next(UInt8(ascii: "E")) {
            index += 1
            if next(UInt8(ascii: "+")) || next(UInt8(ascii: "-")) { index += 1 }
            guard digits() > 0 else { return (index, "an exponent needs digits") }
        }
        return (index, nil)
    }

    private mutating func parseString() throws(GraphQLDecodingError) -> String {
        index += 1
        let start = index
        // The common case, no escape: one check of the bytes and one `String`.
        while let byte = current, byte != UInt8(ascii: "\""), byte != UInt8(ascii: "\\"), byte >= 0x20 { index += 1 }
        if current == UInt8(ascii: "\"") {
            defer { index += 1 }
            return try string(start..<index)
        }
        // Escapes: the bytes between them, and each escape's UTF-8, gathered and checked once.
        var utf8: [UInt8] = []
        var run = start
        while true {
            guard let byte = current else { throw failure("unterminated string") }
            switch byte {
            case UInt8(ascii: "\""):
                utf8.append(contentsOf: bytes[run..<index])
                index += 1
                return try string(utf8)
            case UInt8(ascii: "\\"):
                utf8.append(contentsOf: bytes[run..<index])
                index += 1
                if let encoded = UTF8.encode(try parseEscape()) { utf8.append(contentsOf: encoded) }
                run = index
            case 0..<0x20:
                throw failure("a control character in a string")
            default:
                index += 1
            }
        }
    }

    /// `bytes[range]` as a `String`; invalid UTF-8 is an error.
    private func string(_ range: Range<Int>) throws(GraphQLDecodingError) -> String {
        let text: String? = bytes.withUnsafeBufferPointer { buffer in
            guard let base = buffer.baseAddress, !range.isEmpty else { return "" }
            let slice = UnsafeBufferPointer(start: base + range.lowerBound, count: range.count)
            guard GraphQLJSONReader.isValidUTF8(base + range.lowerBound, range.count) else { return nil }
            return String(decoding: slice, as: UTF8.self)
        }
        guard let text else { throw failure("the string is not valid UTF-8") }
        return text
    }

    /// `utf8` as a `String`; invalid UTF-8 is an error.
    private func string(_ utf8: [UInt8]) throws(GraphQLDecodingError) -> String {
        let valid = utf8.withUnsafeBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return true }
            return GraphQLJSONReader.isValidUTF8(base, buffer.count)
        }
        guard valid else { throw failure("the string is not valid UTF-8") }
        return String(decoding: utf8, as: UTF8.self)
    }

    private mutating func parseEscape() throws(GraphQLDecodingError) -> Unicode.Scalar {
        guard let byte = current else { throw failure("unterminated escape") }
        index += 1
        switch byte {
        case UInt8(ascii: "\""): return "\""
        case UInt8(ascii: "\\"): return "\\"
        case UInt8(ascii: "/"): return "/"
        case UInt8(ascii: "b"): return "\u{08}"
        case UInt8(ascii: "f"): return "\u{0C}"
        case UInt8(ascii: "n"): return "\n"
        case UInt8(ascii: "r"): return "\r"
        case UInt8(ascii: "t"): return "\t"
        case UInt8(ascii: "u"):
            let first = try parseHex4()
            if (0xD800..<0xDC00).contains(first) {
                guard current == UInt8(ascii: "\\"), index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "u")
                else { throw failure("a lone surrogate in a string") }
                index += 2
                let second = try parseHex4()
                guard (0xDC00..<0xE000).contains(second),
                    let scalar = Unicode.Scalar(0x10000 + ((first - 0xD800) << 10) + (second - 0xDC00))
                else { throw failure("a lone surrogate in a string") }
                return scalar
            }
            guard let scalar = Unicode.Scalar(first) else { throw failure("a lone surrogate in a string") }
            return scalar
        default:
            throw failure("an invalid escape in a string")
        }
    }

    private mutating func parseHex4() throws(GraphQLDecodingError) -> UInt32 {
        guard index + 4 <= bytes.count else { throw failure("unterminated escape") }
        guard let value = Self.hex4(bytes, at: index) else { throw failure("an invalid \\u escape") }
        index += 4
        return value
    }

    /// The four hex digits of a `\u` escape at `start`, or `nil` (fewer than four, or not hex). Shared with
    /// ``JSONTape``.
    static func hex4(_ bytes: [UInt8], at start: Int) -> UInt32? {
        guard start + 4 <= bytes.count else { return nil }
        var value: UInt32 = 0
        for byte in bytes[start..<(start + 4)] {
            let digit: UInt32
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = UInt32(byte - UInt8(ascii: "0"))
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = UInt32(byte - UInt8(ascii: "a") + 10)
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = UInt32(byte - UInt8(ascii: "A") + 10)
            default: return nil
            }
            value = value * 16 + digit
        }
        return value
    }
}
