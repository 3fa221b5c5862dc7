import Foundation
import LegacyModels
import Testing

@Suite("Moscow-time draw dates")
struct DateFormatTests {
    @Test(
        "Moscow wall time is UTC+3 all year, across midnight and New Year",
        arguments: [
            ("28.11.2026 21:00:00", "2026-11-28T18:00:00Z"),
            ("01.01.2027 02:30:00", "2026-12-31T23:30:00Z"),
            ("01.01.2027 03:00:00", "2027-01-01T00:00:00Z"),
            ("29.11.2026 00:59:59", "2026-11-28T21:59:59Z"),
            ("15.07.2026 12:00:00", "2026-07-15T09:00:00Z"),
            ("29.02.2028 01:00:00", "2028-02-28T22:00:00Z"),
            ("01.03.2028 02:59:59", "2028-02-29T23:59:59Z"),
            ("29.02.2000 12:00:00", "2000-02-29T09:00:00Z"),
            ("01.01.1970 03:00:00", "1970-01-01T00:00:00Z"),
            ("01.01.1900 00:00:00", "1899-12-31T21:00:00Z"),
            ("31.12.9999 23:59:59", "9999-12-31T20:59:59Z"),
        ])
    func parse(moscow: String, utc: String) throws {
        let date = try #require(LegacyDateFormat.parseMoscow(moscow))
        #expect(date == (try Fixture.utc(utc)))
        #expect(LegacyDateFormat.formatMoscow(date) == moscow)
    }

    @Test(
        "Dates that do not exist or are not in the exact layout are rejected",
        arguments: [
            "31.02.2026 10:00:00", "29.02.2026 10:00:00", "29.02.1900 10:00:00", "31.04.2026 10:00:00",
            "00.01.2026 10:00:00", "01.13.2026 10:00:00", "01.00.2026 10:00:00", "28.11.2026 24:00:00",
            "28.11.2026 23:60:00", "28.11.2026 23:59:60", "01.01.0000 00:00:00", "1.1.2026 10:00:00",
            "28.11.2026T21:00:00", "28.11.2026 21:00", "28.11.2026 21:00:00Z", "2026-11-28T18:00:00Z", "",
            "28.11.2026 21:00:0a", "28/11/2026 21:00:00", "٢٨.11.2026 21:00:00",
        ])
    func invalid(text: String) {
        #expect(LegacyDateFormat.parseMoscow(text) == nil)
    }

    @Test("A bad draw_date is a decoding error at its path naming the value and the reason")
    func decodingError() throws {
        var text = String(decoding: try Fixture.data("game-full"), as: UTF8.self)
        text = text.replacingOccurrences(of: "28.11.2026 21:00:00", with: "31.02.2026 10:00:00")
        let error = Fixture.error { () throws(LegacyAPIError) in
            try LegacyAPIClient.decodeEnvelope(GameInfo.self, from: Data(text.utf8))
        }
        guard case .decoding(let path, let message) = error else {
            Issue.record("expected a decoding error, got \(String(describing: error))")
            return
        }
        #expect(path == "result.last_draw.draw_date")
        #expect(message.contains(#""31.02.2026 10:00:00" is not a valid draw date"#))
        #expect(message.contains("day 31 is out of range 1...28 for month 2 of 2026"))
        #expect(error?.description.contains("result.last_draw.draw_date") == true)
    }

    @Test("Hour 24 names the hour")
    func hour24() throws {
        let json = """
            {"draw_id":"d","game_id":"g","draw_number":1,"draw_date":"28.11.2026 24:00:00","state":"completed",
             "combination":"","bonus":"","prize_pool":null,"super_prize":null,"tickets_sold":0,"categories":[],
             "video":null}
            """
        let error = Fixture.error { () throws(LegacyAPIError) in try Fixture.decodeResult(DrawInfo.self, json: json) }
        guard case .decoding(let path, let message) = error else {
            Issue.record("expected a decoding error, got \(String(describing: error))")
            return
        }
        #expect(path == "result.draw_date")
        #expect(message.contains("hour 24 is out of range 0...23"))
    }

    @Test("Formatting drops fractions of a second and handles instants before 1970")
    func formatting() throws {
        let base = try Fixture.utc("2026-12-31T21:00:00Z")
        #expect(LegacyDateFormat.formatMoscow(base.addingTimeInterval(0.999)) == "01.01.2027 00:00:00")
        #expect(LegacyDateFormat.formatMoscow(base.addingTimeInterval(-0.5)) == "31.12.2026 23:59:59")
        #expect(LegacyDateFormat.formatMoscow(Date(timeIntervalSince1970: -1)) == "01.01.1970 02:59:59")
        #expect(!LegacyDateFormat.formatMoscow(.distantFuture).isEmpty)
        #expect(!LegacyDateFormat.formatMoscow(Date(timeIntervalSince1970: .infinity)).isEmpty)
    }

    @Test("Every day of 1999...2029 round-trips through format and parse")
    func roundTrip() throws {
        let start = try Fixture.utc("1999-01-01T00:00:00Z")
        for day in 0..<(31 * 366) {
            let date = start.addingTimeInterval(TimeInterval(day) * 86_400 + TimeInterval(day % 86_400))
            let text = LegacyDateFormat.formatMoscow(date)
            #expect(LegacyDateFormat.parseMoscow(text) == date, "\(text)")
        }
    }
}
