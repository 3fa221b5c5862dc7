import Foundation

/// A calendar date without a time of day or a time zone: a birthday, a draw's date, Data Connect's `Date` scalar.
///
/// Sent and read as exactly `"YYYY-MM-DD"` (`"2026-11-28"`: a four-digit year, a two-digit month and day, of the
/// proleptic Gregorian calendar). Anything else (`"2026-1-1"`, `"2026-02-30"`, a time, a zone) is an error that names
/// the JSON path, never a nearby date. Unlike a `Date` (an instant), it is the same day everywhere: it becomes an
/// instant only when you name a time zone (``startOfDay(in:)``).
///
/// ```json
/// "scalars": { "Date": "LocalDate" }
/// ```
///
/// ```swift
/// let day = LocalDate(year: 2026, month: 11, day: 28)      // Optional: nil for a date that does not exist
/// LocalDate("2026-11-28")?.description                     // "2026-11-28"
/// LocalDate(Date(), in: TimeZone(identifier: "Europe/Moscow")!)   // today in Moscow
/// ```
public struct LocalDate: Sendable, Hashable, Comparable, Codable, CustomStringConvertible, LosslessStringConvertible {
    /// The year, 0...9999.
    public let year: Int
    /// The month, 1...12.
    public let month: Int
    /// The day of the month, 1...31 (at most the month's length).
    public let day: Int

    /// The date, or `nil` when it does not exist (February 30th, month 13) or its year is outside 0...9999.
    public init?(year: Int, month: Int, day: Int) {
        guard (0...9999).contains(year), (1...12).contains(month), day >= 1,
            day <= DateTimeScalar.daysInMonth(year: Int64(year), month: Int64(month))
        else { return nil }
        self.year = year
        self.month = month
        self.day = day
    }

    /// Reads `"YYYY-MM-DD"`; `nil` for any other text.
    public init?(_ description: String) {
        guard let date = try? LocalDate.parse(description) else { return nil }
        self = date
    }

    /// The day `date` falls on in `timeZone`; `nil` when its year is outside 0...9999.
    public init?(_ date: Date, in timeZone: TimeZone) {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        let parts = calendar.dateComponents([.era, .year, .month, .day], from: date)
        guard let era = parts.era, let year = parts.year, let month = parts.month, let day = parts.day else {
            return nil
        }
        // The Gregorian calendar counts years before 1 AD backwards, in era 0 (1 BC is year 0 here).
        self.init(year: era == 0 ? 1 - year : year, month: month, day: day)
    }

    /// The first instant of the day in `timeZone` (midnight, or the first time that exists where a clock change
    /// skips midnight); `nil` only when the calendar cannot place it.
    public func startOfDay(in timeZone: TimeZone) -> Date? {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        // Noon exists on every day (clock changes happen at night); its day's start is the answer.
        let noon = DateComponents(
            era: year >= 1 ? 1 : 0, year: year >= 1 ? year : 1 - year, month: month, day: day, hour: 12)
        guard let noon = calendar.date(from: noon) else { return nil }
        return calendar.startOfDay(for: noon)
    }

    /// Days since 1970-01-01 (negative before it).
    public var daysSince1970: Int {
        Int(DateTimeScalar.daysFromCivil(year: Int64(year), month: Int64(month), day: Int64(day)))
    }

    /// `"YYYY-MM-DD"`.
    public var description: String {
        var text = String(year)
        if text.count < 4 { text = String(repeating: "0", count: 4 - text.count) + text }
        return text + (month < 10 ? "-0" : "-") + String(month) + (day < 10 ? "-0" : "-") + String(day)
    }

    /// Earlier dates first.
    public static func < (lhs: LocalDate, rhs: LocalDate) -> Bool {
        (lhs.year, lhs.month, lhs.day) < (rhs.year, rhs.month, rhs.day)
    }

    /// What a ``GraphQLDecodingError`` says a `LocalDate` is.
    static let expected = "LocalDate (a calendar date written \"YYYY-MM-DD\", such as \"2026-11-28\")"

    /// Reads exactly `"YYYY-MM-DD"`, or says why the text is not a date.
    static func parse(_ text: String) throws(ScalarTextProblem) -> LocalDate {
        let bytes = Array(text.utf8)
        func number(_ range: Range<Int>) -> Int? {
            var value = 0
            for index in range {
                let digit = bytes[index] &- UInt8(ascii: "0")
                guard digit < 10 else { return nil }
                value = value * 10 + Int(digit)
            }
            return value
        }
        guard bytes.count == 10, bytes[4] == UInt8(ascii: "-"), bytes[7] == UInt8(ascii: "-"),
            let year = number(0..<4), let month = number(5..<7), let day = number(8..<10)
        else {
            throw ScalarTextProblem(
                reason: "the text is not of the form YYYY-MM-DD (a four-digit year, then a two-digit month and day, "
                    + "nothing else)")
        }
        guard (1...12).contains(month) else {
            throw ScalarTextProblem(reason: "there is no month \(month)")
        }
        let length = Int(DateTimeScalar.daysInMonth(year: Int64(year), month: Int64(month)))
        guard let date = LocalDate(year: year, month: month, day: day) else {
            throw ScalarTextProblem(reason: "day \(day) does not exist: month \(month) of \(year) has \(length) days")
        }
        return date
    }

    /// Decodes `"YYYY-MM-DD"` exactly; any other value is a ``GraphQLDecodingError`` with its path.
    public init(from decoder: any Decoder) throws {
        self = try TextScalarRules.decode(
            from: try decoder.singleValueContainer(), expected: LocalDate.expected, parse: LocalDate.parse)
    }

    /// Encodes `"YYYY-MM-DD"`.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(description)
    }
}
