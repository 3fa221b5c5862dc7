import Foundation

/// A one-pass JSON reader over a response's bytes, for the decoders the generator emits
/// (``GraphQLFastDecodable``): typed reads, no intermediate tree, no `[String: ...]`.
///
/// It reads strict RFC 8259 JSON only, and only the common forms of each value: anything else (an escaped or
/// non-ASCII key, even in an object it skips, a duplicate field, a number with a fraction where an integer is expected, invalid UTF-8,
/// nesting deeper than ``maximumDepth``, ...) makes a read throw ``Declined``. The caller then decodes the
/// body again through the `Decodable` path, which gives the value or the error the app has always seen: the
/// reader never decides an error itself, so both paths fail alike by construction.
///
/// A reader points into a buffer that it does not own: use it only inside ``read(_:_:)``.
///
/// Generated code's API, not an app's: `@_spi(Generated)`, which generated files import
/// (`@_spi(Generated) import GraphQLBridge`).
@_spi(Generated)
public struct GraphQLJSONReader {
    /// The reader cannot take this input on its fast path; the `Decodable` path must decode the body.
    public struct Declined: Error, Sendable, Hashable {
        /// Creates the signal.
        @inlinable public init() {}
    }

    /// Where an object started, to read it again as a fragment or type-condition view.
    public struct Checkpoint: Sendable, Hashable {
        @usableFromInline let position: Int
        @usableFromInline let depth: Int

        @inlinable init(position: Int, depth: Int) {
            self.position = position
            self.depth = depth
        }
    }

    /// The deepest nesting of arrays and objects the reader takes (Foundation's own limit is higher).
    public static let maximumDepth = 128

    @usableFromInline let base: UnsafePointer<UInt8>
    @usableFromInline let count: Int
    @usableFromInline var position: Int
    @usableFromInline var depth: Int
    @usableFromInline var keyStart: Int
    @usableFromInline var keyCount: Int
    /// Whether the whole input has numbers that only their exact text holds: `nil` until asked.
    @usableFromInline var needsExactText: Bool?
    /// The tape recorded for the cache as the reader reads (``TapeRecording``); `nil` when none is asked for, and in
    /// the copies that read views again.
    @usableFromInline var recording: TapeRecording?

    @inlinable init(base: UnsafePointer<UInt8>, count: Int) {
        self.base = base
        self.count = count
        self.position = 0
        self.depth = 0
        self.keyStart = 0
        self.keyCount = 0
        self.needsExactText = nil
        self.recording = nil
    }

    /// Runs `body` with a reader over `data`; `nil` when the reader declined the input (or `data` is empty).
    public static func read<Result>(
        _ data: Data, _ body: (inout GraphQLJSONReader) throws(Declined) -> Result
    ) -> Result? {
        var tape: [JSONTape.Entry]?
        return read(data, recordingTape: false, into: &tape, body)
    }

    // MARK: Structure

    /// The byte at the current position after whitespace (0 at the end of the input).
    @inlinable
    mutating func peek() -> UInt8 {
        while position < count {
            let byte = base[position]
            if byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 {
                position += 1
            } else {
                return byte
            }
        }
        return 0
    }

    /// Throws unless only whitespace is left.
    @inlinable
    public mutating func expectEnd() throws(Declined) {
        guard peek() == 0, position == count else { throw Declined() }
    }

    /// Where the next value starts (after whitespace), to read it again later.
    @inlinable
    public mutating func checkpoint() -> Checkpoint {
        _ = peek()
        return Checkpoint(position: position, depth: depth)
    }

    /// Reads the value at `checkpoint` as `T` on a copy of the reader; this reader does not move.
    @inlinable
    public func readView<T: GraphQLFastDecodable>(at checkpoint: Checkpoint, _ type: T.Type) throws(Declined) -> T {
        var copy = self
        copy.recording = nil
        copy.position = checkpoint.position
        copy.depth = checkpoint.depth
        return try T(graphQLReader: &copy)
    }

    /// Reads the value at `checkpoint` as `T` on a copy of the reader, or `nil` when it does not read as `T`: a
    /// fragment that `@include`/`@skip` may leave out is there when the object holds its fields. (The object's own
    /// fields, read before, hold every value the fragment reads, so a value the reader would decline has already
    /// made it decline: only a missing field, or `null` for a non-null one, makes this `nil`, as the `Decodable`
    /// path's `try?` does.)
    @inlinable
    public func readViewIfPresent<T: GraphQLFastDecodable>(at checkpoint: Checkpoint, _ type: T.Type) -> T? {
        try? readView(at: checkpoint, type)
    }

