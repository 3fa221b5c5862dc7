import Foundation

/// A JSON text as a tape: one strict scan (RFC 8259's grammar, nesting at most ``ExactJSONParser/maximumDepth``)
/// that records where every value starts and ends and, for an array or object, where the value after it is on the
/// tape; no value is built. The cache's normalizer reads a server's answer through it: it finds the members it
/// selects by comparing their names' bytes, skips the others in one step, and builds only the values it keeps (the
/// way ``ExactJSONParser`` builds them, so they are the same values).
///
/// It takes exactly the texts ``ExactJSONParser`` takes (UTF-8, surrogates only in pairs, the same nesting limit),
/// except that a text whose member names hold an escape (`"\u0069d"`), or an object that names a member twice, is not
/// taped (`nil`): the parsed tree reads those (the last of two members with one name is kept, on every path). An
/// object with two names that are different bytes but one Swift `String` (`"é"` composed and decomposed), which the
/// parser refuses, is taped; no such body reaches the cache (every response path refuses it first), and building a
/// value from it throws as the parser does.
///
/// A client's answer usually comes with its tape already made: the generated decoder records it as it reads the body
/// (``GraphQLJSONReader/TapeRecording``, ``init(bytes:recorded:)``), the same entries this scan makes, so the body is
/// read once for the result and the records. The scan is for the other bodies.
struct JSONTape: Sendable {
    /// One value on the tape (a member's name is one too, followed by its value).
    struct Entry: Sendable {
        /// Where the value's first byte is.
        var start: Int
        /// Where the byte after the value is.
        var end: Int
        /// The tape index after this value and everything inside it.
        var next: Int
    }

    /// The UTF-8 text.
    let bytes: [UInt8]
    /// The values, in the order of the text.
    private(set) var entries: [Entry] = []

    /// Tapes `bytes`: `nil` when it is not one JSON value (optional whitespace around it), or when a member's name
    /// holds an escape or an object names a member twice.
    init?(_ bytes: [UInt8]) {
        self.bytes = bytes
        // As strict as the parser: the whole text is UTF-8 (what is not inside a string must be ASCII anyway).
        var entries: [Entry] = []
        entries.reserveCapacity(bytes.count / 8)
        let taped = bytes.withUnsafeBufferPointer { buffer -> Bool in
            guard let base = buffer.baseAddress else { return false }
            guard GraphQLJSONReader.isValidUTF8(base, buffer.count) else { return false }
            var builder = Builder(bytes: bytes, base: base, count: buffer.count)
            builder.skipWhitespace()
            guard builder.value(into: &entries, depth: 0) else { return false }
            builder.skipWhitespace()
            return builder.index == buffer.count
        }
        guard taped else { return nil }
        self.entries = entries
    }

    /// The tape the generated decoder recorded as it read `bytes` (``GraphQLJSONReader/TapeRecording``): the entries
    /// ``init(_:)`` makes of the same text.
    init(bytes: [UInt8], recorded entries: [Entry]) {
        self.bytes = bytes
        self.entries = entries
    }

    /// The byte at the start of the value at tape index `entry`.
    func firstByte(_ entry: Int) -> UInt8 { bytes[entries[entry].start] }

    /// The tape index of `object`'s member `name` (its value), when `object` is an object that has one.
    func member(_ object: Int, _ name: UnsafeBufferPointer<UInt8>) -> Int? {
        var hint = 0
        return member(object, name, from: &hint)
    }

    /// ``member(_:_:)``, looking from the member whose name is at tape index `hint` to the object's end, then from
    /// its start; `hint` is left at the member after the one found. (`hint` outside the object: from its start.)
    func member(_ object: Int, _ name: UnsafeBufferPointer<UInt8>, from hint: inout Int) -> Int? {
        guard firstByte(object) == UInt8(ascii: "{") else { return nil }
        let first = object + 1
        let end = entries[object].next
        let start = hint > first && hint < end ? hint : first
        guard let found = scan(from: start, to: end, for: name) ?? scan(from: first, to: start, for: name) else {
            return nil
        }
        hint = entries[found].next
        return found
    }

    /// The tape index of the value of the member named `name` among the members whose names are at tape indices
    /// `from` (included) to `to` (excluded), if any.
    private func scan(from start: Int, to end: Int, for name: UnsafeBufferPointer<UInt8>) -> Int? {
        var index = start
        while index < end {
            if isName(index, name) { return index + 1 }
            index = entries[index + 1].next
        }
        return nil
    }

