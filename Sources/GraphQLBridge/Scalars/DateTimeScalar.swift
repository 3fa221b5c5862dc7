import Foundation

/// The rules of the `DateTime` scalar: RFC 3339 in UTC with a literal `Z`, with or without fractional
/// seconds (`"2026-11-28T18:00:00Z"`, `"2026-11-28T18:00:00.250Z"`). A numeric offset (`+03:00`) is
/// accepted too, since RFC 3339 allows it; output always uses `Z`.
///
/// Parsing is by hand over UTF-8 (no `DateFormatter`, which is neither `Sendable` nor fast) and checks
/// every field's range, including the day of the month in leap years. A leap second (`23:59:60Z`) is accepted
/// and reads as `23:59:59`, since `Date` has none.
public enum DateTimeScalar {
    /// Parses an RFC 3339 date-time; `nil` when the text is not one.
    public static func parse(_ text: String) -> Date? {
        var text = text
        return text.withUTF8 { parse(utf8: $0) }
    }

    /// Formats a date as RFC 3339 in UTC: `"2026-11-28T18:00:00Z"`, with milliseconds when the date has any.
    ///
    /// A year outside RFC 3339's 0000...9999 is written in ISO 8601's expanded form, with a sign and at least four
    /// digits (`"+10000-01-01T00:00:00Z"`, `"-0001-12-31T00:00:00Z"`), which ``parse(_:)`` reads back. Dates
    /// beyond ±100 million years (and non-finite ones) are written as the nearest of those bounds.
    public static func format(_ date: Date) -> String {
        let limit = 3_155_695_200_000_000.0  // about 100 million years, in seconds
        var interval = date.timeIntervalSince1970
        if !interval.isFinite { interval = interval < 0 ? -limit : limit }
        interval = min(max(interval, -limit), limit)
        var seconds = Int64(interval.rounded(.down))
        var millis = Int64(((interval - Double(seconds)) * 1000).rounded())
        if millis == 1000 {
            seconds += 1
            millis = 0
        }
        let days = floorDiv(seconds, 86_400)
        let secondOfDay = seconds - days * 86_400
        let (year, month, day) = civil(fromDays: days)
        let hour = secondOfDay / 3600
        let minute = (secondOfDay % 3600) / 60
        let second = secondOfDay % 60
        var result: String
        if year < 0 {
            result = "-" + pad(-year, 4)
        } else if year > 9999 {
            result = "+" + pad(year, 4)
        } else {
            result = pad(year, 4)
        }
        result += "-" + pad(month, 2) + "-" + pad(day, 2)
        result += "T" + pad(hour, 2) + ":" + pad(minute, 2) + ":" + pad(second, 2)
        if millis != 0 { result += "." + pad(millis, 3) }
        return result + "Z"
    }