    /// Consumes `{`; `false` when the object is empty (its `}` consumed too).
    @inlinable
    public mutating func beginObject() throws(Declined) -> Bool {
        guard peek() == UInt8(ascii: "{") else { throw Declined() }
        recording?.open(position)
        position += 1
        depth += 1
        guard depth <= Self.maximumDepth else { throw Declined() }
        if peek() == UInt8(ascii: "}") {
            position += 1
            depth -= 1
            recording?.close(at: position)
            return false
        }
        return true
    }

    /// After a member's value: consumes `,` (`true`, another member follows) or `}` (`false`).
    @inlinable
    public mutating func nextMember() throws(Declined) -> Bool {
        let byte = peek()
        position += 1
        if byte == UInt8(ascii: ",") { return true }
        guard byte == UInt8(ascii: "}") else { throw Declined() }
        depth -= 1
        recording?.close(at: position)
        return false
    }

    /// Reads a member's key and its `:`. The key must be ASCII without escapes (an object's fields are); the
    /// key is then compared with ``keyEquals(_:)``.
    @inlinable
    public mutating func readKey() throws(Declined) {
        guard peek() == UInt8(ascii: "\"") else { throw Declined() }
        position += 1
        let start = position
        while position < count {
            let byte = base[position]
            if byte == UInt8(ascii: "\"") { break }
            guard byte >= 0x20, byte < 0x80, byte != UInt8(ascii: "\\") else { throw Declined() }
            position += 1
        }
        guard position < count else { throw Declined() }
        keyStart = start
        keyCount = position - start
        position += 1
        recording?.name(start - 1, position, escaped: false, in: base)
        guard peek() == UInt8(ascii: ":") else { throw Declined() }
        position += 1
    }

    /// Whether the key read last is `name`, byte for byte.
    @inlinable
    public func keyEquals(_ name: StaticString) -> Bool {
        guard name.utf8CodeUnitCount == keyCount else { return false }
        return memcmp(base + keyStart, name.utf8Start, keyCount) == 0
    }

    /// Consumes `[`; `false` when the array is empty (its `]` consumed too).
    @inlinable
    public mutating func beginArray() throws(Declined) -> Bool {
        guard peek() == UInt8(ascii: "[") else { throw Declined() }
        recording?.open(position)
        position += 1
        depth += 1
        guard depth <= Self.maximumDepth else { throw Declined() }
        if peek() == UInt8(ascii: "]") {
            position += 1
            depth -= 1
            recording?.close(at: position)
            return false
        }
        return true
    }

    /// After an element: consumes `,` (`true`, another element follows) or `]` (`false`).
    @inlinable
    public mutating func nextElement() throws(Declined) -> Bool {
        let byte = peek()
        position += 1
        if byte == UInt8(ascii: ",") { return true }
        guard byte == UInt8(ascii: "]") else { throw Declined() }
        depth -= 1
        recording?.close(at: position)
        return false
    }

    /// Consumes `null` if it is next; `false` (nothing consumed) for any other value.
    @inlinable
    public mutating func readNull() throws(Declined) -> Bool {
        guard peek() == UInt8(ascii: "n") else { return false }
        try expectLiteral("null")
        return true
    }

    @usableFromInline
    mutating func expectLiteral(_ literal: StaticString) throws(Declined) {
        let length = literal.utf8CodeUnitCount
        guard count - position >= length, memcmp(base + position, literal.utf8Start, length) == 0 else {
            throw Declined()
        }
        recording?.scalar(position, position + length)
        position += length
    }

    // MARK: Lists and optionals

    /// `null` as `nil`, any other value read by `read`.
    @inlinable
    public mutating func readOptional<T>(_ read: (inout GraphQLJSONReader) throws(Declined) -> T) throws(Declined)
        -> T?
    {
        if try readNull() { return nil }
        return try read(&self)
    }

    /// A JSON array, each element read by `read`.
    @inlinable
    public mutating func readList<T>(_ read: (inout GraphQLJSONReader) throws(Declined) -> T) throws(Declined)
        -> [T]
    {
        var more = try beginArray()
        var items: [T] = []
        while more {
            items.append(try read(&self))
            more = try nextElement()
        }
        return items
    }