    /// Whether the member name at tape index `index` is `name` (a name without escapes: its bytes between the quotes).
    private func isName(_ index: Int, _ name: UnsafeBufferPointer<UInt8>) -> Bool {
        let key = entries[index]
        return key.end - key.start - 2 == name.count && nameMatches(from: key.start + 1, name)
    }

    private func nameMatches(from start: Int, _ name: UnsafeBufferPointer<UInt8>) -> Bool {
        for offset in 0..<name.count where bytes[start + offset] != name[offset] { return false }
        return true
    }

    /// Whether the value at `entry` has the same text as the value at `other` of `tape`, byte for byte.
    func hasSameText(_ entry: Int, as other: Int, of tape: JSONTape) -> Bool {
        let mine = entries[entry]
        let theirs = tape.entries[other]
        let count = mine.end - mine.start
        guard count == theirs.end - theirs.start, mine.next - entry == theirs.next - other else { return false }
        return bytes.withUnsafeBufferPointer { lhs in
            tape.bytes.withUnsafeBufferPointer { rhs in
                guard let lhs = lhs.baseAddress, let rhs = rhs.baseAddress else { return false }
                return memcmp(lhs + mine.start, rhs + theirs.start, count) == 0
            }
        }
    }

    /// The text of the value at `entry`.
    func text(of entry: Int) -> ArraySlice<UInt8> {
        bytes[entries[entry].start..<entries[entry].end]
    }

    /// The tape indices of the elements of the array at `array`.
    func elements(_ array: Int) -> [Int] {
        var items: [Int] = []
        var index = array + 1
        let end = entries[array].next
        while index < end {
            items.append(index)
            index = entries[index].next
        }
        return items
    }

    /// The value at `entry`, built as ``ExactJSONParser`` builds it.
    func value(_ entry: Int) throws(GraphQLDecodingError) -> JSONValue {
        let item = entries[entry]
        switch bytes[item.start] {
        case UInt8(ascii: "n"): return .null
        case UInt8(ascii: "t"): return .bool(true)
        case UInt8(ascii: "f"): return .bool(false)
        case UInt8(ascii: "\""):
            if let text = plainString(item) { return .string(text) }
            return try ExactJSONParser.parseValue(in: bytes, from: item.start)
        case UInt8(ascii: "{"), UInt8(ascii: "["):
            return try ExactJSONParser.parseValue(in: bytes, from: item.start)
        default:
            return .number(String(decoding: bytes[item.start..<item.end], as: UTF8.self))
        }
    }

    /// The text an object key writes for the value at `entry` as it is (``CacheKey/isPlain(_:)``): a non-empty string
    /// of ASCII letters, digits, `_` and `-` (its text between the quotes: no escape can be among them), or a number
    /// of such bytes (an integer); `nil` for anything else.
    func plainKeyText(_ entry: Int) -> ArraySlice<UInt8>? {
        let item = entries[entry]
        var start = item.start
        var end = item.end
        switch bytes[start] {
        case UInt8(ascii: "\""):
            start += 1
            end -= 1
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            break
        default:
            return nil
        }
        guard start < end else { return nil }
        let text = bytes[start..<end]
        return text.allSatisfy(CacheKey.isPlainByte) ? text : nil
    }

    /// Whether the value at `entry` is `json` as ``value(_:)`` builds it, told from its text without building it: a
    /// boolean, a number whose text is `json`'s, or a string without escapes whose bytes are `json`'s (an escape
    /// would make the value other bytes than its text: `false`, as for an object, an array or `null`).
    func hasText(_ entry: Int, of json: JSONValue) -> Bool {
        let item = entries[entry]
        let first = bytes[item.start]
        switch json {
        case .bool(let flag):
            return first == (flag ? UInt8(ascii: "t") : UInt8(ascii: "f"))
        case .number(let text):
            guard first == UInt8(ascii: "-") || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(first) else {
                return false
            }
            return hasBytes(from: item.start, to: item.end, of: text, escapable: false)
        case .string(let text):
            guard first == UInt8(ascii: "\""), item.end - item.start >= 2 else { return false }
            return hasBytes(from: item.start + 1, to: item.end - 1, of: text, escapable: true)
        case .null, .array, .object:
            return false
        }
    }

