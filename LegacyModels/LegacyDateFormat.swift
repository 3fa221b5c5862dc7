import Foundation

/// The REST date format: `"dd.MM.yyyy HH:mm:ss"` in Moscow time, which is UTC+3 all year (fixed offset, no DST).
///
/// A small hand-written parser and formatter: no `DateFormatter` (not `Sendable`, slow to create and to use).
/// Dates are whole seconds; years 0001...9999 are accepted by the parser.
public enum LegacyDateFormat {
    /// Moscow's offset from UTC in seconds (+3 hours, no daylight saving time).
    public static let moscowOffsetSeconds: Int64 = 3 * 3600

    /// The pattern, for messages and documentation.
    public static let pattern = "dd.MM.yyyy HH:mm:ss"

    /// Parses `"dd.MM.yyyy HH:mm:ss"` in Moscow time (`"28.11.2026 21:00:00"` is 2026-11-28T18:00:00Z), or
    /// returns `nil` when the string does not have exactly that form or names a date or time that does not exist
    /// (month 13, 31 February, 29 February of a common year, hour 24, minute or second 60).
    public static func parseMoscow(_ string: String) -> Date? {
        try? parseMoscowValidated(string)
    }

    /// Formats an instant as `"dd.MM.yyyy HH:mm:ss"` in Moscow time; fractions of a second are dropped (the
    /// time is rounded down). Instants beyond about ±3 million years from 1970 are clamped to that range.
    public static func formatMoscow(_ date: Date) -> String {
        let limit = 1.0e14
        var interval = date.timeIntervalSince1970.rounded(.down)
        if interval.isNaN {
            interval = 0
        }
        interval = min(max(interval, -limit), limit)
        let seconds = Int64(interval) + moscowOffsetSeconds
        let days = floorDivide(seconds, 86_400)
        let secondOfDay = seconds - days * 86_400
        let (year, month, day) = civil(fromDays: days)
        var bytes: [UInt8] = []
        bytes.reserveCapacity(20)
        appendTwoDigits(Int64(day), to: &bytes)
        bytes.append(UInt8(ascii: "."))
        appendTwoDigits(Int64(month), to: &bytes)
        bytes.append(UInt8(ascii: "."))
        if year < 0 {
            bytes.append(UInt8(ascii: "-"))
        }
        let yearDigits = Array(String(year.magnitude).utf8)
        bytes.append(contentsOf: repeatElement(UInt8(ascii: "0"), count: max(0, 4 - yearDigits.count)))
        bytes.append(contentsOf: yearDigits)
        bytes.append(UInt8(ascii: " "))
        appendTwoDigits(secondOfDay / 3600, to: &bytes)
        bytes.append(UInt8(ascii: ":"))
        appendTwoDigits(secondOfDay / 60 % 60, to: &bytes)
        bytes.append(UInt8(ascii: ":"))
        appendTwoDigits(secondOfDay % 60, to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Parses a REST date, throwing a failure that names the value and what is wrong with it.
    static func parseMoscowValidated(_ string: String) throws(LegacyParseFailure) -> Date {
        func fail(_ reason: String?) -> LegacyParseFailure {
            LegacyParseFailure(
                "\(LegacyScalarParsing.quoted(string)) is not a valid draw date: "
                    + (reason.map { "\($0); " } ?? "")
                    + "expected \"\(pattern)\" in Moscow time, like \"28.11.2026 21:00:00\""
            )
        }
        let split =
            string.utf8.withContiguousStorageIfAvailable(splitFields)
            ?? Array(string.utf8).withUnsafeBufferPointer(splitFields)
        guard let fields = split else {
            throw fail(nil)
        }
        guard (1...9999).contains(fields.year) else {
            throw fail("year \(fields.year) is out of range 1...9999")
        }
        guard (1...12).contains(fields.month) else {
            throw fail("month \(fields.month) is out of range 1...12")
        }
        let monthLength = daysInMonth(fields.month, year: fields.year)
        guard (1...monthLength).contains(fields.day) else {
            throw fail(
                "day \(fields.day) is out of range 1...\(monthLength) for month \(fields.month) of \(fields.year)"
            )
        }
        guard fields.hour < 24 else {
            throw fail("hour \(fields.hour) is out of range 0...23")
        }
        guard fields.minute < 60 else {
            throw fail("minute \(fields.minute) is out of range 0...59")
        }
        guard fields.second < 60 else {
            throw fail("second \(fields.second) is out of range 0...59")
        }
        let dayCount = days(fromYear: fields.year, month: fields.month, day: fields.day)
        let local = dayCount * 86_400 + fields.hour * 3600 + fields.minute * 60 + fields.second
        return Date(timeIntervalSince1970: TimeInterval(local - moscowOffsetSeconds))
    }

    /// The numeric fields of a date string, not yet range-checked.
    private struct Fields {
        var day: Int64
        var month: Int64
        var year: Int64
        var hour: Int64
        var minute: Int64
        var second: Int64
    }

    /// Splits `dd.MM.yyyy HH:mm:ss` into numbers, checking only the layout.
    private static func splitFields(_ bytes: UnsafeBufferPointer<UInt8>) -> Fields? {
        // "dd.MM.yyyy HH:mm:ss": separators at fixed offsets.
        guard bytes.count == 19,
            bytes[2] == UInt8(ascii: "."), bytes[5] == UInt8(ascii: "."), bytes[10] == UInt8(ascii: " "),
            bytes[13] == UInt8(ascii: ":"), bytes[16] == UInt8(ascii: ":")
        else {
            return nil
        }
        func number(_ start: Int, _ length: Int) -> Int64? {
            var value: Int64 = 0
            for index in start..<(start + length) {
                let byte = bytes[index]
                guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else {
                    return nil
                }
                value = value * 10 + Int64(byte - UInt8(ascii: "0"))
            }
            return value
        }
        guard let day = number(0, 2), let month = number(3, 2), let year = number(6, 4),
            let hour = number(11, 2), let minute = number(14, 2), let second = number(17, 2)
        else {
            return nil
        }
        return Fields(day: day, month: month, year: year, hour: hour, minute: minute, second: second)
    }

    private static func isLeapYear(_ year: Int64) -> Bool {
        (year % 4 == 0 && year % 100 != 0) || year % 400 == 0
    }

    private static func daysInMonth(_ month: Int64, year: Int64) -> Int64 {
        switch month {
        case 2: return isLeapYear(year) ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }

    private static func floorDivide(_ value: Int64, _ divisor: Int64) -> Int64 {
        let quotient = value / divisor
        return (value % divisor != 0 && (value < 0) != (divisor < 0)) ? quotient - 1 : quotient
    }

    /// Days since 1970-01-01 of a proleptic Gregorian date (H. Hinnant's `days_from_civil`).
    private static func days(fromYear year: Int64, month: Int64, day: Int64) -> Int64 {
        let y = month <= 2 ? year - 1 : year
        let era = floorDivide(y, 400)
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    /// The proleptic Gregorian date of a day count since 1970-01-01 (H. Hinnant's `civil_from_days`).
    private static func civil(fromDays days: Int64) -> (year: Int64, month: Int64, day: Int64) {
        let z = days + 719_468
        let era = floorDivide(z, 146_097)
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthIndex = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * monthIndex + 2) / 5 + 1
        let month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }

    private static func appendTwoDigits(_ value: Int64, to bytes: inout [UInt8]) {
        bytes.append(UInt8(ascii: "0") + UInt8(truncatingIfNeeded: value / 10 % 10))
        bytes.append(UInt8(ascii: "0") + UInt8(truncatingIfNeeded: value % 10))
    }
}