    /// An object of a generated type.
    @inlinable
    public mutating func readObject<T: GraphQLFastDecodable>(_ type: T.Type) throws(Declined) -> T {
        try T(graphQLReader: &self)
    }

    /// A generated enum: any string (a value the client does not know becomes `unknown`).
    @inlinable
    public mutating func readEnum<T: GraphQLEnum>(_ type: T.Type) throws(Declined) -> T {
        T(rawValue: try readString())
    }

    // MARK: Skipping

    /// Skips one value, checking that it is well-formed JSON.
    public mutating func skipValue() throws(Declined) {
        switch peek() {
        case UInt8(ascii: "{"):
            var more = try beginObject()
            while more {
                let (start, end, escaped) = try scanStringContent()
                // A name with an escape or a non-ASCII byte may be the same `String` to Swift as another name in
                // different bytes (`"é"` composed and decomposed), which the strict parser refuses: the `Decodable`
                // path decides (such names are rare in a response, never a field's).
                if escaped { throw Declined() }
                for offset in start..<end where base[offset] >= 0x80 { throw Declined() }
                recording?.name(start - 1, end + 1, escaped: escaped, in: base)
                guard peek() == UInt8(ascii: ":") else { throw Declined() }
                position += 1
                try skipValue()
                more = try nextMember()
            }
        case UInt8(ascii: "["):
            var more = try beginArray()
            while more {
                try skipValue()
                more = try nextElement()
            }
        case UInt8(ascii: "\""): try skipString()
        case UInt8(ascii: "t"): try expectLiteral("true")
        case UInt8(ascii: "f"): try expectLiteral("false")
        case UInt8(ascii: "n"): try expectLiteral("null")
        default: _ = try scanNumber()
        }
    }

    /// Skips one value and returns its bytes' range.
    public mutating func skipValueRange() throws(Declined) -> Range<Int> {
        let start = checkpoint().position
        try skipValue()
        return start..<position
    }

    /// The bytes of `range` as `Data`.
    func data(_ range: Range<Int>) -> Data {
        Data(bytes: base + range.lowerBound, count: range.count)
    }

    /// The whole input as `Data`.
    func wholeInput() -> Data {
        Data(bytes: base, count: count)
    }

    mutating func skipString() throws(Declined) {
        _ = try scanString()
    }

    // MARK: Strings

    /// Scans a string value (opening quote next) with strict checks; returns its content's range and whether it has
    /// escapes. Afterwards the position is past the closing quote.
    @usableFromInline
    mutating func scanString() throws(Declined) -> (start: Int, end: Int, escaped: Bool) {
        let (start, end, escaped) = try scanStringContent()
        if recording != nil {
            recording?.scalar(start - 1, end + 1)
            if escaped { recording?.escapedString(base + start, end - start) }
        }
        return (start, end, escaped)
    }

    /// ``scanString()``, recording nothing (a member's name is recorded as one).
    mutating func scanStringContent() throws(Declined) -> (start: Int, end: Int, escaped: Bool) {
        guard peek() == UInt8(ascii: "\"") else { throw Declined() }
        position += 1
        let start = position
        var escaped = false
        var ascii = true
        while position < count {
            let byte = base[position]
            if byte == UInt8(ascii: "\"") {
                let end = position
                position += 1
                if !ascii, !Self.isValidUTF8(base + start, end - start) { throw Declined() }
                return (start, end, escaped)
            }
            if byte < 0x20 { throw Declined() }
            if byte >= 0x80 { ascii = false }
            if byte == UInt8(ascii: "\\") {
                escaped = true
                position += 1
                guard position < count else { throw Declined() }
                switch base[position] {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"), UInt8(ascii: "b"), UInt8(ascii: "f"),
                    UInt8(ascii: "n"), UInt8(ascii: "r"), UInt8(ascii: "t"):
                    break
                case UInt8(ascii: "u"):
                    guard count - position > 4 else { throw Declined() }
                    for offset in 1...4 where Self.hexValue(base[position + offset]) == nil { throw Declined() }
                    position += 4
                default:
                    throw Declined()
                }
            }
            position += 1
        }
        throw Declined()
    }

    /// A JSON string, its escapes decoded. Declines invalid UTF-8 and lone surrogates.
    public mutating func readString() throws(Declined) -> String {
        let (start, end, escaped) = try scanString()
        if !escaped {
            return String(decoding: UnsafeBufferPointer(start: base + start, count: end - start), as: UTF8.self)
        }
        return try Self.unescape(base + start, end - start)
    }

