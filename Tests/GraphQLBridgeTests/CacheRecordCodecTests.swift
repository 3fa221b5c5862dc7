import Foundation
import Testing

@testable import GraphQLBridge

/// `CacheRecordCodec`: the SQLite store's binary record format. Every value comes back exactly; damaged bytes are a
/// `.read` error, never a crash.
@Suite("CacheRecordCodec")
struct CacheRecordCodecTests {
    static let received = Date(timeIntervalSinceReferenceDate: 786_000_000.123_456)

    /// Fields holding every form of `CacheValue` and `JSONValue`, odd keys and lifetimes.
    static let fields: [String: CacheFieldEntry] = [
        "null": CacheFieldEntry(value: .null, receivedAt: received),
        "jsonNull": CacheFieldEntry(value: .scalar(.null), receivedAt: received),
        "true": CacheFieldEntry(value: .scalar(.bool(true)), receivedAt: received, maxAge: .seconds(5)),
        "false": CacheFieldEntry(value: .scalar(.bool(false)), receivedAt: received, maxAge: .zero),
        "max": CacheFieldEntry(value: .scalar(.number("9223372036854775807")), receivedAt: received),
        "unsigned": CacheFieldEntry(value: .scalar(.number("18446744073709551615")), receivedAt: received),
        "decimal": CacheFieldEntry(
            value: .scalar(.number("12345678901234567890.123456789000")), receivedAt: received,
            maxAge: .milliseconds(1_500)),
        "exponent": CacheFieldEntry(value: .scalar(.number("-1E400")), receivedAt: received),
        "string": CacheFieldEntry(
            value: .scalar(.string("ロト 🎰\u{0}\n\t\"quoted\" \\ é")), receivedAt: Date(timeIntervalSince1970: 0)),
        "empty": CacheFieldEntry(value: .scalar(.string("")), receivedAt: .distantPast, maxAge: .seconds(-3)),
        "reference": CacheFieldEntry(value: .reference("Game:6x45 «ünïcødé» 🎲"), receivedAt: .distantFuture),
        "draws({\"gameId\":\"6x45\",\"last\":10})": CacheFieldEntry(
            value: .list([
                .reference("Draw:1"), .null, .list([.reference("Draw:2"), .scalar(.string("é"))]), .list([]),
                .scalar(.array([.number("1"), .string("two"), .null, .array([])])),
            ]),
            receivedAt: received, maxAge: .nanoseconds(1)),
        "名前(lang:\"日本語\")\u{0}": CacheFieldEntry(
            value: .scalar(.object(["a": .array([.number("1.5"), .bool(false)]), "ключ\n": .object([:]), "": .null])),
            receivedAt: Date(timeIntervalSinceReferenceDate: -1e-300), maxAge: .seconds(Int64.max)),
        "": CacheFieldEntry(value: .list([]), receivedAt: received, maxAge: .seconds(Int64.min)),
        // Two member names that are one `String` to Swift ("é" composed and decomposed): both kept.
        "nfcNfd": CacheFieldEntry(
            value: .scalar(.object(JSONObject([("\u{E9}", .string("NFC")), ("e\u{301}", .string("NFD"))]))),
            receivedAt: received),
    ]

