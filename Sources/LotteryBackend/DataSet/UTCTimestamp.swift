/// An instant with one-second precision, parsed from and rendered to the contract's date formats
/// with integer arithmetic only (no `DateFormatter`, no time zone database).
public struct UTCTimestamp: Hashable, Comparable, Sendable, CustomStringConvertible {
    /// Seconds since 1970-01-01T00:00:00Z.
    public let secondsSince1970: Int64

    /// Creates a timestamp from seconds since the Unix epoch.
    public init(secondsSince1970: Int64) {
        self.secondsSince1970 = secondsSince1970
    }

    /// Parses `yyyy-MM-ddTHH:mm:ssZ` (an optional fraction of a second, `.SSS`, is accepted and dropped).
    /// Returns `nil` for anything else, including out-of-range fields such as `2026-02-30`.
    public init?(rfc3339 text: String) {
        let bytes = Array(text.utf8)
        guard bytes.count >= 20, bytes[4] == UInt8(ascii: "-"), bytes[7] == UInt8(ascii: "-"),
            bytes[10] == UInt8(ascii: "T"), bytes[13] == UInt8(ascii: ":"), bytes[16] == UInt8(ascii: ":"),
            bytes.last == UInt8(ascii: "Z")
        else { return nil }
        func number(_ range: Range<Int>) -> Int64? {
            var value: Int64 = 0
            for index in range {
                let byte = bytes[index]
                guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { return nil }
                value = value * 10 + Int64(byte - UInt8(ascii: "0"))
            }
            return value
        }
        if bytes.count > 20 {
            // A fraction: ".d+" between the seconds and the "Z".
            guard bytes[19] == UInt8(ascii: "."), bytes.count > 21, number(20..<(bytes.count - 1)) != nil else {
                return nil
            }
        }
        guard let year = number(0..<4), let month = number(5..<7), let day = number(8..<10),
            let hour = number(11..<13), let minute = number(14..<16), let second = number(17..<19),
            (1...12).contains(month), day >= 1, day <= UTCTimestamp.daysInMonth(year: year, month: month),
            hour < 24, minute < 60, second < 60
        else { return nil }
        let days = UTCTimestamp.daysFromCivil(year: year, month: month, day: day)
        secondsSince1970 = days * 86_400 + hour * 3_600 + minute * 60 + second
    }

    /// The GraphQL `DateTime`: `yyyy-MM-ddTHH:mm:ssZ` in UTC.
    public var rfc3339: String {
        let parts = civil(offsetSeconds: 0)
        return "\(pad(parts.year, 4))-\(pad(parts.month, 2))-\(pad(parts.day, 2))T"
            + "\(pad(parts.hour, 2)):\(pad(parts.minute, 2)):\(pad(parts.second, 2))Z"
    }

    /// The REST `draw_date`: `dd.MM.yyyy HH:mm:ss` in Moscow time (UTC+3 all year).
    public var moscowString: String {
        let parts = civil(offsetSeconds: 3 * 3_600)
        return "\(pad(parts.day, 2)).\(pad(parts.month, 2)).\(pad(parts.year, 4)) "
            + "\(pad(parts.hour, 2)):\(pad(parts.minute, 2)):\(pad(parts.second, 2))"
    }

    /// The RFC 3339 form.
    public var description: String { rfc3339 }

    /// Orders by instant.
    public static func < (lhs: UTCTimestamp, rhs: UTCTimestamp) -> Bool {
        lhs.secondsSince1970 < rhs.secondsSince1970
    }

    private struct Civil {
        var year: Int64, month: Int64, day: Int64, hour: Int64, minute: Int64, second: Int64
    }

    private func civil(offsetSeconds: Int64) -> Civil {
        let (total, overflow) = secondsSince1970.addingReportingOverflow(offsetSeconds)
        let seconds = overflow ? secondsSince1970 : total
        var days = seconds / 86_400
        var rest = seconds % 86_400
        if rest < 0 {
            rest += 86_400
            days -= 1
        }
        let date = UTCTimestamp.civilFromDays(days)
        return Civil(
            year: date.year, month: date.month, day: date.day,
            hour: rest / 3_600, minute: rest % 3_600 / 60, second: rest % 60)
    }

    private func pad(_ value: Int64, _ width: Int) -> String {
        let digits = String(value.magnitude)
        let padded = digits.count < width ? String(repeating: "0", count: width - digits.count) + digits : digits
        return value < 0 ? "-" + padded : padded
    }

    private static func isLeap(_ year: Int64) -> Bool {
        (year % 4 == 0 && year % 100 != 0) || year % 400 == 0
    }

    private static func daysInMonth(year: Int64, month: Int64) -> Int64 {
        switch month {
        case 2: return isLeap(year) ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }

    /// Days since 1970-01-01 of a proleptic Gregorian date (H. Hinnant's algorithm).
    private static func daysFromCivil(year: Int64, month: Int64, day: Int64) -> Int64 {
        let shiftedYear = month <= 2 ? year - 1 : year
        let era = (shiftedYear >= 0 ? shiftedYear : shiftedYear - 399) / 400
        let yearOfEra = shiftedYear - era * 400
        let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    private static func civilFromDays(_ daysSinceEpoch: Int64) -> (year: Int64, month: Int64, day: Int64) {
        let days = daysSinceEpoch + 719_468
        let era = (days >= 0 ? days : days - 146_096) / 146_097
        let dayOfEra = days - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1_460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthIndex = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * monthIndex + 2) / 5 + 1
        let month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9
        let year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
        return (year, month, day)
    }
}
