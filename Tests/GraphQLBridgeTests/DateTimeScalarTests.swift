import Foundation
import GraphQLBridge
import Testing

/// `DateTime` decoded with the scalar rules (RFC 3339) and formatted back.
@Suite("DateTime scalar")
struct DateTimeScalarTests {
    static let expected = #"DateTime (an RFC 3339 string in UTC such as "2026-11-28T18:00:00Z")"#

    /// RFC 3339 text and the instant it is, in seconds since 1970.
    static let accepted: [(text: String, seconds: Double)] = [
        ("2026-11-28T18:00:00Z", 1_795_888_800),
        ("2026-11-28T18:00:00.250Z", 1_795_888_800.25),
        ("2026-11-28T18:00:00.5Z", 1_795_888_800.5),
        ("2026-11-28t18:00:00z", 1_795_888_800),
        ("2026-11-28T21:00:00+03:00", 1_795_888_800),
        ("2026-11-28T13:30:00-04:30", 1_795_888_800),
        ("2026-11-28T18:00:00-00:00", 1_795_888_800),
        ("2026-11-28T21:00:00.250+03:00", 1_795_888_800.25),
        ("2024-02-29T12:00:00Z", 1_709_208_000),
        ("2000-02-29T00:00:00Z", 951_782_400),
        ("1970-01-01T00:00:00Z", 0),
        ("1969-12-31T23:59:59Z", -1),
        ("9999-12-31T23:59:59Z", 253_402_300_799),
        ("0001-01-01T00:00:00Z", -62_135_596_800),
    ]

    /// Text that is not an RFC 3339 date-time with a valid date and time.
    static let rejected: [String] = [
        "2026-02-29T12:00:00Z",  // not a leap year
        "1900-02-29T00:00:00Z",  // a century that is not a leap year
        "2026-11-31T00:00:00Z",  // November has 30 days
        "2026-13-01T00:00:00Z",
        "2026-00-10T00:00:00Z",
        "2026-11-00T00:00:00Z",
        "2026-11-28T24:00:00Z",
        "2026-11-28T18:60:00Z",
        "2026-11-28T18:00:60Z",
        "2026-11-28T18:00:00",  // no offset
        "2026-11-28T18:00:00.250",  // no offset
        "2026-11-28 18:00:00Z",
        "2026-11-28T18:00:00.Z",
        "2026-11-28T18:00:00+0300",
        "2026-11-28T18:00:00+03:00Z",
        "2026-11-28T18:00:00+24:00",
        "2026-11-28T18:00:00ZZ",
        "2026-11-28",
        "28.11.2026 21:00:00",
        "garbage",
        "",
    ]

    @Test("decodes an RFC 3339 string in a keyed container", arguments: accepted)
    func keyed(text: String, seconds: Double) throws {
        let payload = try decode(GamePayload<DateTime>.self, gameJSON("\"\(text)\""))
        #expect(payload.game.drawsCount == Date(timeIntervalSince1970: seconds))
    }

