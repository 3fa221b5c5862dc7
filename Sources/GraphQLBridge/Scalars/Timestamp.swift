import Foundation

/// An instant with every fractional digit of a second the server sent, down to nanoseconds: Data Connect's
/// `Timestamp`, Protocol Buffers' `Timestamp`, a database's `timestamptz`.
///
/// Read from RFC 3339 text (`"2026-11-28T18:00:00.123456789Z"`; `t`/`z` in lowercase and a numeric offset such as
/// `+03:00` are accepted, as RFC 3339 allows) with at most nine fractional digits; it is written back in UTC with
/// `Z` and as many fractional digits as it was read with, so a value the server sent goes back exactly as sent.
/// Text with ten or more fractional digits, a date that does not exist (`2026-02-30`), a leap second
/// (`23:59:60`, which no instant count can hold) or a year outside 0000...9999 is an error that names the JSON path,
/// never a rounded or nearby instant. `Date`, a `Double`, cannot hold nanoseconds: use ``date`` only where that
/// loss does not matter.
///
/// ```json
/// "scalars": { "Timestamp": "Timestamp" }
/// ```
///
/// Equality, hashing and order are those of the instant: `"…00.5Z"` and `"…00.500Z"` are equal (and each is written
/// back as it was read).
public struct Timestamp: Sendable, Hashable, Comparable, Codable, CustomStringConvertible, LosslessStringConvertible {
    /// Whole seconds since 1970-01-01T00:00:00Z (negative before it).
    public let seconds: Int64
    /// Nanoseconds after ``seconds``, 0...999,999,999.
    public let nanoseconds: Int32
    /// How many fractional digits ``description`` writes, 0...9: as many as the text it was read from had; for a
    /// value made in code, the fewest of 0, 3, 6 or 9 that hold it exactly (as Protocol Buffers' JSON does).
    public let fractionDigits: Int

    /// The seconds of 0000-01-01T00:00:00Z and of 10000-01-01T00:00:00Z (RFC 3339's years).
    static let secondsRange: Range<Int64> = -62_167_219_200..<253_402_300_800

    /// The instant `seconds` + `nanoseconds`; `nil` when `nanoseconds` is outside 0...999,999,999 or the instant is
    /// outside the years 0000...9999.
    public init?(seconds: Int64, nanoseconds: Int32) {
        guard (0..<1_000_000_000).contains(nanoseconds), Self.secondsRange.contains(seconds) else { return nil }
        self.seconds = seconds
        self.nanoseconds = nanoseconds
        var digits = 9
        var rest = nanoseconds
        while digits > 0, rest % 1000 == 0 {
            rest /= 1000
            digits -= 3
        }
        self.fractionDigits = nanoseconds == 0 ? 0 : digits
    }

    /// `date` to the nearest nanosecond that its `Double` holds (about a microsecond near the present); `nil`
    /// outside the years 0000...9999.
    public init?(_ date: Date) {
        let interval = date.timeIntervalSince1970
        guard interval.isFinite else { return nil }
        let whole = interval.rounded(.down)
        guard whole >= Double(Self.secondsRange.lowerBound), whole < Double(Self.secondsRange.upperBound) else {
            return nil
        }
        var seconds = Int64(whole)
        var nanoseconds = Int64(((interval - whole) * 1_000_000_000).rounded())
        if nanoseconds >= 1_000_000_000 {
            seconds += 1
            nanoseconds -= 1_000_000_000
        }
        self.init(seconds: seconds, nanoseconds: Int32(nanoseconds))
    }

    /// Reads RFC 3339 text with at most nine fractional digits; `nil` for anything else.
    public init?(_ description: String) {
        guard let value = try? Timestamp.parse(description) else { return nil }
        self = value
    }

    private init(seconds: Int64, nanoseconds: Int32, fractionDigits: Int) {
        self.seconds = seconds
        self.nanoseconds = nanoseconds
        self.fractionDigits = fractionDigits
    }

    /// The instant as a `Date` (a `Double` of seconds: sub-microsecond digits are rounded away).
    public var date: Date {
        Date(timeIntervalSince1970: Double(seconds) + Double(nanoseconds) / 1_000_000_000)
    }

    /// RFC 3339 in UTC: `"2026-11-28T18:00:00.123456789Z"`, with ``fractionDigits`` fractional digits.
    public var description: String {
        let days = seconds >= 0 ? seconds / 86_400 : (seconds - 86_399) / 86_400
        let secondOfDay = seconds - days * 86_400
        let (year, month, day) = DateTimeScalar.civil(fromDays: days)
        func pad(_ value: Int64, _ width: Int) -> String {
            let text = String(value)
            return text.count >= width ? text : String(repeating: "0", count: width - text.count) + text
        }
        var text =
            pad(year, 4) + "-" + pad(month, 2) + "-" + pad(day, 2) + "T" + pad(secondOfDay / 3600, 2) + ":"
            + pad(secondOfDay % 3600 / 60, 2) + ":" + pad(secondOfDay % 60, 2)
        if fractionDigits > 0 {
            let nine = pad(Int64(nanoseconds), 9)
            text += "." + nine.prefix(fractionDigits)
        }
        return text + "Z"
    }

