import Foundation
import GraphQLBridge
import GraphQLBridgeSupport
import LotteryAPI
import Testing

/// The generated one-pass decoders (`init(graphQLReader:)`) against the `Decodable` path, on the same bytes:
/// every GraphQL fixture as it is, and thousands of hostile forms of them (each value replaced by another type,
/// a fractional, exponent, out-of-range or string number, an invalid date, escapes, a missing, duplicate, escaped
/// or reordered key, truncation, trailing bytes, ...). For each body and error policy, `GraphQLResponseDecoder`
/// gives the same value or the same `APIError` (same case, JSON path, expected type, found value and reason)
/// with `path: .automatic` as with `path: .decodable`, and the fast reader alone never takes a body that the
/// `Decodable` path rejects or reads to another value.
@Suite("Fast decoders vs Decodable")
struct FastDecoderDifferentialTests {
    /// The fixtures and the operation each one answers.
    static let fixtures: [(name: String, operation: String)] = [
        ("draw-4x20-2506.graphql.json", "Draw"), ("draw-5x36-123458.graphql.json", "Draw"),
        ("draw-6x45-9007199254740995.graphql.json", "Draw"), ("draw-ruslotto-1659.graphql.json", "Draw"),
        ("draws-5x36.graphql.json", "Draws"), ("game-6x36.graphql.json", "Game"),
        ("game-6x45.graphql-long-as-string.json", "Game"), ("game-6x45.graphql.json", "Game"),
        ("game-7x49.graphql-long-as-string.json", "Game"), ("game-7x49.graphql.json", "Game"),
        ("game-ruslotto.graphql.json", "Game"), ("game-scratch-2027.graphql.json", "Game"),
        ("image-logo-6x45.graphql.json", "Image"),
    ]

    /// Values put in place of each value of a fixture.
    static let hostileValues = [
        "null", "true", "false", "0", "-0", "1", "-1", "1.5", "1.0", "1e3", "1E3", "-1e-3", "1.0000000000000001",
        "9007199254740993", "9007199254740993.5", "9223372036854775807", "9223372036854775808",
        "-9223372036854775808", "-9223372036854775809", "123456789012345678901234567890123456789012", "1e400",
        "01", "-", "1.", ".5", "+1", "\"\"", "\"abc\"", "\"12\"", "\"-12\"", "\"007\"", "\"1e3\"", "\"1.5\"",
        "\"9223372036854775808\"", "\"\\u0031\\u0032\"", "\"2026-11-28T18:00:00Z\"", "\"2026-11-28T18:00:00.5+03:00\"",
        "\"2026-02-30T00:00:00Z\"", "\"2026-11-28 18:00:00\"", "\"\\u00e9t\\u00e9\"", "\"\\ud83d\\ude00\"",
        "\"\\ud800\"", "\"\\udc00x\"", "\"\\x\"", "\"a\\\"b\\\\c\\/d\\b\\f\\n\\r\\t\"", "\"\u{00E9}\u{1F600}\"",
        "\"COMPLETED\"", "\"POSTPONED\"", "\"LOTTO\"", "[]", "[1,2]", "[null]", "[1.5]", "[\"1\"]", "{}",
        "{\"a\":1}", "[[]]", "nul", "tru", "\"unterminated",
    ]

    /// How many variants of each fixture the suite's run checks.
    static let variantsPerFixture = 60

    @Test("every fixture: the fast reader takes it and gives the Decodable path's result")
    func fixturesAsTheyAre() throws {
        var problems: [String] = []
        for (name, operation) in Self.fixtures {
            let body = try Fixture.data(name)
            let taken = Self.compare(body, operation: operation, label: name, problems: &problems)
            #expect(taken, "\(name): the fast reader declined a valid fixture")
        }
        #expect(problems.isEmpty, "\(problems.prefix(10))")
    }

