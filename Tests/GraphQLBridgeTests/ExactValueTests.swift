import Foundation
import GraphQLBridge
import GraphQLBridgeTesting
import Testing

/// Values read exactly, always: past `Decimal`'s 38 digits, in nested decoders, in UTF-16 and UTF-32 bodies, in
/// `extensions`, and dates at the edges of RFC 3339.
@Suite("Exact values")
struct ExactValueTests {
    /// 1 followed by a fraction that only the 42nd significant digit makes non-zero.
    static let longFraction = "1.00000000000000000000000000000000000000001"

    func decodeResponse<T: Decodable & Sendable>(_ type: T.Type, _ body: Data) throws(APIError) -> GraphQLResult<T> {
        try GraphQLResponseDecoder.decode(
            type, operation: "Q", response: HTTPResponse(status: 200), body: body, errorPolicy: .failOnAnyError)
    }

    func decodeResponse<T: Decodable & Sendable>(_ type: T.Type, _ json: String) throws(APIError) -> GraphQLResult<T> {
        try decodeResponse(type, Data(json.utf8))
    }

    func expectDecodingError<T: Decodable & Sendable>(
        _ type: T.Type, _ json: String, path: String, sourceLocation: SourceLocation = #_sourceLocation
    ) {
        do {
            let result = try decodeResponse(type, json)
            Issue.record("decoded \(String(describing: result.data))", sourceLocation: sourceLocation)
        } catch {
            guard case .decoding(_, let decodingError) = error else {
                Issue.record("expected a decoding error, got \(error)", sourceLocation: sourceLocation)
                return
            }
            #expect(decodingError.path == path, sourceLocation: sourceLocation)
        }
    }

    @Test("a fraction with more than 38 significant digits is not the Long 1 (keyed, unkeyed, single value)")
    func longFractionIsNotALong() {
        expectDecodingError(GamePayload<Long>.self, gameJSON(Self.longFraction), path: "data.game.drawsCount")
        expectDecodingError(ElementsPayload<Long>.self, valuesJSON(Self.longFraction), path: "data.values[2]")
        expectDecodingError(SinglePayload<Long>.self, singleJSON(Self.longFraction), path: "data.single")
        // Past Int64 and past 38 digits, with a fraction: not read as the whole number Decimal rounds it to.
        expectDecodingError(
            GamePayload<Long>.self, gameJSON("9223372036854775807.00000000000000000000000000000000000001"),
            path: "data.game.drawsCount")
    }

    @Test("long whole numbers written with many zeros are still exact Longs")
    func longWholeNumbers() throws {
        let zeros = String(repeating: "0", count: 40)
        let game = try decodeResponse(GamePayload<Long>.self, gameJSON("12." + zeros)).data
        #expect(game?.game.drawsCount == 12)
        let exponent = try decodeResponse(GamePayload<Long>.self, gameJSON("1." + zeros + "e3")).data
        #expect(exponent?.game.drawsCount == 1000)
        expectDecodingError(GamePayload<Long>.self, gameJSON("1." + zeros + "5e40"), path: "data.game.drawsCount")
    }

    @Test("a fraction with more than 38 significant digits is not the ID \"1\"")
    func longFractionIsNotAnID() {
        expectDecodingError(GamePayload<GraphQLID>.self, gameJSON(Self.longFraction), path: "data.game.drawsCount")
        expectDecodingError(ElementsPayload<GraphQLID>.self, valuesJSON(Self.longFraction), path: "data.values[2]")
        expectDecodingError(SinglePayload<GraphQLID>.self, singleJSON(Self.longFraction), path: "data.single")
    }

