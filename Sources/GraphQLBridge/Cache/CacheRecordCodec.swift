import Foundation

/// The SQLite store's encoding of a record's fields: a small versioned binary format, written by hand and read by
/// a bounds-checked decoder that throws on malformed bytes (records come from disk and can be damaged).
///
/// ```
/// record  = version(1) count:varint field*
/// field   = name:string flags:byte receivedAt:f64 [seconds:i64 attoseconds:i64 if flags & 1]
///           [version:varint if flags & 4] [requestStart:varint if flags & 8] value   (flags & 2: must-revalidate)
/// value   = 0 (null) | 1 key:string (reference) | 2 count:varint value* (list) | 10 (missing) | json (a scalar)
/// json    = 3 (null) | 4 (false) | 5 (true) | 6 text:string (number, exact JSON text) | 7 text:string (string)
///         | 8 count:varint json* (array) | 9 count:varint (name:string json)* (object)
/// string  = length:varint UTF-8 bytes
/// ```
///
/// Varints are unsigned LEB128 (at most 10 bytes); `receivedAt` is the bit pattern of its
/// `timeIntervalSinceReferenceDate` and the lifetime's components are those of `Duration`, little-endian, so
/// both come back exactly. A field without flag 8 (one written before it existed, or a local write) has no request
/// start (``CacheFieldEntry/requestStart``: counts as started at its version): files written before it are read as
/// they are.
enum CacheRecordCodec {
    /// The format's version, the first byte of every encoded record.
    static let version: UInt8 = 1
    /// How deep lists and JSON values may nest before the bytes are taken as damaged (the decoder recurses).
    static let maximumDepth = 256

    /// A field's flags.
    private enum Flag {
        /// A lifetime follows the received time.
        static let maxAge: UInt8 = 1
        /// ``CacheFieldEntry/mustRevalidate``.
        static let mustRevalidate: UInt8 = 2
        /// The field's store version follows (``CacheFieldEntry/version``; absent: 0).
        static let version: UInt8 = 4
        /// The store version its writer's request started at follows (``CacheFieldEntry/requestStart``; absent: none).
        static let requestStart: UInt8 = 8
    }

    private enum Tag {
        static let null: UInt8 = 0
        static let reference: UInt8 = 1
        static let list: UInt8 = 2
        static let jsonNull: UInt8 = 3
        static let jsonFalse: UInt8 = 4
        static let jsonTrue: UInt8 = 5
        static let jsonNumber: UInt8 = 6
        static let jsonString: UInt8 = 7
        static let jsonArray: UInt8 = 8
        static let jsonObject: UInt8 = 9
        static let missing: UInt8 = 10
    }

    // MARK: Encoding

    /// The bytes of `fields` (in their keys' order).
    static func encode(_ fields: [String: CacheFieldEntry]) -> [UInt8] {
        encode(fields.sorted { $0.key < $1.key }.map { CacheFieldWrite(name: $0.key, entry: $0.value) })
    }

    /// The bytes of a record's fields (in their order in the record).
    static func encode(_ record: CacheRecord) -> [UInt8] {
        encode(record.storage)
    }

    /// The bytes of `fields`, in their order (each name once).
    static func encode(_ fields: [CacheFieldWrite]) -> [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(64 + fields.count * 32)
        bytes.append(version)
        appendVarint(UInt64(fields.count), to: &bytes)
        for field in fields {
            let (name, entry) = (field.name, field.entry)
            appendString(name, to: &bytes)
            bytes.append(
                (entry.maxAge == nil ? 0 : Flag.maxAge) | (entry.mustRevalidate ? Flag.mustRevalidate : 0)
                    | (entry.version == 0 ? 0 : Flag.version)
                    | (entry.requestStart == .max ? 0 : Flag.requestStart))
            appendFixed(entry.receivedAt.timeIntervalSinceReferenceDate.bitPattern, to: &bytes)
            if let maxAge = entry.maxAge {
                let (seconds, attoseconds) = maxAge.components
                appendFixed(UInt64(bitPattern: seconds), to: &bytes)
                appendFixed(UInt64(bitPattern: attoseconds), to: &bytes)
            }
            if entry.version != 0 { appendVarint(entry.version, to: &bytes) }
            if entry.requestStart != .max { appendVarint(entry.requestStart, to: &bytes) }
            appendValue(entry.value, to: &bytes)
        }
        return bytes
    }

    private static func appendValue(_ value: CacheValue, to bytes: inout [UInt8]) {
        switch value {
        case .null:
            bytes.append(Tag.null)
        case .missing:
            bytes.append(Tag.missing)
        case .reference(let key):
            bytes.append(Tag.reference)
            appendString(key, to: &bytes)
        case .list(let items):
            bytes.append(Tag.list)
            appendVarint(UInt64(items.count), to: &bytes)
            for item in items { appendValue(item, to: &bytes) }
        case .scalar(let json):
            appendJSON(json, to: &bytes)
        }
    }