    /// Whether the bytes `start..<end` are `text`'s UTF-8, and (`escapable`: a string's) hold no backslash.
    private func hasBytes(from start: Int, to end: Int, of text: String, escapable: Bool) -> Bool {
        let count = end - start
        guard text.utf8.count == count else { return false }
        var text = text
        return text.withUTF8 { utf8 -> Bool in
            bytes.withUnsafeBufferPointer { buffer -> Bool in
                guard count > 0 else { return true }
                guard let base = buffer.baseAddress, let other = utf8.baseAddress else { return false }
                let pointer = base + start
                guard memcmp(pointer, other, count) == 0 else { return false }
                if escapable {
                    for offset in 0..<count where pointer[offset] == UInt8(ascii: "\\") { return false }
                }
                return true
            }
        }
    }

    /// A string without escapes.
    private func plainString(_ item: Entry) -> String? {
        let start = item.start + 1
        let count = item.end - 1 - start
        return bytes.withUnsafeBufferPointer { buffer -> String? in
            guard let base = buffer.baseAddress else { return nil }
            guard count > 0 else { return "" }
            let pointer = base + start
            for offset in 0..<count where pointer[offset] == UInt8(ascii: "\\") { return nil }
            // The whole text is UTF-8 (checked when it was taped).
            return String(decoding: UnsafeBufferPointer(start: pointer, count: count), as: UTF8.self)
        }
    }

    /// Where the JSON scalar (a string, number, `true`, `false` or `null`) that starts at `start` in `bytes` ends (the
    /// byte after it), checked as ``init(_:)`` checks it (a string's escapes and UTF-8 too); `nil` when no such scalar
    /// starts there (an array or object does: not a scalar). What follows it is not read.
    static func scalarEnd(in bytes: [UInt8], from start: Int) -> Int? {
        bytes.withUnsafeBufferPointer { buffer -> Int? in
            guard let base = buffer.baseAddress, start >= 0, start < buffer.count else { return nil }
            var builder = Builder(bytes: bytes, base: base, count: buffer.count)
            builder.index = start
            guard builder.scalar() else { return nil }
            // (A string's bytes past ASCII; the rest of a scalar is ASCII, which this takes too.)
            guard GraphQLJSONReader.isValidUTF8(base + start, builder.index - start) else { return nil }
            return builder.index
        }
    }

    /// The scan, through a pointer to the bytes (valid while it runs: see ``JSONTape/init(_:)``).
    private struct Builder {
        /// The bytes, for the parser's number and `\u` grammar.
        let bytes: [UInt8]
        let base: UnsafePointer<UInt8>
        let count: Int
        var index = 0

        init(bytes: [UInt8], base: UnsafePointer<UInt8>, count: Int) {
            self.bytes = bytes
            self.base = base
            self.count = count
        }

        var current: UInt8? { index < count ? base[index] : nil }

        mutating func skipWhitespace() {
            while let byte = current, byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 { index += 1 }
        }

        /// Tapes the value at `index`; `false` when the text is not JSON (or not taped, see ``JSONTape``).
        mutating func value(into entries: inout [Entry], depth: Int) -> Bool {
            guard depth < ExactJSONParser.maximumDepth, let byte = current else { return false }
            let slot = entries.count
            entries.append(Entry(start: index, end: index, next: slot + 1))
            switch byte {
            case UInt8(ascii: "{"):
                guard object(into: &entries, depth: depth) else { return false }
            case UInt8(ascii: "["):
                guard array(into: &entries, depth: depth) else { return false }
            case UInt8(ascii: "\""):
                guard string(allowingEscapes: true) else { return false }
            case UInt8(ascii: "t"): guard literal("true") else { return false }
            case UInt8(ascii: "f"): guard literal("false") else { return false }
            case UInt8(ascii: "n"): guard literal("null") else { return false }
            case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
                guard number() else { return false }
            default:
                return false
            }
            entries[slot].end = index
            entries[slot].next = entries.count
            return true
        }

        /// Scans the scalar at `index` (``JSONTape/scalarEnd(in:from:)``); `false` when none starts there.
        mutating func scalar() -> Bool {
            guard let byte = current else { return false }
            switch byte {
            case UInt8(ascii: "\""): return string(allowingEscapes: true)
            case UInt8(ascii: "t"): return literal("true")
            case UInt8(ascii: "f"): return literal("false")
            case UInt8(ascii: "n"): return literal("null")
            case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return number()
            default: return false
            }
        }

