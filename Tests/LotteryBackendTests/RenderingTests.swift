import Foundation
import GraphQLServer
import Testing

@testable import LotteryBackend

@Suite("Rendering")
struct RenderingTests {
    @Test(
        "Money: minor units to major units with two decimals, by integer arithmetic",
        arguments: [
            (Int64(10_000), "100.00"), (5, "0.05"), (0, "0.00"), (99, "0.99"), (100, "1.00"),
            (12_345_678_950, "123456789.50"),
            (Int64.max, "92233720368547758.07"), (-5, "-0.05"), (-12_345, "-123.45"),
            (Int64.min, "-92233720368547758.08"),
        ])
    func money(minor: Int64, expected: String) {
        #expect(MoneyFormatter.majorUnits(fromMinor: minor) == expected)
    }

    @Test(
        "Dates: UTC in, RFC 3339 and Moscow time (UTC+3) out",
        arguments: [
            ("2026-11-28T18:00:00Z", "28.11.2026 21:00:00"),
            ("2026-11-28T21:30:05Z", "29.11.2026 00:30:05"),
            ("2026-12-31T21:00:00Z", "01.01.2027 00:00:00"),
            ("2024-02-28T22:00:00Z", "29.02.2024 01:00:00"),
            ("2023-02-28T22:00:00Z", "01.03.2023 01:00:00"),
            ("1970-01-01T00:00:00Z", "01.01.1970 03:00:00"),
            ("1969-12-31T20:59:59Z", "31.12.1969 23:59:59"),
            ("2100-02-28T21:00:00Z", "01.03.2100 00:00:00"),
        ])
    func dates(utc: String, moscow: String) throws {
        let timestamp = try #require(UTCTimestamp(rfc3339: utc))
        #expect(timestamp.rfc3339 == utc)
        #expect(timestamp.moscowString == moscow)
        // Cross-check with Foundation.
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(secondsFromGMT: 3 * 3_600)
        formatter.dateFormat = "dd.MM.yyyy HH:mm:ss"
        #expect(formatter.string(from: Date(timeIntervalSince1970: TimeInterval(timestamp.secondsSince1970))) == moscow)
    }

    @Test(
        "Invalid dates are rejected",
        arguments: [
            "2026-02-29T00:00:00Z", "2026-13-01T00:00:00Z", "2026-11-28T24:00:00Z", "2026-11-28T18:00:00",
            "2026-11-28 18:00:00Z", "2026-11-28T18:00:60Z", "26-11-28T18:00:00Z", "2026-11-28T18:00:00+03:00", "",
        ])
    func invalidDates(text: String) {
        #expect(UTCTimestamp(rfc3339: text) == nil)
    }

    @Test("A fraction of a second is accepted and dropped")
    func fraction() {
        #expect(UTCTimestamp(rfc3339: "2026-11-28T18:00:00.250Z")?.rfc3339 == "2026-11-28T18:00:00Z")
    }
}