    @Test("decodes in lists and single-value containers", arguments: accepted)
    func listAndSingle(text: String, seconds: Double) throws {
        let date = Date(timeIntervalSince1970: seconds)
        let list = try decode(ValuesPayload<[DateTime?]>.self, #"{"data":{"values":[null,"\#(text)"]}}"#)
        #expect(list.values == [nil, date])
        let elements = try decode(ElementsPayload<DateTime>.self, #"{"data":{"values":["\#(text)"]}}"#)
        #expect(elements.values == [date])
        #expect(try decode(SinglePayload<DateTime>.self, singleJSON("\"\(text)\"")).single.value == date)
    }

    @Test("DateTimeScalar.parse agrees with decoding", arguments: accepted)
    func parse(text: String, seconds: Double) {
        #expect(DateTimeScalar.parse(text) == Date(timeIntervalSince1970: seconds))
    }

    @Test("rejects with the path and the text found", arguments: rejected)
    func rejects(text: String) throws {
        #expect(DateTimeScalar.parse(text) == nil)
        let json = "\"\(text)\""
        let keyed = try #require(decodingError(GamePayload<DateTime>.self, gameJSON(json)))
        #expect(keyed.path == "data.game.drawsCount")
        #expect(keyed.expected == Self.expected)
        #expect(keyed.found == json)
        #expect(keyed.reason == "the string is not an RFC 3339 date-time with a valid date and time")

        let valid = #""2026-01-01T00:00:00Z""#
        let list = #"{"data":{"values":[\#(valid),\#(valid),\#(json)]}}"#
        let element = try #require(decodingError(ValuesPayload<[DateTime]>.self, list))
        #expect(element.path == "data.values[2]")
        #expect(element.found == json)
        let nextElement = try #require(decodingError(ElementsPayload<DateTime>.self, list))
        #expect(nextElement.path == "data.values[2]")

        let draws = #"{"data":{"draws":[{"number":\#(valid)},{"number":\#(json)}]}}"#
        let inObject = try #require(decodingError(DrawsPayload<DateTime>.self, draws))
        #expect(inObject.path == "data.draws[1].number")
        #expect(inObject.found == json)

        let single = try #require(decodingError(SinglePayload<DateTime>.self, singleJSON(json)))
        #expect(single.path == "data.single")
        #expect(single.found == json)
    }

    @Test("rejects a number, a boolean and null with the path")
    func rejectsOtherTypes() throws {
        for value in ["1795888800", "true"] {
            let error = try #require(decodingError(GamePayload<DateTime>.self, gameJSON(value)))
            #expect(error.path == "data.game.drawsCount")
            #expect(error.expected == Self.expected)
            #expect(error.found == nil)  // the client fills it in from the body
            #expect(error.reason.contains("another type"), "reason: \(error.reason)")

            let list = #"{"data":{"values":["2026-01-01T00:00:00Z",\#(value)]}}"#
            let element = try #require(decodingError(ElementsPayload<DateTime>.self, list))
            #expect(element.path == "data.values[1]")
        }
        let null = try #require(decodingError(GamePayload<DateTime>.self, gameJSON("null")))
        #expect(null.path == "data.game.drawsCount")
        #expect(null.found == "null")
    }

    @Test("format writes UTC with Z, milliseconds only when there are any")
    func format() {
        #expect(DateTimeScalar.format(Date(timeIntervalSince1970: 1_795_888_800)) == "2026-11-28T18:00:00Z")
        #expect(DateTimeScalar.format(Date(timeIntervalSince1970: 1_795_888_800.25)) == "2026-11-28T18:00:00.250Z")
        #expect(DateTimeScalar.format(Date(timeIntervalSince1970: 1_795_888_800.9996)) == "2026-11-28T18:00:01Z")
        #expect(DateTimeScalar.format(Date(timeIntervalSince1970: -0.5)) == "1969-12-31T23:59:59.500Z")
        #expect(DateTimeScalar.format(Date(timeIntervalSince1970: 0)) == "1970-01-01T00:00:00Z")
        #expect(DateTimeScalar.format(Date(timeIntervalSince1970: 951_782_400)) == "2000-02-29T00:00:00Z")
    }

    @Test(
        "format and parse round-trip",
        arguments: [
            "2026-11-28T18:00:00Z", "2026-11-28T18:00:00.250Z", "2026-11-28T18:00:00.001Z", "2024-02-29T23:59:59.999Z",
            "1969-12-31T23:59:59.500Z", "0001-01-01T00:00:00Z", "9999-12-31T23:59:59Z",
        ])
    func roundTrip(text: String) throws {
        let date = try #require(DateTimeScalar.parse(text))
        #expect(DateTimeScalar.format(date) == text)
        #expect(DateTimeScalar.parse(DateTimeScalar.format(date)) == date)
    }

    @Test("an offset is normalized to Z when formatted")
    func offsetNormalized() throws {
        let date = try #require(DateTimeScalar.parse("2026-11-28T21:00:00+03:00"))
        #expect(DateTimeScalar.format(date) == "2026-11-28T18:00:00Z")
    }
}
