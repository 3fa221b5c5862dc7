import Foundation
import GraphQLBridge
import Testing

/// `Timestamp`: RFC 3339 with every fractional digit sent (nanoseconds), written back as sent; ten digits, a date
/// that does not exist or a leap second is an error with its path.
@Suite("Timestamp")
struct TimestampTests {
    @Test(
        "keeps every fractional digit and writes the value back as it was sent",
        arguments: [
            "2026-11-28T18:00:00Z", "2026-11-28T18:00:00.1Z", "2026-11-28T18:00:00.120Z",
            "2026-11-28T18:00:00.123456789Z", "2026-11-28T18:00:00.000000001Z", "1969-12-31T23:59:59.999999999Z",
            "0000-01-01T00:00:00Z", "9999-12-31T23:59:59.999999999Z", "2024-02-29T12:00:00.5Z",
        ])
    func roundTrip(_ text: String) throws {
        let value = try #require(Timestamp(text))
        #expect(value.description == text)
        let encoded = try JSONEncoder().encode([value])
        #expect(String(decoding: encoded, as: UTF8.self) == "[\"\(text)\"]")
        #expect(try decode(GamePayload<Timestamp>.self, gameJSON("\"\(text)\"")).game.drawsCount.description == text)
    }

    @Test("nanoseconds are exact where a Date would round them")
    func nanoseconds() throws {
        let value = try #require(Timestamp("2026-11-28T18:00:00.123456789Z"))
        #expect(value.seconds == 1_795_888_800)
        #expect(value.nanoseconds == 123_456_789)
        #expect(value.fractionDigits == 9)
        let neighbour = try #require(Timestamp("2026-11-28T18:00:00.123456790Z"))
        #expect(value < neighbour)
        #expect(value != neighbour)
        #expect(value.date == neighbour.date || value.date < neighbour.date, "a Date cannot always tell them apart")
        let before1970 = try #require(Timestamp("1969-12-31T23:59:59.5Z"))
        #expect(before1970.seconds == -1 && before1970.nanoseconds == 500_000_000)
    }

    @Test("an offset is the same instant, written in UTC; equal instants are equal whatever their digits")
    func offsetsAndEquality() throws {
        let moscow = try #require(Timestamp("2026-11-28T21:00:00.25+03:00"))
        #expect(moscow.description == "2026-11-28T18:00:00.25Z")
        #expect(try #require(Timestamp("2026-11-28t18:00:00.250z")) == moscow)
        #expect(Set([moscow, try #require(Timestamp("2026-11-28T18:00:00.250000Z"))]).count == 1)
        #expect(Timestamp("2026-11-28T18:00:00.250000Z")?.description == "2026-11-28T18:00:00.250000Z")
    }

    @Test("values made in code: 0, 3, 6 or 9 digits, as Protocol Buffers' JSON writes them")
    func madeInCode() throws {
        #expect(Timestamp(seconds: 0, nanoseconds: 0)?.description == "1970-01-01T00:00:00Z")
        #expect(Timestamp(seconds: 0, nanoseconds: 5_000_000)?.description == "1970-01-01T00:00:00.005Z")
        #expect(Timestamp(seconds: 0, nanoseconds: 5_000)?.description == "1970-01-01T00:00:00.000005Z")
        #expect(Timestamp(seconds: 0, nanoseconds: 5)?.description == "1970-01-01T00:00:00.000000005Z")
        #expect(Timestamp(seconds: 0, nanoseconds: 1_000_000_000) == nil)
        #expect(Timestamp(seconds: 0, nanoseconds: -1) == nil)
        #expect(Timestamp(seconds: 253_402_300_800, nanoseconds: 0) == nil, "the year 10000")
        let date = Date(timeIntervalSince1970: 1_795_888_800.25)
        #expect(Timestamp(date)?.description == "2026-11-28T18:00:00.250Z")
        #expect(Timestamp(date)?.date == date)
    }

    @Test(
        "hostile forms are errors with the path and the reason, never a rounded instant",
        arguments: [
            ("\"2026-11-28T18:00:00.1234567891Z\"", "the fraction has 10 digits"),
            ("\"2026-11-28T18:00:00.1234567890Z\"", "the fraction has 10 digits"),
            ("\"2026-02-30T18:00:00Z\"", "day 30 does not exist"),
            ("\"2026-11-28T23:59:60Z\"", "leap second"),
            ("\"2026-11-28T24:00:00Z\"", "does not exist"),
            ("\"2026-11-28T18:00:00\"", "not an RFC 3339 date-time"),
            ("\"2026-11-28 18:00:00Z\"", "not an RFC 3339 date-time"),
            ("\"2026-11-28T18:00:00.Z\"", "not an RFC 3339 date-time"),
            ("\"2026-11-28T18:00:00+3:00\"", "not an RFC 3339 date-time"),
            ("\"2026-1-1T18:00:00Z\"", "not an RFC 3339 date-time"),
            ("\"0000-01-01T00:00:00+00:01\"", "outside the years 0000...9999"),
            ("1764352800", "another type"),
        ])
    func hostile(json: String, reason: String) throws {
        let keyed = try #require(decodingError(GamePayload<Timestamp>.self, gameJSON(json)))
        #expect(keyed.path == "data.game.drawsCount")
        #expect(keyed.expected.hasPrefix("Timestamp"))
        #expect(keyed.description.contains(reason), "\(keyed)")
        let unkeyed = try #require(
            decodingError(
                ElementsPayload<Timestamp>.self,
                #"{"data":{"values":["2026-11-28T18:00:00Z","2026-11-28T18:00:00Z","# + json + "]}}"))
        #expect(unkeyed.path == "data.values[2]")
        #expect(throws: GraphQLDecodingError.self) {
            try JSONDecoder().decode([Timestamp].self, from: Data("[\(json)]".utf8))
        }
        if json.hasPrefix("\"") { #expect(Timestamp(String(json.dropFirst().dropLast())) == nil) }
    }
}