    /// The variants' check, run on a thread of its own at the lowest priority (`DedicatedThread`): seconds of
    /// synchronous work on one of the few threads of the concurrency pool would starve the suite's timing-sensitive
    /// tests beside it.
    @Test("hostile forms of every fixture: the same value or the same error on both paths")
    func hostileForms() async throws {
        let bodies = try Self.fixtures.map { (name: $0.name, operation: $0.operation, body: try Fixture.data($0.name)) }
        let all = ProcessInfo.processInfo.environment["GRAPHQLBRIDGE_DIFFERENTIAL_ALL"] == "1"
        let (compared, taken, problems) = try await DedicatedThread.run(
            name: "FastDecoderDifferentialTests", priority: .background
        ) {
            var compared = 0
            var taken = 0
            var problems: [String] = []
            for (name, operation, body) in bodies {
                // A sample spread over all the variants (every one with GRAPHQLBRIDGE_DIFFERENTIAL_ALL=1): the
                // suite runs timing-sensitive tests beside this one on 2 cores.
                let variants = Self.variants(of: body)
                let step = all ? 1 : max(1, variants.count / Self.variantsPerFixture)
                for index in stride(from: 0, to: variants.count, by: step) {
                    let variant = variants[index]
                    compared += 1
                    let label = "\(name) variant \(index)"
                    if Self.compare(variant, operation: operation, label: label, statuses: [200], problems: &problems) {
                        taken += 1
                    }
                }
            }
            return (compared, taken, problems)
        }
        #expect(problems.isEmpty, "\(problems.count) disagreements, first: \(problems.prefix(10))")
        // The forms include many the fast reader takes (reordered keys, escapes, unknown keys, ...).
        #expect(compared > Self.fixtures.count * Self.variantsPerFixture / 2)
        #expect(taken > compared / 20, "the fast reader took \(taken) of \(compared) variants")
    }

    /// Decodes `body` through both paths; `true` when the fast reader took it. Disagreements go to `problems`.
    static func compare(
        _ body: Data, operation: String, label: String, statuses: [Int] = [200, 400], problems: inout [String]
    ) -> Bool {
        switch operation {
        case "Game": return compare(GameQuery.Data.self, body, label: label, statuses: statuses, problems: &problems)
        case "Draw": return compare(DrawQuery.Data.self, body, label: label, statuses: statuses, problems: &problems)
        case "Draws":
            return compare(DrawsQuery.Data.self, body, label: label, statuses: statuses, problems: &problems)
        default: return compare(ImageQuery.Data.self, body, label: label, statuses: statuses, problems: &problems)
        }
    }

    static func compare<Value: GraphQLFastDecodable & Hashable>(
        _ type: Value.Type, _ body: Data, label: String, statuses: [Int], problems: inout [String]
    ) -> Bool {
        var taken = false
        for status in statuses {
            let response = HTTPResponse(
                status: status, headers: ["Content-Type": GraphQLResponseDecoder.graphQLResponseMediaType])
            // The policy applies after decoding, to what either path read: one policy suffices for the variants.
            let policies: [GraphQLErrorPolicy] =
                statuses.count > 1 ? [.returnPartialData, .failOnAnyError] : [.returnPartialData]
            for policy in policies {
                let decodable = outcome { () throws(APIError) in
                    try GraphQLResponseDecoder.decode(
                        type, operation: "Op", response: response, body: body, errorPolicy: policy, path: .decodable)
                }
                let automatic = outcome { () throws(APIError) in
                    try GraphQLResponseDecoder.decode(
                        type, operation: "Op", response: response, body: body, errorPolicy: policy, path: .automatic)
                }
                if automatic != decodable { problems.append("\(label): automatic and Decodable paths differ") }
                let fastOnly: Outcome<Value>?
                do {
                    fastOnly = try GraphQLResponseDecoder.decodeFastPathOnly(
                        type, operation: "Op", response: response, body: body, errorPolicy: policy
                    ).map(Outcome.init)
                } catch {
                    fastOnly = .failure(error)
                }
                if let fastOnly {
                    taken = true
                    if fastOnly != decodable { problems.append("\(label): the fast reader took the body and differs") }
                }
            }
        }
        return taken
    }