    @Test("every form of value, lifetime and received time comes back exactly")
    func roundTrip() throws {
        let bytes = CacheRecordCodec.encode(Self.fields)
        #expect(bytes.first == CacheRecordCodec.version)
        let decoded = try CacheRecordCodec.decode(bytes)
        #expect(decoded == Self.fields)
        #expect(decoded["exponent"]?.value == .scalar(.number("-1E400")))
        #expect(decoded["decimal"]?.value == .scalar(.number("12345678901234567890.123456789000")))
        #expect(decoded["decimal"]?.maxAge == .milliseconds(1_500))
        #expect(decoded["null"]?.maxAge == nil)
        if case .scalar(.object(let members))? = decoded["nfcNfd"]?.value {
            #expect(members.count == 2)
            #expect(members["e\u{301}"] == .string("NFD"))
        } else {
            Issue.record("nfcNfd: \(String(describing: decoded["nfcNfd"]))")
        }
        #expect(
            decoded["名前(lang:\"日本語\")\u{0}"]?.receivedAt.timeIntervalSinceReferenceDate.bitPattern
                == (-1e-300).bitPattern)
        #expect(try CacheRecordCodec.decode(CacheRecordCodec.encode([:])) == [:])
    }

    @Test("each field alone round-trips, and the encoding is compact")
    func eachField() throws {
        for (name, entry) in Self.fields {
            let bytes = CacheRecordCodec.encode([name: entry])
            #expect(try CacheRecordCodec.decode(bytes) == [name: entry])
        }
        // One number field: version, count, name, flags, 8 bytes of date, tag, text.
        let small = CacheRecordCodec.encode([
            "n": CacheFieldEntry(value: .scalar(.number("42")), receivedAt: Self.received)
        ])
        #expect(small.count == 1 + 1 + 2 + 1 + 8 + 1 + 3)
    }

    @Test("every truncation of a record is an error, not a crash")
    func truncated() {
        let bytes = CacheRecordCodec.encode(Self.fields)
        for length in 0..<bytes.count {
            #expect(throws: GraphQLCacheError.self) { try CacheRecordCodec.decode(Array(bytes.prefix(length))) }
        }
    }

    @Test("a field's request start comes back; one stored without it (a file written before) reads as none")
    func requestStart() throws {
        var entry = CacheFieldEntry(
            value: .scalar(.string("ab")), receivedAt: Self.received, maxAge: nil, version: 9, requestStart: 7)
        let bytes = CacheRecordCodec.encode(["f": entry])
        let back = try #require(try CacheRecordCodec.decode(bytes)["f"])
        #expect(back.version == 9 && back.requestStart == 7)
        // The bytes an older store wrote: flags 4 (a version), no request start.
        entry.requestStart = .max
        let old = CacheRecordCodec.encode(["f": entry])
        #expect(old == [1, 1, 1, 0x66, 4] + Self.dateBytes(Self.received) + [9, 7, 2, 0x61, 0x62])
        let decoded = try #require(try CacheRecordCodec.decode(old)["f"])
        #expect(decoded.version == 9 && decoded.requestStart == .max)
    }

    @Test("damaged bytes: another version, unknown tags and flags, bad UTF-8, huge counts, left-over bytes")
    func damaged() throws {
        let entry = CacheFieldEntry(value: .scalar(.string("ab")), receivedAt: Self.received)
        let good = CacheRecordCodec.encode(["f": entry])
        // version, count 1, "f", flags, date (8), tag 7, length 2, "ab"
        #expect(good == [1, 1, 1, 0x66, 0] + Self.dateBytes(Self.received) + [7, 2, 0x61, 0x62])
        var cases: [(String, [UInt8])] = [
            ("another version", [2] + good.dropFirst()),
            ("unknown flags", Self.replacing(good, at: 4, with: 4)),
            ("a flag past the known ones", Self.replacing(good, at: 4, with: 16)),
            ("unknown tag", Self.replacing(good, at: 13, with: 10)),
            ("tag 255", Self.replacing(good, at: 13, with: 255)),
            ("bad UTF-8 in a value", Self.replacing(good, at: 15, with: 0xFF)),
            ("bad UTF-8 in a name", Self.replacing(good, at: 3, with: 0xC3)),
            ("a string longer than the record", Self.replacing(good, at: 14, with: 3)),
            ("a huge count", [1, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0x01]),
            ("a varint past 64 bits", [1, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0x02]),
            ("a varint that never ends", [1] + Array(repeating: 0x80, count: 20)),
            ("left-over bytes", good + [0]),
            ("a field twice", [1, 2] + Array(good.dropFirst(2)) + Array(good.dropFirst(2))),
            (
                "attoseconds out of range",
                [1, 1, 1, 0x66, 1] + Self.dateBytes(Self.received) + Self.le(0) + Self.le(UInt64.max / 2) + [0]
            ),
            (
                "a number that is not one",
                [1, 1, 1, 0x66, 0] + Self.dateBytes(Self.received) + [6, 3] + Array("1,2".utf8)
            ),
            ("a received time that is NaN", [1, 1, 1, 0x66, 0] + Self.le(Double.nan.bitPattern) + [0]),
            ("a received time that is infinite", [1, 1, 1, 0x66, 0] + Self.le(Double.infinity.bitPattern) + [0]),
            ("an empty number", [1, 1, 1, 0x66, 0] + Self.dateBytes(Self.received) + [6, 0]),
        ]
        // Lists nested past the depth limit.
        cases.append(
            (
                "nested too deep",
                [1, 1, 1, 0x66, 0] + Self.dateBytes(Self.received)
                    + Array(repeating: [2, 1], count: 300).flatMap { $0 } + [0]
            ))
        cases.append(
            (
                "arrays nested too deep",
                [1, 1, 1, 0x66, 0] + Self.dateBytes(Self.received)
                    + Array(repeating: [8, 1], count: 300).flatMap { $0 } + [3]
            ))
        for (name, bytes) in cases {
            let error = #expect(throws: GraphQLCacheError.self, "\(name)") { try CacheRecordCodec.decode(bytes) }
            #expect(error?.kind == .read, "\(name)")
        }
        // Nesting within the limit is fine.
        let deep = (0..<200).reduce(CacheValue.null) { value, _ in .list([value]) }
        let deepFields = ["deep": CacheFieldEntry(value: deep, receivedAt: Self.received)]
        #expect(try CacheRecordCodec.decode(CacheRecordCodec.encode(deepFields)) == deepFields)
    }

    @Test("random damage to a record never crashes")
    func randomDamage() {
        let bytes = CacheRecordCodec.encode(Self.fields)
        var generator = SQLiteCacheStoreRecoveryTests.SplitMix(seed: 0x8_2026)
        for _ in 0..<3_000 {
            var damaged = bytes
            for _ in 0..<(1 + Int(generator.next() % 4)) {
                let index = Int(generator.next() % UInt64(damaged.count))
                damaged[index] = UInt8(truncatingIfNeeded: generator.next())
            }
            // Either an error or some record: never a trap.
            _ = try? CacheRecordCodec.decode(damaged)
        }
        for length in 0..<64 {
            let random = (0..<length).map { _ in UInt8(truncatingIfNeeded: generator.next()) }
            _ = try? CacheRecordCodec.decode([1] + random)
        }
    }

    static func replacing(_ bytes: [UInt8], at index: Int, with value: UInt8) -> [UInt8] {
        var bytes = bytes
        bytes[index] = value
        return bytes
    }

    static func le(_ value: UInt64) -> [UInt8] {
        (0..<8).map { UInt8(truncatingIfNeeded: value >> UInt64($0 * 8)) }
    }

    static func dateBytes(_ date: Date) -> [UInt8] {
        le(date.timeIntervalSinceReferenceDate.bitPattern)
    }
}