    private static func appendJSON(_ value: JSONValue, to bytes: inout [UInt8]) {
        switch value {
        case .null: bytes.append(Tag.jsonNull)
        case .bool(let flag): bytes.append(flag ? Tag.jsonTrue : Tag.jsonFalse)
        case .number(let text):
            bytes.append(Tag.jsonNumber)
            appendString(text, to: &bytes)
        case .string(let text):
            bytes.append(Tag.jsonString)
            appendString(text, to: &bytes)
        case .array(let items):
            bytes.append(Tag.jsonArray)
            appendVarint(UInt64(items.count), to: &bytes)
            for item in items { appendJSON(item, to: &bytes) }
        case .object(let members):
            bytes.append(Tag.jsonObject)
            appendVarint(UInt64(members.count), to: &bytes)
            for (name, member) in members {
                appendString(name, to: &bytes)
                appendJSON(member, to: &bytes)
            }
        }
    }

    private static func appendVarint(_ value: UInt64, to bytes: inout [UInt8]) {
        var value = value
        while value >= 0x80 {
            bytes.append(UInt8(truncatingIfNeeded: value) | 0x80)
            value >>= 7
        }
        bytes.append(UInt8(value))
    }

    private static func appendFixed(_ value: UInt64, to bytes: inout [UInt8]) {
        for shift in stride(from: 0, to: 64, by: 8) { bytes.append(UInt8(truncatingIfNeeded: value >> UInt64(shift))) }
    }

    private static func appendString(_ text: String, to bytes: inout [UInt8]) {
        var text = text
        text.withUTF8 { utf8 in
            appendVarint(UInt64(utf8.count), to: &bytes)
            bytes.append(contentsOf: utf8)
        }
    }

    // MARK: Decoding

    /// The record `key` from `bytes`, its fields in their stored order.
    /// - Throws: a `.read` ``GraphQLCacheError`` naming the problem and its offset when the bytes are not a record
    ///   of this format (truncated, damaged, another version, a field twice); never traps, whatever the bytes.
    static func decode(_ bytes: UnsafeRawBufferPointer, key: String) throws(GraphQLCacheError) -> CacheRecord {
        var reader = Reader(bytes: bytes)
        let found = try reader.byte()
        guard found == version else { throw reader.failure("format version \(found), expected \(version)") }
        let count = try reader.count()
        var fields: [CacheFieldWrite] = []
        fields.reserveCapacity(count)
        for _ in 0..<count {
            let name = try reader.string()
            let flags = try reader.byte()
            guard flags & ~(Flag.maxAge | Flag.mustRevalidate | Flag.version | Flag.requestStart) == 0 else {
                throw reader.failure("unknown field flags \(flags)")
            }
            let sinceReference = Double(bitPattern: try reader.fixed())
            // A NaN would make the record unequal to itself, and its freshness meaningless.
            guard sinceReference.isFinite else { throw reader.failure("a received time is not a finite number") }
            let receivedAt = Date(timeIntervalSinceReferenceDate: sinceReference)
            var maxAge: Duration?
            if flags & Flag.maxAge != 0 {
                let seconds = Int64(bitPattern: try reader.fixed())
                let attoseconds = Int64(bitPattern: try reader.fixed())
                // `Duration` keeps attoseconds within a second, with the seconds' sign.
                guard attoseconds > -1_000_000_000_000_000_000, attoseconds < 1_000_000_000_000_000_000 else {
                    throw reader.failure("a lifetime's attoseconds are out of range")
                }
                maxAge = Duration(secondsComponent: seconds, attosecondsComponent: attoseconds)
            }
            let version = flags & Flag.version != 0 ? try reader.varint() : 0
            let requestStart = flags & Flag.requestStart != 0 ? try reader.varint() : .max
            let value = try reader.value(depth: 0)
            fields.append(
                CacheFieldWrite(
                    name: name,
                    entry: CacheFieldEntry(
                        value: value, receivedAt: receivedAt, maxAge: maxAge,
                        mustRevalidate: flags & Flag.mustRevalidate != 0, version: version,
                        requestStart: requestStart)))
        }
        guard reader.offset == bytes.count else {
            throw reader.failure("\(bytes.count - reader.offset) bytes left over")
        }
        let record = CacheRecord(key: key, writes: fields)
        // A name given twice is one field in the record.
        if record.storage.count != fields.count {
            var seen: Set<String> = []
            let twice = fields.first { !seen.insert($0.name).inserted }?.name ?? ""
            throw reader.failure("the field \(twice) appears twice")
        }
        return record
    }

    /// A record's fields from `bytes`, by name (see ``decode(_:key:)``).
    static func decode(_ bytes: UnsafeRawBufferPointer) throws(GraphQLCacheError) -> [String: CacheFieldEntry] {
        try decode(bytes, key: "").fields
    }