    /// A decode's outcome, comparable.
    enum Outcome<Value: Hashable & Sendable>: Equatable {
        case success(data: Value?, errors: [GraphQLError], extensions: JSONObject, byteCount: Int)
        case failure(APIError)

        init(_ result: GraphQLResult<Value>) {
            self = .success(
                data: result.data, errors: result.errors, extensions: result.extensions, byteCount: result.byteCount)
        }
    }

    static func outcome<Value>(_ decode: () throws(APIError) -> GraphQLResult<Value>) -> Outcome<Value> {
        do {
            return Outcome(try decode())
        } catch {
            return .failure(error)
        }
    }

    // MARK: Variants

    /// Hostile and unusual forms of a body.
    static func variants(of body: Data) -> [Data] {
        let bytes = [UInt8](body)
        var variants: [[UInt8]] = []
        let values = valueRanges(bytes)
        for (position, range) in values.enumerated() {
            // A rotating sample of the hostile values at each position (all of them over the body).
            for offset in 0..<2 {
                let replacement = hostileValues[(position * 5 + offset) % hostileValues.count]
                variants.append(
                    Array(bytes[..<range.lowerBound]) + Array(replacement.utf8) + bytes[range.upperBound...])
            }
        }
        // Keys: removed members, duplicated members, escaped and non-ASCII keys, unknown keys.
        for (position, range) in memberRanges(bytes).enumerated() where position % 2 == 0 {
            let member = Array(bytes[range])
            var removed = Array(bytes[..<range.lowerBound]) + bytes[range.upperBound...]
            if let comma = removed[range.lowerBound...].firstIndex(where: { $0 != 0x20 && $0 != 0x0A }),
                removed[comma] == UInt8(ascii: ",")
            {
                removed.remove(at: comma)
            }
            variants.append(removed)
            variants.append(Array(bytes[..<range.lowerBound]) + member + Array(",".utf8) + bytes[range.lowerBound...])
            let escaped =
                member.count > 2
                ? [member[0], UInt8(ascii: "\\"), UInt8(ascii: "u")] + Array("0061".utf8)
                    + member[2...] : member
            variants.append(Array(bytes[..<range.lowerBound]) + escaped + bytes[range.upperBound...])
            variants.append(
                Array(bytes[..<range.lowerBound]) + Array("\"unknown\u{00E9}\":[1,{\"x\":null}],".utf8)
                    + bytes[range.lowerBound...])
        }
        // Reordered keys: each object's members reversed.
        variants.append(reversingMembers(bytes))
        // Whole-body forms.
        for cut in stride(from: 0, to: bytes.count, by: max(1, bytes.count / 12)) {
            variants.append(Array(bytes[..<cut]))
        }
        variants.append(bytes + Array(" x".utf8))
        variants.append(bytes + Array(" \n\t".utf8))
        variants.append([0xEF, 0xBB, 0xBF] + bytes)
        variants.append(
            Array(String(decoding: bytes, as: UTF8.self).utf16).flatMap { [UInt8($0 >> 8), UInt8($0 & 0xFF)] })
        variants.append(Array("{\"errors\":[{\"message\":\"m\",\"path\":[\"a\",1]}],".utf8) + bytes.dropFirst())
        variants.append(Array("{\"extensions\":{\"cost\":1.5,\"big\":1e400},".utf8) + bytes.dropFirst())
        variants.append(Array("{\"extensions\":{\"cost\":1.5,\"n\":[1,\"x\",null]},".utf8) + bytes.dropFirst())
        variants.append(Array("{\"data\":null,".utf8) + bytes.dropFirst())
        variants.append(Array("{\"errors\":null,".utf8) + bytes.dropFirst())
        variants.append(Array("{\"errors\":{},".utf8) + bytes.dropFirst())
        variants.append(Array("{\"data\":{}}".utf8))
        variants.append(Array("{\"errors\":[]}".utf8))
        variants.append(Array("[]".utf8))
        variants.append(Array("{}".utf8))
        return variants.map { Data($0) }
    }