    @Test("a custom scalar that decodes embedded JSON gets the exactness check (the fast path does not leak)")
    func nestedDecoderIsChecked() {
        // The outer body has integer literals only (the fraction is inside a string).
        let json = #"{"data":{"game":{"drawsCount":"{\"value\":1.0000000000000001}"}}}"#
        do {
            let result = try decodeResponse(GamePayload<EmbeddedLong>.self, json)
            Issue.record("decoded \(String(describing: result.data?.game.drawsCount.value))")
        } catch {
            guard case .decoding = error else {
                Issue.record("expected a decoding error, got \(error)")
                return
            }
        }
        // And it still decodes an exact value.
        let exact = #"{"data":{"game":{"drawsCount":"{\"value\":9007199254740993}"}}}"#
        #expect(
            (try? decodeResponse(GamePayload<EmbeddedLong>.self, exact))?.data?.game.drawsCount.value
                == 9_007_199_254_740_993)
    }

    @Test(
        "UTF-16 and UTF-32 bodies are scanned as what they are",
        arguments: [
            String.Encoding.utf16LittleEndian, .utf16BigEndian, .utf16, .utf32LittleEndian, .utf32BigEndian, .utf32,
        ])
    func wideBodies(encoding: String.Encoding) throws {
        // Read as UTF-8, the escaped quote ends the first string early and the quotes pair up wrongly, so that
        // the fractional number lands "inside a string" and the body looks like integer literals only.
        let json = #"{"data":{"game":{"n":"\"","x":"y","drawsCount":1.0000000000000001}}}"#
        let body = try #require(json.data(using: encoding))
        do {
            let result = try decodeResponse(GamePayload<Long>.self, body)
            Issue.record("decoded \(String(describing: result.data?.game.drawsCount))")
        } catch {
            guard case .decoding(_, let decodingError) = error else {
                Issue.record("expected a decoding error, got \(error)")
                return
            }
            #expect(decodingError.path == "data.game.drawsCount")
        }
        let valid = try #require(gameJSON("9007199254740993").data(using: encoding))
        #expect(try decodeResponse(GamePayload<Long>.self, valid).data?.game.drawsCount == 9_007_199_254_740_993)
    }

    @Test("JSONValue keeps every digit of numbers in extensions, and 1E400 does not fail the operation")
    func extensionsKeepDigits() throws {
        let long = "123456789012345678901234567890123456789012.000000000000000000000000000000000000000005"
        let json =
            #"{"data":{"game":{"drawsCount":1}},"extensions":{"cost":"# + long
            + #","huge":1E400,"tiny":-1e-400,"list":[1.5,"x",null,true]}}"#
        let result = try decodeResponse(GamePayload<Long>.self, json)
        #expect(result.data?.game.drawsCount == 1)
        #expect(result.extensions["cost"] == .number(long))
        #expect(result.extensions["huge"] == .number("1E400"))
        #expect(result.extensions["tiny"] == .number("-1e-400"))
        #expect(result.extensions["list"] == .array([.number("1.5"), .string("x"), .null, .bool(true)]))
    }

    @Test("JSONValue(parsing:) keeps numbers as written and rejects what is not JSON")
    func parsing() throws {
        let value = try JSONValue(
            parsing: Data(#" {"a":[1E400,0.10000000000000000000000000000000000000000001],"b":"\ud83d\ude00\n"} "#.utf8))
        #expect(value["a"] == .array([.number("1E400"), .number("0.10000000000000000000000000000000000000000001")]))
        #expect(value["b"] == .string("😀\n"))
        for bad in [
            "", "01", "1.", "[1,]", "{\"a\" 1}", "\"\\ud800\"", "tru", "[" + String(repeating: "[", count: 600),
        ] {
            #expect(throws: GraphQLDecodingError.self, "\(bad)") { try JSONValue(parsing: Data(bad.utf8)) }
        }
    }

    @Test("JSONValue(parsing:) strings: plain, escaped, non-ASCII; invalid UTF-8 and control characters rejected")
    func parsingStrings() throws {
        let cases: [(String, String)] = [
            (#""""#, ""), (#""Gosloto 6 of 45""#, "Gosloto 6 of 45"),
            (#""Гослото — 6 из 45 😀""#, "Гослото — 6 из 45 😀"),
            (#""a\"b\\c\/d\b\f\n\r\t""#, "a\"b\\c/d\u{08}\u{0C}\n\r\t"),
            (#""\u00e9t\u00E9 \ud83d\ude00 é""#, "été 😀 é"), (#""\u0000""#, "\u{0}"),
        ]
        for (json, expected) in cases {
            #expect(try JSONValue(parsing: Data(json.utf8)) == .string(expected), "\(json)")
            #expect(
                try JSONValue(parsing: Data("[\(json),\(json)]".utf8))
                    == .array([.string(expected), .string(expected)]))
        }
        let invalid: [[UInt8]] = [
            [0x22, 0xFF, 0x22],  // not UTF-8 at all
            [0x22, 0xC0, 0xAF, 0x22],  // an overlong "/"
            [0x22, 0xED, 0xA0, 0x80, 0x22],  // a surrogate encoded in UTF-8
            [0x22, 0x61, 0x80, 0x22],  // a lone continuation byte
            [0x22, 0xE2, 0x82, 0x22],  // a truncated sequence
            [0x22, 0x5C, 0x6E, 0xFF, 0x22],  // invalid after an escape
            [0x22, 0x61, 0x0A, 0x62, 0x22],  // a raw line feed
            [0x22, 0x61, 0x5C, 0x6E, 0x09, 0x22],  // a raw tab after an escape
            [0x22, 0x61, 0x62],  // unterminated
            [0x22, 0x5C, 0x71, 0x22],  // an unknown escape
        ]
        for bytes in invalid {
            #expect(throws: GraphQLDecodingError.self, "\(bytes)") { try JSONValue(parsing: Data(bytes)) }
        }
    }

    @Test("a leap second (23:59:60Z, or the same instant at an offset) is accepted; 60 elsewhere is not")
    func leapSecond() throws {
        let leap = try #require(DateTimeScalar.parse("2016-12-31T23:59:60Z"))
        #expect(leap == DateTimeScalar.parse("2016-12-31T23:59:59Z"))
        #expect(DateTimeScalar.parse("2016-12-31T23:59:60.5Z") == DateTimeScalar.parse("2016-12-31T23:59:59.5Z"))
        #expect(DateTimeScalar.parse("2017-01-01T00:59:60+01:00") == leap)
        #expect(DateTimeScalar.parse("2016-12-31T12:00:60Z") == nil)
        #expect(DateTimeScalar.parse("2016-12-31T23:58:60Z") == nil)
        #expect(DateTimeScalar.parse("2016-12-31T23:59:61Z") == nil)
        let json = #"{"data":{"game":{"drawsCount":"2016-12-31T23:59:60Z"}}}"#
        #expect(try decodeResponse(GamePayload<Date>.self, json).data?.game.drawsCount == leap)
    }

    @Test(
        "format writes years outside 0000...9999 in a form parse reads back",
        arguments: [
            -62_198_755_200.0,  // -0001-01-01
            -62_167_219_200.0,  // 0000-01-01
            253_402_300_799.0,  // 9999-12-31T23:59:59
            253_402_300_800.0,  // 10000-01-01
            -1_000_000_000_000.0, 1_000_000_000_000.5, 3_000_000_000_000_000.0,
        ])
    func extremeYears(seconds: Double) throws {
        let date = Date(timeIntervalSince1970: seconds)
        let text = DateTimeScalar.format(date)
        let parsed = try #require(DateTimeScalar.parse(text), "\(text)")
        #expect(abs(parsed.timeIntervalSince1970 - seconds) < 0.001, "\(text)")
    }

    @Test("expanded years: the sign and digits are checked; non-finite dates do not crash format")
    func expandedYearForms() {
        #expect(DateTimeScalar.format(Date(timeIntervalSince1970: 253_402_300_800)) == "+10000-01-01T00:00:00Z")
        #expect(DateTimeScalar.format(Date(timeIntervalSince1970: -62_198_755_200)) == "-0001-01-01T00:00:00Z")
        #expect(DateTimeScalar.parse("10000-01-01T00:00:00Z") == nil, "more than four digits need a sign")
        #expect(DateTimeScalar.parse("+999-01-01T00:00:00Z") == nil)
        #expect(DateTimeScalar.format(Date(timeIntervalSince1970: .infinity)).hasPrefix("+"))
        #expect(DateTimeScalar.format(Date(timeIntervalSince1970: -.infinity)).hasPrefix("-"))
    }

    @Test("a Date in hand-written variables is sent as RFC 3339, not as seconds since 2001")
    func dateVariables() async throws {
        let transport = MockTransport()
        transport.enqueue(data: #"{"ok":true}"#)
        let client = makeClient(transport)
        let date = try #require(DateTimeScalar.parse("2026-11-28T18:00:00.250Z"))
        _ = try await client.execute(DatedQuery(at: date))
        let json = try #require(transport.lastRequest?.json)
        #expect(json["variables"]?["at"] == .string("2026-11-28T18:00:00.250Z"))
    }
}

/// A custom scalar whose JSON is a string holding JSON (`"{\"value\":9007199254740993}"`), decoded with a nested
/// `JSONDecoder`, its `Long` read with the scalar rules.
struct EmbeddedLong: Decodable, Sendable, GraphQLScalarDecodable {
    let value: Long

    private struct Inner: Decodable {
        let value: Long
        enum CodingKeys: String, CodingKey { case value }
        init(from decoder: any Decoder) throws {
            value = try decoder.container(keyedBy: CodingKeys.self).decodeScalar(Long.self, forKey: .value)
        }
    }

    init(from decoder: any Decoder) throws {
        let text = try decoder.singleValueContainer().decode(String.self)
        value = try JSONDecoder().decode(Inner.self, from: Data(text.utf8)).value
    }
}

/// `query Dated($at: DateTime!)` with hand-written variables holding a `Date`.
struct DatedQuery: GraphQLQuery {
    static let operationName = "Dated"
    static let document = "query Dated($at:DateTime!){ok}"

    var at: Date

    var variables: Variables { Variables(at: at) }

    struct Variables: Encodable, Sendable {
        var at: Date
    }

    struct Data: Decodable, Sendable {
        let ok: Bool
    }
}
