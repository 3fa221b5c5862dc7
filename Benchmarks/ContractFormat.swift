/// The contract's representations of values, written independently of the library (so that the
/// correctness check compares the library against a second implementation, not against itself).
enum ContractFormat {
    /// Moscow is UTC+3 all year.
    static let moscowOffsetSeconds: Int64 = 3 * 3600

    /// REST money: minor units to a decimal string of major units with exactly two decimals, by integer
    /// arithmetic (`10000` -> `"100.00"`, `5` -> `"0.05"`, `Int64.max` -> `"92233720368547758.07"`).
    static func restMoney(minorUnits: Int64) -> String {
        let magnitude = minorUnits.magnitude
        let whole = magnitude / 100
        let cents = magnitude % 100
        return (minorUnits < 0 ? "-" : "") + String(whole) + "." + (cents < 10 ? "0" : "") + String(cents)
    }

    /// REST draw date: `"dd.MM.yyyy HH:mm:ss"` in Moscow time.
    static func restDate(unixSeconds: Int64) -> String {
        let (year, month, day, hour, minute, second) = civil(unixSeconds + moscowOffsetSeconds)
        return pad(day, 2) + "." + pad(month, 2) + "." + pad(year, 4) + " " + pad(hour, 2) + ":" + pad(minute, 2)
            + ":" + pad(second, 2)
    }

    /// GraphQL `DateTime`: RFC 3339 in UTC with a literal `Z`.
    static func graphQLDate(unixSeconds: Int64) -> String {
        let (year, month, day, hour, minute, second) = civil(unixSeconds)
        return pad(year, 4) + "-" + pad(month, 2) + "-" + pad(day, 2) + "T" + pad(hour, 2) + ":" + pad(minute, 2)
            + ":" + pad(second, 2) + "Z"
    }

    /// REST number lists: comma-joined in drawn order, `""` when empty.
    static func restNumberList(_ numbers: [Int]) -> String {
        numbers.map(String.init).joined(separator: ",")
    }

    /// The calendar fields of an instant (seconds since 1970 in some zone), proleptic Gregorian.
    private static func civil(_ seconds: Int64) -> (Int64, Int64, Int64, Int64, Int64, Int64) {
        var days = seconds / 86_400
        var secondOfDay = seconds % 86_400
        if secondOfDay < 0 {
            secondOfDay += 86_400
            days -= 1
        }
        // H. Hinnant's civil_from_days.
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthIndex = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * monthIndex + 2) / 5 + 1
        let month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9
        let year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
        return (year, month, day, secondOfDay / 3600, secondOfDay / 60 % 60, secondOfDay % 60)
    }

    private static func pad(_ value: Int64, _ width: Int) -> String {
        let text = String(value)
        return text.count >= width ? text : String(repeating: "0", count: width - text.count) + text
    }
}