    /// The byte ranges of every value that follows a `:` or sits in an array (not the top-level object).
    static func valueRanges(_ bytes: [UInt8]) -> [Range<Int>] {
        var ranges: [Range<Int>] = []
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") {
                index = stringEnd(bytes, index)
                continue
            }
            if byte == UInt8(ascii: ":") || byte == UInt8(ascii: "[")
                || (byte == UInt8(ascii: ",") && inArray(bytes, index))
            {
                var start = index + 1
                while start < bytes.count, [0x20, 0x0A, 0x0D, 0x09].contains(bytes[start]) { start += 1 }
                if start < bytes.count, bytes[start] != UInt8(ascii: "]") {
                    ranges.append(start..<valueEnd(bytes, start))
                }
            }
            index += 1
        }
        return ranges
    }

    /// The ranges of `"key": value` members.
    static func memberRanges(_ bytes: [UInt8]) -> [Range<Int>] {
        var ranges: [Range<Int>] = []
        var index = 0
        while index < bytes.count {
            if bytes[index] == UInt8(ascii: "\"") {
                let end = stringEnd(bytes, index)
                var colon = end
                while colon < bytes.count, [0x20, 0x0A, 0x0D, 0x09].contains(bytes[colon]) { colon += 1 }
                if colon < bytes.count, bytes[colon] == UInt8(ascii: ":") {
                    var start = colon + 1
                    while start < bytes.count, [0x20, 0x0A, 0x0D, 0x09].contains(bytes[start]) { start += 1 }
                    ranges.append(index..<valueEnd(bytes, start))
                }
                index = end
                continue
            }
            index += 1
        }
        return ranges
    }

    static func stringEnd(_ bytes: [UInt8], _ start: Int) -> Int {
        var index = start + 1
        while index < bytes.count, bytes[index] != UInt8(ascii: "\"") {
            index += bytes[index] == UInt8(ascii: "\\") ? 2 : 1
        }
        return min(index + 1, bytes.count)
    }

    static func valueEnd(_ bytes: [UInt8], _ start: Int) -> Int {
        var depth = 0
        var index = start
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") {
                index = stringEnd(bytes, index)
                if depth == 0 { return index }
                continue
            }
            if byte == UInt8(ascii: "{") || byte == UInt8(ascii: "[") { depth += 1 }
            if byte == UInt8(ascii: "}") || byte == UInt8(ascii: "]") {
                if depth == 0 { return index }
                depth -= 1
                if depth == 0 { return index + 1 }
            }
            if depth == 0, byte == UInt8(ascii: ",") || [0x20, 0x0A, 0x0D, 0x09].contains(byte) { return index }
            index += 1
        }
        return index
    }

    /// Whether the `,` at `index` separates array elements.
    static func inArray(_ bytes: [UInt8], _ index: Int) -> Bool {
        var stack: [UInt8] = []
        var position = 0
        while position < index {
            let byte = bytes[position]
            if byte == UInt8(ascii: "\"") {
                position = stringEnd(bytes, position)
                continue
            }
            if byte == UInt8(ascii: "{") || byte == UInt8(ascii: "[") { stack.append(byte) }
            if byte == UInt8(ascii: "}") || byte == UInt8(ascii: "]") { _ = stack.popLast() }
            position += 1
        }
        return stack.last == UInt8(ascii: "[")
    }

    /// The body with every object's members in reverse order (through `JSONValue`, written compactly).
    static func reversingMembers(_ bytes: [UInt8]) -> [UInt8] {
        guard let value = try? JSONValue(parsing: Data(bytes)) else { return bytes }
        func write(_ value: JSONValue) -> String {
            switch value {
            case .object(let members):
                return "{"
                    + members.keys.sorted().reversed().map {
                        JSONValue.string($0).jsonText + ":" + write(members[$0] ?? .null)
                    }.joined(separator: ",") + "}"
            case .array(let items): return "[" + items.map(write).joined(separator: ",") + "]"
            default: return value.jsonText
            }
        }
        return Array(write(value).utf8)
    }
}