    static func hexValue(_ byte: UInt8) -> UInt32? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return UInt32(byte - UInt8(ascii: "0"))
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return UInt32(byte - UInt8(ascii: "a") + 10)
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return UInt32(byte - UInt8(ascii: "A") + 10)
        default: return nil
        }
    }

    /// The string of already checked content with escapes.
    static func unescape(_ start: UnsafePointer<UInt8>, _ length: Int) throws(Declined) -> String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(length)
        var index = 0
        func hex4(_ at: Int) -> UInt32 {
            var value: UInt32 = 0
            for offset in 0..<4 { value = value * 16 + (hexValue(start[at + offset]) ?? 0) }
            return value
        }
        while index < length {
            let byte = start[index]
            guard byte == UInt8(ascii: "\\") else {
                bytes.append(byte)
                index += 1
                continue
            }
            let kind = start[index + 1]
            index += 2
            switch kind {
            case UInt8(ascii: "b"): bytes.append(0x08)
            case UInt8(ascii: "f"): bytes.append(0x0C)
            case UInt8(ascii: "n"): bytes.append(0x0A)
            case UInt8(ascii: "r"): bytes.append(0x0D)
            case UInt8(ascii: "t"): bytes.append(0x09)
            case UInt8(ascii: "u"):
                var scalar = hex4(index)
                index += 4
                if (0xD800...0xDBFF).contains(scalar) {
                    // A high surrogate must be followed by an escaped low one.
                    guard index + 6 <= length, start[index] == UInt8(ascii: "\\"), start[index + 1] == UInt8(ascii: "u")
                    else { throw Declined() }
                    let low = hex4(index + 2)
                    guard (0xDC00...0xDFFF).contains(low) else { throw Declined() }
                    scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                    index += 6
                } else if (0xDC00...0xDFFF).contains(scalar) {
                    throw Declined()
                }
                guard let unicode = Unicode.Scalar(scalar), let encoded = UTF8.encode(unicode) else {
                    throw Declined()
                }
                bytes.append(contentsOf: encoded)
            default: bytes.append(kind)
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Strict UTF-8: no overlong forms, no surrogates, nothing above U+10FFFF, no truncated sequence.
    static func isValidUTF8(_ start: UnsafePointer<UInt8>, _ length: Int) -> Bool {
        var index = 0
        while index < length {
            let lead = start[index]
            if lead < 0x80 {
                index += 1
                continue
            }
            let size: Int
            var lower: UInt8 = 0x80
            var upper: UInt8 = 0xBF
            switch lead {
            case 0xC2...0xDF: size = 2
            case 0xE0:
                size = 3
                lower = 0xA0
            case 0xE1...0xEC, 0xEE...0xEF: size = 3
            case 0xED:
                size = 3
                upper = 0x9F
            case 0xF0:
                size = 4
                lower = 0x90
            case 0xF1...0xF3: size = 4
            case 0xF4:
                size = 4
                upper = 0x8F
            default: return false
            }
            guard index + size <= length else { return false }
            let second = start[index + 1]
            guard second >= lower, second <= upper else { return false }
            for offset in 2..<max(size, 2) where start[index + offset] & 0xC0 != 0x80 { return false }
            index += size
        }
        return true
    }

    // MARK: Numbers

    /// Scans a number with JSON's grammar; returns where it starts and whether it is an integer literal
    /// (no fraction, no exponent).
    @usableFromInline
    mutating func scanNumber() throws(Declined) -> (start: Int, isInteger: Bool) {
        _ = peek()
        let start = position
        if position < count, base[position] == UInt8(ascii: "-") { position += 1 }
        guard position < count else { throw Declined() }
        let first = base[position]
        if first == UInt8(ascii: "0") {
            position += 1
        } else if first >= UInt8(ascii: "1"), first <= UInt8(ascii: "9") {
            skipDigits()
        } else {
            throw Declined()
        }
        var isInteger = true
        if position < count, base[position] == UInt8(ascii: ".") {
            isInteger = false
            position += 1
            let digits = position
            skipDigits()
            guard position > digits else { throw Declined() }
        }
        if position < count, base[position] | 0x20 == UInt8(ascii: "e") {
            isInteger = false
            position += 1
            if position < count, base[position] == UInt8(ascii: "+") || base[position] == UInt8(ascii: "-") {
                position += 1
            }
            let digits = position
            skipDigits()
            guard position > digits else { throw Declined() }
        }
        recording?.scalar(start, position)
        return (start, isInteger)
    }

    @usableFromInline
    mutating func skipDigits() {
        while position < count, base[position] >= UInt8(ascii: "0"), base[position] <= UInt8(ascii: "9") {
            position += 1
        }
    }

    /// An integer literal within `Int64` (`-0` is 0); declines fractions, exponents and out-of-range numbers.
    @inlinable
    public mutating func readIntegerLiteral() throws(Declined) -> Int64 {
        _ = peek()
        var index = position
        let negative = index < count && base[index] == UInt8(ascii: "-")
        if negative { index += 1 }
        let digitsStart = index
        var magnitude: UInt64 = 0
        while index < count {
            let digit = base[index] &- UInt8(ascii: "0")
            guard digit < 10 else { break }
            let (times10, overflow1) = magnitude.multipliedReportingOverflow(by: 10)
            let (sum, overflow2) = times10.addingReportingOverflow(UInt64(digit))
            guard !overflow1, !overflow2 else { throw Declined() }
            magnitude = sum
            index += 1
        }
        let digitCount = index - digitsStart
        guard digitCount > 0, digitCount == 1 || base[digitsStart] != UInt8(ascii: "0") else { throw Declined() }
        if index < count {
            let next = base[index]
            guard next != UInt8(ascii: "."), next | 0x20 != UInt8(ascii: "e") else { throw Declined() }
        }
        recording?.scalar(position, index)
        position = index
        if negative {
            guard magnitude <= UInt64(Int64.max) + 1 else { throw Declined() }
            return magnitude == UInt64(Int64.max) + 1 ? Int64.min : -Int64(magnitude)
        }
        guard magnitude <= UInt64(Int64.max) else { throw Declined() }
        return Int64(magnitude)
    }

    /// A finite `Double` from any JSON number, rounded as Foundation rounds it.
    public mutating func readDouble() throws(Declined) -> Double {
        let (start, _) = try scanNumber()
        let text = String(decoding: UnsafeBufferPointer(start: base + start, count: position - start), as: UTF8.self)
        guard let value = Double(text), value.isFinite else { throw Declined() }
        return value
    }

    /// `true` or `false`.
    @inlinable
    public mutating func readBool() throws(Declined) -> Bool {
        switch peek() {
        case UInt8(ascii: "t"):
            try expectLiteral("true")
            return true
        case UInt8(ascii: "f"):
            try expectLiteral("false")
            return false
        default:
            throw Declined()
        }
    }

    // MARK: Scalars as `Decodable` reads them (`container.decode(T.self, ...)`)

    /// `String`: a JSON string.
    @inlinable
    public mutating func readDecodable(_ type: String.Type) throws(Declined) -> String { try readString() }

    /// `Int`: an integer literal in range.
    @inlinable
    public mutating func readDecodable(_ type: Int.Type) throws(Declined) -> Int {
        guard let value = Int(exactly: try readIntegerLiteral()) else { throw Declined() }
        return value
    }

    /// `Int32`: an integer literal in range.
    @inlinable
    public mutating func readDecodable(_ type: Int32.Type) throws(Declined) -> Int32 {
        guard let value = Int32(exactly: try readIntegerLiteral()) else { throw Declined() }
        return value
    }

    /// `Int64`: an integer literal in range.
    @inlinable
    public mutating func readDecodable(_ type: Int64.Type) throws(Declined) -> Int64 { try readIntegerLiteral() }

    /// `Double`: any finite number.
    @inlinable
    public mutating func readDecodable(_ type: Double.Type) throws(Declined) -> Double { try readDouble() }

    /// `Bool`: `true` or `false`.
    @inlinable
    public mutating func readDecodable(_ type: Bool.Type) throws(Declined) -> Bool { try readBool() }

    /// Any other `Decodable` type (a custom scalar's, `JSONValue`): the value's bytes through the strict parser and
    /// `JSONValueDecoder`.
    public mutating func readDecodable<T: Decodable>(_ type: T.Type) throws(Declined) -> T {
        let slice = try exactSlice()
        do {
            return try JSONValueDecoder().decode(T.self, from: slice)
        } catch {
            throw Declined()
        }
    }

    /// The next value's bytes, for ``JSONValueDecoder``; declines a body whose numbers need their exact text
    /// (there the `Decodable` path reads them from the whole body, see `IntegerLiteralBody`).
    mutating func exactSlice() throws(Declined) -> Data {
        try checkNoExactText()
        return data(try skipValueRange())
    }

    /// Declines a body with numbers that `Decimal` does not hold (the `Decodable` path then reads `JSONValue`s
    /// from the whole body's exact text, see `IntegerLiteralBody`).
    mutating func checkNoExactText() throws(Declined) {
        if needsExactText == nil { needsExactText = IntegerLiteralBody.scan(wholeInput()).needsExactText }
        guard needsExactText == false else { throw Declined() }
    }

    // MARK: Scalars as their GraphQL rules read them (`container.decodeScalar(T.self, ...)`)

    /// `Long`: an integer literal or a decimal string within `Int64`.
    public mutating func readScalar(_ type: Int64.Type) throws(Declined) -> Int64 {
        if peek() != UInt8(ascii: "\"") { return try readIntegerLiteral() }
        let (start, end, escaped) = try scanString()
        guard !escaped else {
            let text = try Self.unescape(base + start, end - start)
            guard let value = LongScalar.parse(text) else { throw Declined() }
            return value
        }
        guard
            let value = LongScalar.parse(
                String(decoding: UnsafeBufferPointer(start: base + start, count: end - start), as: UTF8.self))
        else { throw Declined() }
        return value
    }

    /// `ID`: a string, or an integer literal within `Int64` as its decimal text.
    public mutating func readScalar(_ type: String.Type) throws(Declined) -> String {
        if peek() == UInt8(ascii: "\"") { return try readString() }
        return String(try readIntegerLiteral())
    }

    /// `DateTime`: an RFC 3339 string, read by hand.
    public mutating func readScalar(_ type: Date.Type) throws(Declined) -> Date {
        let (start, end, escaped) = try scanString()
        let date: Date?
        if escaped {
            date = DateTimeScalar.parse(try Self.unescape(base + start, end - start))
        } else {
            date = DateTimeScalar.parse(utf8: UnsafeBufferPointer(start: base + start, count: end - start))
        }
        guard let date else { throw Declined() }
        return date
    }

    /// `Int` with the scalar rules (the same as `Decodable`'s).
    @inlinable
    public mutating func readScalar(_ type: Int.Type) throws(Declined) -> Int { try readDecodable(Int.self) }

    /// `Int32` with the scalar rules (the same as `Decodable`'s).
    @inlinable
    public mutating func readScalar(_ type: Int32.Type) throws(Declined) -> Int32 { try readDecodable(Int32.self) }

    /// `Double` with the scalar rules (the same as `Decodable`'s).
    @inlinable
    public mutating func readScalar(_ type: Double.Type) throws(Declined) -> Double { try readDouble() }

    /// `Bool` with the scalar rules (the same as `Decodable`'s).
    @inlinable
    public mutating func readScalar(_ type: Bool.Type) throws(Declined) -> Bool { try readBool() }

    /// Any other scalar with GraphQL rules: the value's bytes through the strict parser, `JSONValueDecoder` and its
    /// rules.
    public mutating func readScalar<T: GraphQLScalarDecodable>(_ type: T.Type) throws(Declined) -> T {
        let slice = try exactSlice()
        do {
            return try JSONValueDecoder().decode(ScalarBox<T>.self, from: slice).value
        } catch {
            throw Declined()
        }
    }
}

/// One scalar decoded with its rules from a single-value container.
private struct ScalarBox<T: GraphQLScalarDecodable>: Decodable {
    var value: T

    init(from decoder: any Decoder) throws {
        value = try T.decodeScalar(from: decoder.singleValueContainer())
    }
}

/// A generated selection-set type that reads itself from the response's bytes in one pass (the generator
/// emits the conformance; the `Decodable` conformance stays for fixtures, caches and user code).
/// ``GraphQLResponseDecoder`` takes this path for every such type.
///
/// Its requirement, `init(graphQLReader:)`, is generated code's API: `@_spi(Generated)`, as is the reader it reads
/// from, so only generated code conforms. An app's own types decode through `Decodable`.
public protocol GraphQLFastDecodable: Decodable, Sendable {
    /// Reads the JSON object at the reader's position, or declines.
    @_spi(Generated)
    init(graphQLReader reader: inout GraphQLJSONReader) throws(GraphQLJSONReader.Declined)
}