    /// A record's fields from `bytes`, by name (see ``decode(_:key:)``).
    static func decode(_ bytes: [UInt8]) throws(GraphQLCacheError) -> [String: CacheFieldEntry] {
        let result = bytes.withUnsafeBytes { buffer in
            Result { () throws(GraphQLCacheError) in try decode(buffer) }
        }
        return try result.get()
    }

    /// Reads the format from a buffer, checking every length against what is left.
    private struct Reader {
        let bytes: UnsafeRawBufferPointer
        var offset = 0

        init(bytes: UnsafeRawBufferPointer) {
            self.bytes = bytes
        }

        func failure(_ problem: String) -> GraphQLCacheError {
            GraphQLCacheError(kind: .read, message: "a damaged record at byte \(offset): \(problem)")
        }

        mutating func byte() throws(GraphQLCacheError) -> UInt8 {
            guard offset < bytes.count else { throw failure("the record ends early") }
            let value = bytes[offset]
            offset += 1
            return value
        }

        mutating func varint() throws(GraphQLCacheError) -> UInt64 {
            var value: UInt64 = 0
            var shift: UInt64 = 0
            while true {
                let next = try byte()
                guard shift < 63 || (shift == 63 && next <= 1) else { throw failure("a number is too large") }
                value |= UInt64(next & 0x7F) << shift
                if next < 0x80 { return value }
                shift += 7
            }
        }

        /// A count of items that each take at least one byte: never more than what is left.
        mutating func count() throws(GraphQLCacheError) -> Int {
            let value = try varint()
            guard value <= UInt64(bytes.count - offset) else { throw failure("a count of \(value) is past the end") }
            return Int(value)
        }

        mutating func fixed() throws(GraphQLCacheError) -> UInt64 {
            guard bytes.count - offset >= 8 else { throw failure("the record ends early") }
            var value: UInt64 = 0
            for index in 0..<8 { value |= UInt64(bytes[offset + index]) << UInt64(index * 8) }
            offset += 8
            return value
        }

        mutating func string() throws(GraphQLCacheError) -> String {
            let length = try count()
            let slice = UnsafeRawBufferPointer(rebasing: bytes[offset..<(offset + length)])
            let text = String(decoding: slice, as: UTF8.self)
            // Decoding repairs bad UTF-8 (U+FFFD): the text differs from the bytes then. ASCII is always valid.
            var isASCII = true
            for byte in slice where byte >= 0x80 {
                isASCII = false
                break
            }
            guard isASCII || text.utf8.elementsEqual(slice) else { throw failure("a string is not UTF-8") }
            offset += length
            return text
        }

        mutating func value(depth: Int) throws(GraphQLCacheError) -> CacheValue {
            guard depth < CacheRecordCodec.maximumDepth else { throw failure("values nest too deep") }
            let tag = try byte()
            switch tag {
            case Tag.null: return .null
            case Tag.missing: return .missing
            case Tag.reference: return .reference(try string())
            case Tag.list:
                let count = try count()
                var items: [CacheValue] = []
                items.reserveCapacity(count)
                for _ in 0..<count { items.append(try value(depth: depth + 1)) }
                return .list(items)
            default:
                return .scalar(try json(tag: tag, depth: depth))
            }
        }

        mutating func json(tag: UInt8, depth: Int) throws(GraphQLCacheError) -> JSONValue {
            guard depth < CacheRecordCodec.maximumDepth else { throw failure("values nest too deep") }
            switch tag {
            case Tag.jsonNull: return .null
            case Tag.jsonFalse: return .bool(false)
            case Tag.jsonTrue: return .bool(true)
            case Tag.jsonNumber:
                let start = offset
                let text = try string()
                // Written into JSON text as it is: only a number's characters may be there.
                guard !text.isEmpty, text.utf8.allSatisfy(Self.isNumberByte) else {
                    offset = start
                    throw failure("a number's text is not a number")
                }
                return .number(text)
            case Tag.jsonString: return .string(try string())
            case Tag.jsonArray:
                let count = try count()
                var items: [JSONValue] = []
                items.reserveCapacity(count)
                for _ in 0..<count { items.append(try json(tag: try byte(), depth: depth + 1)) }
                return .array(items)
            case Tag.jsonObject:
                let count = try count()
                var members = JSONObject()
                members.reserveCapacity(count)
                for _ in 0..<count {
                    let name = try string()
                    members[name] = try json(tag: try byte(), depth: depth + 1)
                }
                return .object(members)
            default:
                offset -= 1
                throw failure("unknown value tag \(tag)")
            }
        }

        static func isNumberByte(_ byte: UInt8) -> Bool {
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "+"), UInt8(ascii: "."),
                UInt8(ascii: "e"), UInt8(ascii: "E"):
                return true
            default:
                return false
            }
        }
    }
}
