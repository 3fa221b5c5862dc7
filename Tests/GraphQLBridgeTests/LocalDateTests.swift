import Foundation
import GraphQLBridge
import Testing

/// `LocalDate`: exactly `"YYYY-MM-DD"` both ways, no time zone, every hostile form an error with its path.
@Suite("LocalDate")
struct LocalDateTests {
    @Test(
        "reads and writes YYYY-MM-DD exactly",
        arguments: ["2026-11-28", "2024-02-29", "2000-02-29", "0000-01-01", "9999-12-31", "1970-01-01", "0001-03-01"])
    func roundTrip(_ text: String) throws {
        let date = try #require(LocalDate(text))
        #expect(date.description == text)
        let encoded = try JSONEncoder().encode([date])
        #expect(String(decoding: encoded, as: UTF8.self) == "[\"\(text)\"]")
        #expect(try JSONDecoder().decode([LocalDate].self, from: encoded) == [date])
        #expect(try decode(GamePayload<LocalDate>.self, gameJSON("\"\(text)\"")).game.drawsCount == date)
    }

    @Test("components, Comparable, and the dates that do not exist")
    func components() throws {
        let date = try #require(LocalDate(year: 2026, month: 11, day: 28))
        #expect((date.year, date.month, date.day) == (2026, 11, 28))
        #expect(date.description == "2026-11-28")
        #expect(LocalDate(year: 2026, month: 2, day: 29) == nil)
        #expect(LocalDate(year: 2026, month: 13, day: 1) == nil)
        #expect(LocalDate(year: 10_000, month: 1, day: 1) == nil)
        #expect(LocalDate(year: 1900, month: 2, day: 29) == nil)
        let sorted = ["2026-11-28", "2025-12-31", "2026-01-01", "2026-11-27"].compactMap(LocalDate.init).sorted()
        #expect(sorted.map(\.description) == ["2025-12-31", "2026-01-01", "2026-11-27", "2026-11-28"])
        #expect(try #require(LocalDate("1970-01-02")).daysSince1970 == 1)
        #expect(try #require(LocalDate("1969-12-31")).daysSince1970 == -1)
    }

    @Test("a day is the same in every time zone; it becomes an instant only with a zone")
    func timeZones() throws {
        let day = try #require(LocalDate("2026-11-28"))
        let moscow = try #require(TimeZone(identifier: "Europe/Moscow"))
        let losAngeles = try #require(TimeZone(identifier: "America/Los_Angeles"))
        let utc = try #require(TimeZone(identifier: "UTC"))
        let start = try #require(day.startOfDay(in: moscow))
        #expect(start == Date(timeIntervalSince1970: 1_795_813_200))  // 2026-11-27T21:00:00Z
        #expect(LocalDate(start, in: moscow) == day)
        #expect(LocalDate(start, in: utc)?.description == "2026-11-27", "the same instant is another day in UTC")
        #expect(LocalDate(try #require(day.startOfDay(in: losAngeles)), in: losAngeles) == day)
    }

    @Test(
        "hostile forms are errors with the path and the reason, never a nearby date",
        arguments: [
            ("\"2026-02-30\"", "day 30 does not exist: month 2 of 2026 has 28 days"),
            ("\"2026-1-1\"", "not of the form YYYY-MM-DD"),
            ("\"2026-13-01\"", "there is no month 13"),
            ("\"2026-00-10\"", "there is no month 0"),
            ("\"2026-11-28T00:00:00Z\"", "not of the form YYYY-MM-DD"),
            ("\" 2026-11-28\"", "not of the form YYYY-MM-DD"),
            ("\"+2026-11-28\"", "not of the form YYYY-MM-DD"),
            ("\"2026/11/28\"", "not of the form YYYY-MM-DD"),
            ("\"２０２６-11-28\"", "not of the form YYYY-MM-DD"),
            ("20261128", "another type"),
            ("null", "null"),
        ])
    func hostile(json: String, reason: String) throws {
        let keyed = try #require(decodingError(GamePayload<LocalDate>.self, gameJSON(json)))
        #expect(keyed.path == "data.game.drawsCount")
        #expect(keyed.expected.hasPrefix("LocalDate"))
        #expect(keyed.description.contains(reason), "\(keyed)")
        let element = try #require(
            decodingError(
                DrawsPayload<LocalDate>.self,
                #"{"data":{"draws":[{"number":"2026-11-28"},{"number":"2026-11-28"},{"number":"2026-11-28"},{"number":"#
                    + json + "}]}}"))
        #expect(element.path == "data.draws[3].number")
        let unkeyed = try #require(
            decodingError(
                ElementsPayload<LocalDate>.self, #"{"data":{"values":["2026-11-28","2026-11-28","# + json + "]}}"))
        #expect(unkeyed.path == "data.values[2]")
        // Its own `Decodable` conformance (a `decodable` mapping, app code) applies the same rules.
        #expect(throws: GraphQLDecodingError.self) {
            try JSONDecoder().decode([LocalDate].self, from: Data("[\(json)]".utf8))
        }
        if json.hasPrefix("\"") { #expect(LocalDate(String(json.dropFirst().dropLast())) == nil) }
    }
}