    static func parse(utf8 full: UnsafeBufferPointer<UInt8>) -> Date? {
        // [±]yyyy[y...]-MM-ddTHH:mm:ss[.f+](Z|±hh:mm); a sign (ISO 8601's expanded years) is what `format` writes
        // for years outside 0000...9999.
        var yearSign: Int64 = 1
        var yearDigits = 0
        var start = 0
        if let first = full.first, first == UInt8(ascii: "+") || first == UInt8(ascii: "-") {
            yearSign = first == UInt8(ascii: "-") ? -1 : 1
            start = 1
        }
        while start + yearDigits < full.count, full[start + yearDigits] >= 48, full[start + yearDigits] <= 57 {
            yearDigits += 1
        }
        // Four digits without a sign; with one, four to nine (about ±1 billion years stays far inside Int64).
        guard yearDigits >= 4, yearDigits <= (start == 0 ? 4 : 9) else { return nil }
        var year: Int64 = 0
        for index in start..<(start + yearDigits) { year = year * 10 + Int64(full[index] - 48) }
        year *= yearSign
        let offset = start + yearDigits - 4
        let bytes = UnsafeBufferPointer(rebasing: full[offset...])
        guard bytes.count >= 20 else { return nil }
        func digits(_ start: Int, _ count: Int) -> Int64? {
            var value: Int64 = 0
            for index in start..<(start + count) {
                let byte = bytes[index]
                guard byte >= 48, byte <= 57 else { return nil }
                value = value * 10 + Int64(byte - 48)
            }
            return value
        }
        guard bytes[4] == UInt8(ascii: "-"), let month = digits(5, 2),
            bytes[7] == UInt8(ascii: "-"), let day = digits(8, 2),
            bytes[10] == UInt8(ascii: "T") || bytes[10] == UInt8(ascii: "t"),
            let hour = digits(11, 2), bytes[13] == UInt8(ascii: ":"), let minute = digits(14, 2),
            bytes[16] == UInt8(ascii: ":"), var second = digits(17, 2)
        else { return nil }
        // 60 is a leap second (RFC 3339 allows it; checked against the UTC time below).
        guard (1...12).contains(month), day >= 1, day <= daysInMonth(year: year, month: month), hour < 24,
            minute < 60, second <= 60
        else { return nil }
        var index = 19
        var fraction = 0.0
        if bytes[index] == UInt8(ascii: ".") {
            index += 1
            var scale = 0.1
            let start = index
            while index < bytes.count, bytes[index] >= 48, bytes[index] <= 57 {
                fraction += Double(bytes[index] - 48) * scale
                scale /= 10
                index += 1
            }
            guard index > start else { return nil }
        }
        guard index < bytes.count else { return nil }
        var offsetSeconds: Int64 = 0
        let zone = bytes[index]
        if zone == UInt8(ascii: "Z") || zone == UInt8(ascii: "z") {
            guard index + 1 == bytes.count else { return nil }
        } else if zone == UInt8(ascii: "+") || zone == UInt8(ascii: "-") {
            guard index + 6 == bytes.count, let offsetHours = digits(index + 1, 2),
                bytes[index + 3] == UInt8(ascii: ":"), let offsetMinutes = digits(index + 4, 2),
                offsetHours < 24, offsetMinutes < 60
            else { return nil }
            offsetSeconds = (offsetHours * 3600 + offsetMinutes * 60) * (zone == UInt8(ascii: "-") ? -1 : 1)
        } else {
            return nil
        }
        if second == 60 {
            // A leap second is the last second of a UTC day (23:59:60Z, or the same instant at an offset). `Date`
            // has no leap seconds: it reads as the second before, 23:59:59 (with its fraction).
            let utcMinuteOfDay = ((hour * 60 + minute - offsetSeconds / 60) % 1440 + 1440) % 1440
            guard utcMinuteOfDay == 1439, offsetSeconds % 60 == 0 else { return nil }
            second = 59
        }
        let days = daysFromCivil(year: year, month: month, day: day)
        let seconds = days * 86_400 + hour * 3600 + minute * 60 + second - offsetSeconds
        return Date(timeIntervalSince1970: Double(seconds) + fraction)
    }