        private mutating func object(into entries: inout [Entry], depth: Int) -> Bool {
            let first = entries.count
            index += 1
            skipWhitespace()
            if current == UInt8(ascii: "}") {
                index += 1
                return true
            }
            // Names met, by length and first byte: a second one like a name met is compared with each.
            var seen: UInt64 = 0
            while true {
                skipWhitespace()
                guard current == UInt8(ascii: "\"") else { return false }
                let nameStart = index
                guard string(allowingEscapes: false) else { return false }
                let bit = UInt64(1) << ((UInt64(index - nameStart) &* 7 &+ UInt64(base[nameStart + 1])) & 63)
                if seen & bit != 0, repeats(nameStart..<index, among: entries, from: first) { return false }
                seen |= bit
                entries.append(Entry(start: nameStart, end: index, next: entries.count + 1))
                skipWhitespace()
                guard current == UInt8(ascii: ":") else { return false }
                index += 1
                skipWhitespace()
                guard value(into: &entries, depth: depth + 1) else { return false }
                skipWhitespace()
                if current == UInt8(ascii: ",") {
                    index += 1
                } else if current == UInt8(ascii: "}") {
                    index += 1
                    return true
                } else {
                    return false
                }
            }
        }

        /// Whether the name at `name` is one of the object's names taped from `first` on.
        private func repeats(_ name: Range<Int>, among entries: [Entry], from first: Int) -> Bool {
            var entry = first
            while entry < entries.count {
                let other = entries[entry]
                if other.end - other.start == name.count,
                    memcmp(base + other.start, base + name.lowerBound, name.count) == 0
                {
                    return true
                }
                guard entry + 1 < entries.count else { return false }
                entry = entries[entry + 1].next
            }
            return false
        }

        private mutating func array(into entries: inout [Entry], depth: Int) -> Bool {
            index += 1
            skipWhitespace()
            if current == UInt8(ascii: "]") {
                index += 1
                return true
            }
            while true {
                skipWhitespace()
                guard value(into: &entries, depth: depth + 1) else { return false }
                skipWhitespace()
                if current == UInt8(ascii: ",") {
                    index += 1
                } else if current == UInt8(ascii: "]") {
                    index += 1
                    return true
                } else {
                    return false
                }
            }
        }

        /// A string's grammar; with `allowingEscapes == false`, an escape ends the scan.
        private mutating func string(allowingEscapes: Bool) -> Bool {
            index += 1
            while index < count {
                let byte = base[index]
                // Most bytes: neither the end, an escape nor a control character.
                if byte >= 0x20, byte != UInt8(ascii: "\""), byte != UInt8(ascii: "\\") {
                    index += 1
                    continue
                }
                switch byte {
                case UInt8(ascii: "\""):
                    index += 1
                    return true
                case UInt8(ascii: "\\"):
                    guard allowingEscapes, index + 1 < count else { return false }
                    index += 1
                    switch base[index] {
                    case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"), UInt8(ascii: "b"),
                        UInt8(ascii: "f"), UInt8(ascii: "n"), UInt8(ascii: "r"), UInt8(ascii: "t"):
                        index += 1
                    case UInt8(ascii: "u"):
                        // As the parser reads it: a surrogate only in a pair, high then low.
                        guard let first = ExactJSONParser.hex4(bytes, at: index + 1) else { return false }
                        index += 5
                        if (0xD800..<0xDC00).contains(first) {
                            guard index + 1 < count, base[index] == UInt8(ascii: "\\"),
                                base[index + 1] == UInt8(ascii: "u"),
                                let second = ExactJSONParser.hex4(bytes, at: index + 2),
                                (0xDC00..<0xE000).contains(second)
                            else { return false }
                            index += 6
                        } else if (0xDC00..<0xE000).contains(first) {
                            return false
                        }
                    default:
                        return false
                    }
                case 0..<0x20:
                    return false
                default:
                    index += 1
                }
            }
            return false
        }

        private mutating func literal(_ text: StaticString) -> Bool {
            let length = text.utf8CodeUnitCount
            guard index + length <= count, memcmp(base + index, text.utf8Start, length) == 0 else { return false }
            index += length
            return true
        }

        private mutating func number() -> Bool {
            let (end, problem) = ExactJSONParser.scanNumber(bytes, from: index)
            index = end
            return problem == nil
        }
    }
}