    /// The same instant.
    public static func == (lhs: Timestamp, rhs: Timestamp) -> Bool {
        lhs.seconds == rhs.seconds && lhs.nanoseconds == rhs.nanoseconds
    }

    /// Hashes the instant.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(seconds)
        hasher.combine(nanoseconds)
    }

    /// Earlier instants first.
    public static func < (lhs: Timestamp, rhs: Timestamp) -> Bool {
        (lhs.seconds, lhs.nanoseconds) < (rhs.seconds, rhs.nanoseconds)
    }

    /// What a ``GraphQLDecodingError`` says a `Timestamp` is.
    static let expected =
        "Timestamp (an RFC 3339 date-time with at most 9 fractional digits, such as \"2026-11-28T18:00:00.123456789Z\")"

    /// Reads `YYYY-MM-DDTHH:MM:SS[.fffffffff](Z|±HH:MM)`, or says why the text is not one.
    static func parse(_ text: String) throws(ScalarTextProblem) -> Timestamp {
        let bytes = Array(text.utf8)
        func number(_ start: Int, _ count: Int) -> Int64? {
            guard start + count <= bytes.count else { return nil }
            var value: Int64 = 0
            for index in start..<(start + count) {
                let digit = bytes[index] &- UInt8(ascii: "0")
                guard digit < 10 else { return nil }
                value = value * 10 + Int64(digit)
            }
            return value
        }
        let shape = ScalarTextProblem(
            reason: "the text is not an RFC 3339 date-time of the form YYYY-MM-DDTHH:MM:SS[.fraction](Z|+HH:MM)")
        guard bytes.count >= 20, let year = number(0, 4), bytes[4] == UInt8(ascii: "-"), let month = number(5, 2),
            bytes[7] == UInt8(ascii: "-"), let day = number(8, 2),
            bytes[10] == UInt8(ascii: "T") || bytes[10] == UInt8(ascii: "t"), let hour = number(11, 2),
            bytes[13] == UInt8(ascii: ":"), let minute = number(14, 2), bytes[16] == UInt8(ascii: ":"),
            let second = number(17, 2)
        else { throw shape }
        guard (1...12).contains(month) else { throw ScalarTextProblem(reason: "there is no month \(month)") }
        let length = DateTimeScalar.daysInMonth(year: year, month: month)
        guard day >= 1, day <= length else {
            throw ScalarTextProblem(reason: "day \(day) does not exist: month \(month) of \(year) has \(length) days")
        }
        guard hour < 24, minute < 60 else {
            throw ScalarTextProblem(reason: "the time \(hour):\(minute) does not exist")
        }
        guard second < 60 else {
            throw ScalarTextProblem(
                reason: second == 60
                    ? "a leap second (:60) cannot be held as a count of seconds; it would become another instant"
                    : "there is no second \(second)")
        }
        var index = 19
        var nanoseconds: Int64 = 0
        var digits = 0
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            index += 1
            while index < bytes.count, bytes[index] &- UInt8(ascii: "0") < 10 {
                if digits < 9 { nanoseconds = nanoseconds * 10 + Int64(bytes[index] - UInt8(ascii: "0")) }
                digits += 1
                index += 1
            }
            guard digits > 0 else { throw shape }
            guard digits <= 9 else {
                throw ScalarTextProblem(
                    reason: "the fraction has \(digits) digits; a Timestamp keeps nanoseconds (at most 9 digits) "
                        + "and would have to round it")
            }
            for _ in digits..<9 { nanoseconds *= 10 }
        }
        guard index < bytes.count else { throw shape }
        var offset: Int64 = 0
        switch bytes[index] {
        case UInt8(ascii: "Z"), UInt8(ascii: "z"):
            guard index + 1 == bytes.count else { throw shape }
        case UInt8(ascii: "+"), UInt8(ascii: "-"):
            guard index + 6 == bytes.count, let hours = number(index + 1, 2), bytes[index + 3] == UInt8(ascii: ":"),
                let minutes = number(index + 4, 2)
            else { throw shape }
            guard hours < 24, minutes < 60 else {
                throw ScalarTextProblem(reason: "the offset \(hours):\(minutes) does not exist")
            }
            offset = (hours * 3600 + minutes * 60) * (bytes[index] == UInt8(ascii: "-") ? -1 : 1)
        default:
            throw shape
        }
        let days = DateTimeScalar.daysFromCivil(year: year, month: month, day: day)
        let seconds = days * 86_400 + hour * 3600 + minute * 60 + second - offset
        guard secondsRange.contains(seconds) else {
            throw ScalarTextProblem(reason: "the instant is outside the years 0000...9999 in UTC")
        }
        return Timestamp(seconds: seconds, nanoseconds: Int32(nanoseconds), fractionDigits: digits)
    }

    /// Decodes RFC 3339 text exactly; any other value is a ``GraphQLDecodingError`` with its path.
    public init(from decoder: any Decoder) throws {
        self = try TextScalarRules.decode(
            from: try decoder.singleValueContainer(), expected: Timestamp.expected, parse: Timestamp.parse)
    }

    /// Encodes ``description``.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(description)
    }
}
