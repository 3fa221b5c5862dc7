import Foundation

/// The REST representation of money: a decimal string of major units with exactly two decimals (`"100.00"`,
/// `"0.05"`, `"-12.34"`), and its exact conversions to and from `Decimal`.
///
/// No conversion goes through `Double`: amounts are exact up to 38 significant digits (well beyond
/// `"92233720368547758.07"`, the largest amount GraphQL's `Long` minor units can carry).
public enum LegacyMoney {
    /// The most significant digits a `Decimal` holds exactly.
    public static let maxSignificantDigits = 38

    /// Parses a REST money string (optional `-`, one or more digits, `.`, exactly two digits) to an exact
    /// `Decimal`, or returns `nil` when the string does not have that form.
    public static func parse(_ string: String) -> Decimal? {
        try? parseValidated(string)
    }

    /// The amount of `minorUnits` hundredths (kopecks) in major units, exact: `10000` gives `100`.
    public static func decimal(minorUnits: Int64) -> Decimal {
        let sign: FloatingPointSign = minorUnits < 0 ? .minus : .plus
        return makeDecimal(sign: sign, significand: Decimal(minorUnits.magnitude))
    }

    /// The amount in minor units (hundredths), or `nil` when it is not a whole number of hundredths, does not
    /// fit in `Int64`, or is NaN.
    public static func minorUnits(_ amount: Decimal) -> Int64? {
        guard !amount.isNaN else {
            return nil
        }
        var scaled = amount * 100
        var whole = Decimal()
        NSDecimalRound(&whole, &scaled, 0, .plain)
        guard whole == scaled else {
            return nil
        }
        return Int64(whole.description)
    }

    /// Formats an amount as a REST money string with exactly two decimals, `100` gives `"100.00"`.
    ///
    /// Amounts with more than two decimals are rounded half away from zero (`1.005` gives `"1.01"`).
    /// A NaN amount gives `"NaN"`.
    public static func format(_ amount: Decimal) -> String {
        guard !amount.isNaN else {
            return "NaN"
        }
        var value = amount
        var rounded = Decimal()
        NSDecimalRound(&rounded, &value, 2, .plain)
        // `Decimal.description` is locale-independent and never uses an exponent.
        let text = rounded.description
        guard let dot = text.firstIndex(of: ".") else {
            return text + ".00"
        }
        let fraction = text[text.index(after: dot)...]
        return fraction.count >= 2 ? text : text + String(repeating: "0", count: 2 - fraction.count)
    }

    /// Parses a REST money string, throwing a failure that names the value and the expected form.
    static func parseValidated(_ string: String) throws(LegacyParseFailure) -> Decimal {
        var digits: [UInt8] = []
        digits.reserveCapacity(string.utf8.count)
        var negative = false
        var integerDigits = 0
        var fractionDigits = 0
        var seenDot = false
        var valid = true
        for (offset, byte) in string.utf8.enumerated() {
            switch byte {
            case UInt8(ascii: "-") where offset == 0:
                negative = true
            case UInt8(ascii: "."):
                if seenDot || integerDigits == 0 {
                    valid = false
                }
                seenDot = true
            case UInt8(ascii: "0")...UInt8(ascii: "9"):
                if seenDot {
                    fractionDigits += 1
                } else {
                    integerDigits += 1
                }
                // Leading zeros are not significant.
                if !(digits.isEmpty && byte == UInt8(ascii: "0")) {
                    digits.append(byte - UInt8(ascii: "0"))
                }
            default:
                valid = false
            }
            if !valid {
                break
            }
        }
        guard valid, seenDot, integerDigits > 0, fractionDigits == 2 else {
            throw LegacyParseFailure(
                "\(LegacyScalarParsing.quoted(string)) is not a money amount: expected a decimal string with "
                    + "exactly two decimals like \"100.00\""
            )
        }
        guard digits.count <= maxSignificantDigits else {
            throw LegacyParseFailure(
                "\(LegacyScalarParsing.quoted(string)) is not a representable money amount: it has more than "
                    + "\(maxSignificantDigits) significant digits, which a Decimal cannot hold exactly"
            )
        }
        return makeDecimal(sign: negative ? .minus : .plus, significand: integer(fromDigits: digits))
    }

    /// The integer whose decimal digits are `digits` (at most 38 of them), built exactly.
    private static func integer(fromDigits digits: [UInt8]) -> Decimal {
        let chunkLength = 18
        var result = Decimal(0)
        var chunk: UInt64 = 0
        var chunkDigits = 0
        for digit in digits {
            chunk = chunk * 10 + UInt64(digit)
            chunkDigits += 1
            if chunkDigits == chunkLength {
                result = result * Decimal(1_000_000_000_000_000_000 as UInt64) + Decimal(chunk)
                chunk = 0
                chunkDigits = 0
            }
        }
        if result == 0 {
            return Decimal(chunk)
        }
        var scale: UInt64 = 1
        for _ in 0..<chunkDigits {
            scale *= 10
        }
        return result * Decimal(scale) + Decimal(chunk)
    }

    /// `significand` hundredths with the given sign; zero is always positive (a negative zero is NaN in `Decimal`).
    private static func makeDecimal(sign: FloatingPointSign, significand: Decimal) -> Decimal {
        Decimal(sign: significand == 0 ? .plus : sign, exponent: -2, significand: significand)
    }
}
