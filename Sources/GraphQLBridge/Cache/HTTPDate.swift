import Foundation

/// An HTTP-date (RFC 9110 §5.6.7), as `Date` and `Expires` give it: the preferred IMF-fixdate
/// (`Sun, 06 Nov 1994 08:49:37 GMT`) and the two obsolete forms recipients must accept, RFC 850
/// (`Sunday, 06-Nov-94 08:49:37 GMT`) and asctime (`Sun Nov  6 08:49:37 1994`).
enum HTTPDate {
    private static let months = ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"]

    /// The date `text` gives; `nil` when it is not an HTTP-date.
    static func parse(_ text: String) -> Date? {
        let tokens = text.split { $0 == " " || $0 == "," || $0 == "-" }.map { $0.lowercased() }
        let (dayText, monthText, yearText, timeText): (String, String, String, String)
        if tokens.count == 6, tokens[5] == "gmt" {
            (dayText, monthText, yearText, timeText) = (tokens[1], tokens[2], tokens[3], tokens[4])
        } else if tokens.count == 5 {
            (monthText, dayText, timeText, yearText) = (tokens[1], tokens[2], tokens[3], tokens[4])
        } else {
            return nil
        }
        let clock = timeText.split(separator: ":", omittingEmptySubsequences: false)
        guard let month = months.firstIndex(of: monthText), let day = number(dayText), (1...31).contains(day),
            var year = number(yearText), yearText.count == 2 || yearText.count == 4, clock.count == 3,
            let hour = number(clock[0]), let minute = number(clock[1]), let second = number(clock[2]),
            hour < 24, minute < 60, second < 61
        else { return nil }
        // RFC 850's two-digit year: the century that puts it at most 50 years ahead (RFC 9110 §5.6.7), as of 2000.
        if yearText.count == 2 { year += year < 50 ? 2000 : 1900 }
        let days = daysSince1970(year: year, month: month + 1, day: day)
        return Date(timeIntervalSince1970: TimeInterval(((days * 24 + hour) * 60 + minute) * 60 + second))
    }

    /// Digits only, as a number.
    private static func number(_ text: some StringProtocol) -> Int? {
        guard !text.isEmpty, text.count <= 4, text.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) else { return nil }
        return Int(text)
    }

    /// The days from 1970-01-01 to a date of the proleptic Gregorian calendar (Howard Hinnant's `days_from_civil`).
    private static func daysSince1970(year: Int, month: Int, day: Int) -> Int {
        let shifted = month <= 2 ? year - 1 : year
        let era = (shifted >= 0 ? shifted : shifted - 399) / 400
        let yearOfEra = shifted - era * 400
        let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }
}
