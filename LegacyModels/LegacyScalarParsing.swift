import Foundation

/// Parsers for the REST payloads' string-encoded scalars (integers, number lists, URLs).
///
/// Money lives in `LegacyMoney`, dates in `LegacyDateFormat`. Every parser is strict: it accepts exactly what
/// the contract describes and reports anything else with a message that names the value.
enum LegacyScalarParsing {
    /// Longest part of a bad value repeated in an error message.
    static let maxQuotedLength = 64

    /// The value as a quoted Swift string literal (escapes included), shortened when very long.
    static func quoted(_ value: String) -> String {
        if value.count <= maxQuotedLength {
            return String(reflecting: value)
        }
        return String(reflecting: String(value.prefix(maxQuotedLength))) + "… (\(value.utf8.count) bytes)"
    }

    /// Parses a decimal integer string: an optional `-` then one or more ASCII digits, nothing else
    /// (no `+`, spaces, fraction or exponent), within the range of `T`.
    static func parseInteger<T: FixedWidthInteger & SignedInteger>(
        _ string: String,
        as type: T.Type = T.self
    ) throws(LegacyParseFailure) -> T {
        var utf8 = string.utf8[...]
        let negative = utf8.first == UInt8(ascii: "-")
        if negative {
            utf8 = utf8.dropFirst()
        }
        guard !utf8.isEmpty, utf8.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }) else {
            throw LegacyParseFailure(
                "\(quoted(string)) is not a decimal integer: expected ASCII digits with an optional leading \"-\" "
                    + "(no \"+\", spaces, fraction or exponent), like \"9007199254740993\""
            )
        }
        // Accumulate as a negative number so that T.min is reachable.
        var value: T = 0
        for byte in utf8 {
            let (times10, overflow1) = value.multipliedReportingOverflow(by: 10)
            let (next, overflow2) = times10.subtractingReportingOverflow(T(byte - UInt8(ascii: "0")))
            guard !overflow1, !overflow2 else {
                throw outOfRange(string, T.self)
            }
            value = next
        }
        if negative {
            return value
        }
        let (positive, overflow) = T(0).subtractingReportingOverflow(value)
        guard !overflow else {
            throw outOfRange(string, T.self)
        }
        return positive
    }

    private static func outOfRange<T: FixedWidthInteger>(_ string: String, _ type: T.Type) -> LegacyParseFailure {
        LegacyParseFailure(
            "\(quoted(string)) is out of range: expected a decimal integer in \(T.min)...\(T.max)"
        )
    }

    /// Parses a comma-separated list of non-negative decimal numbers in drawn order, `"4,8,15"`; `""` is `[]`.
    static func parseNumberList(_ string: String) throws(LegacyParseFailure) -> [Int] {
        if string.isEmpty {
            return []
        }
        var result: [Int] = []
        var current = 0
        var digits = 0
        var element = 1
        func fail(_ reason: String) -> LegacyParseFailure {
            LegacyParseFailure(
                "\(quoted(string)) is not a number list: \(reason); expected comma-separated decimal numbers "
                    + "without spaces like \"4,8,15\", or \"\" when there are none"
            )
        }
        for byte in string.utf8 {
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"):
                let (times10, overflow1) = current.multipliedReportingOverflow(by: 10)
                let (next, overflow2) = times10.addingReportingOverflow(Int(byte - UInt8(ascii: "0")))
                guard !overflow1, !overflow2 else {
                    throw fail("element \(element) is too large")
                }
                current = next
                digits += 1
            case UInt8(ascii: ","):
                guard digits > 0 else {
                    throw fail("element \(element) is empty")
                }
                result.append(current)
                current = 0
                digits = 0
                element += 1
            default:
                throw fail("element \(element) contains a character that is not a digit or a comma")
            }
        }
        guard digits > 0 else {
            throw fail("element \(element) is empty")
        }
        result.append(current)
        return result
    }

    /// Parses an absolute URL (it must have a scheme) without repairing invalid characters.
    static func parseURL(_ string: String) throws(LegacyParseFailure) -> URL {
        guard let url = URL(string: string, encodingInvalidCharacters: false),
            let scheme = url.scheme, !scheme.isEmpty
        else {
            throw LegacyParseFailure(
                "\(quoted(string)) is not a valid URL: expected an absolute URL like \"https://cdn.example/6x45.png\""
            )
        }
        return url
    }
}