    static func daysInMonth(year: Int64, month: Int64) -> Int64 {
        switch month {
        case 2: return (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }

    /// Days since 1970-01-01 of a proleptic Gregorian date (H. Hinnant's algorithm).
    static func daysFromCivil(year: Int64, month: Int64, day: Int64) -> Int64 {
        let y = month <= 2 ? year - 1 : year
        let era = floorDiv(y, 400)
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    static func civil(fromDays days: Int64) -> (year: Int64, month: Int64, day: Int64) {
        let z = days + 719_468
        let era = floorDiv(z, 146_097)
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let mp = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * mp + 2) / 5 + 1
        let month = mp < 10 ? mp + 3 : mp - 9
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }

    private static func floorDiv(_ a: Int64, _ b: Int64) -> Int64 {
        a >= 0 ? a / b : (a - b + 1) / b
    }

    private static func pad(_ value: Int64, _ width: Int) -> String {
        let text = String(value)
        return text.count >= width ? text : String(repeating: "0", count: width - text.count) + text
    }
}

extension Date: GraphQLScalarDecodable {
    /// Decodes a ``DateTime`` from an RFC 3339 string.
    public static func decodeScalar<Key: CodingKey>(from container: KeyedDecodingContainer<Key>, forKey key: Key)
        throws -> Date
    {
        // The coding path is built only for an error: building it costs more than decoding the value.
        try check(
            try decodeString(container.codingPath + [key]) { try container.decode(String.self, forKey: key) },
            container.codingPath + [key])
    }

    /// Decodes a ``DateTime`` from an RFC 3339 string.
    public static func decodeScalar(from container: inout any UnkeyedDecodingContainer) throws -> Date {
        // The element's index before it is consumed; the path is built only for an error.
        let index = container.currentIndex
        func path() -> [any CodingKey] {
            container.codingPath + [GraphQLCodingKey(intValue: index) ?? GraphQLCodingKey("?")]
        }
        var copy = container
        let text = try decodeString(path()) { try copy.decode(String.self) }
        container = copy
        return try check(text, path())
    }

    /// Decodes a ``DateTime`` from an RFC 3339 string.
    public static func decodeScalar(from container: any SingleValueDecodingContainer) throws -> Date {
        try check(try decodeString(container.codingPath) { try container.decode(String.self) }, container.codingPath)
    }

    private static let expected = "DateTime (an RFC 3339 string in UTC such as \"2026-11-28T18:00:00Z\")"

    private static func decodeString(_ path: @autoclosure () -> [any CodingKey], _ decode: () throws -> String)
        throws -> String
    {
        do {
            return try decode()
        } catch let error as DecodingError {
            throw GraphQLDecodingError(codingPath: path(), expected: expected, underlying: error)
        }
    }

    private static func check(_ text: String, _ path: @autoclosure () -> [any CodingKey]) throws -> Date {
        guard let date = DateTimeScalar.parse(text) else {
            throw GraphQLDecodingError(
                codingPath: path(), expected: expected, found: "\"\(text)\"",
                reason: "the string is not an RFC 3339 date-time with a valid date and time")
        }
        return date
    }
}

extension String: GraphQLScalarDecodable {
    /// Decodes a string; as ``GraphQLID`` also accepts a JSON integer (its decimal digits).
    public static func decodeScalar<Key: CodingKey>(from container: KeyedDecodingContainer<Key>, forKey key: Key)
        throws -> String
    {
        do {
            return try container.decode(String.self, forKey: key)
        } catch let error as DecodingError {
            if let number = try? container.decode(Int64.self, forKey: key),
                let exact = try? LongScalar.checkExact(
                    number, codingPath: container.codingPath + [key],
                    decimal: { try container.decode(Decimal.self, forKey: key) })
            {
                return String(exact)
            }
            throw GraphQLDecodingError(
                codingPath: container.codingPath + [key], expected: "ID (a string or an integer)", underlying: error)
        }
    }

    /// Decodes a string; as ``GraphQLID`` also accepts a JSON integer (its decimal digits).
    public static func decodeScalar(from container: inout any UnkeyedDecodingContainer) throws -> String {
        var copy = container
        if let text = try? copy.decode(String.self) {
            container = copy
            return text
        }
        let path = container.codingPath + [GraphQLCodingKey(intValue: container.currentIndex) ?? GraphQLCodingKey("?")]
        var probeNumber = container
        var probeExact = container
        do {
            let number = try probeNumber.decode(Int64.self)
            guard
                (try? LongScalar.checkExact(number, codingPath: path, decimal: { try probeExact.decode(Decimal.self) }))
                    != nil
            else {
                throw GraphQLDecodingError(
                    codingPath: path, expected: "ID (a string or an integer)", found: nil,
                    reason: "the number is not a whole number")
            }
            container = probeNumber
            return String(number)
        } catch let error as DecodingError {
            throw GraphQLDecodingError(codingPath: path, expected: "ID (a string or an integer)", underlying: error)
        } catch let error as GraphQLDecodingError {
            throw error
        } catch {
            // Foundation throws its own (non-`DecodingError`) error for a fractional or out-of-range number.
            throw GraphQLDecodingError(
                codingPath: path, expected: "ID (a string or an integer)", found: nil,
                reason: "the number is not an integer within Int64")
        }
    }

    /// Decodes a string; as ``GraphQLID`` also accepts a JSON integer (its decimal digits).
    public static func decodeScalar(from container: any SingleValueDecodingContainer) throws -> String {
        do {
            return try container.decode(String.self)
        } catch let error as DecodingError {
            if let number = try? container.decode(Int64.self),
                let exact = try? LongScalar.checkExact(
                    number, codingPath: container.codingPath, decimal: { try container.decode(Decimal.self) })
            {
                return String(exact)
            }
            throw GraphQLDecodingError(
                codingPath: container.codingPath, expected: "ID (a string or an integer)", underlying: error)
        }
    }
}
