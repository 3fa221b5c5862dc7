import Foundation
import GraphQLBridgeSupport

/// A tolerance rule: two numbers (or two dates) at the paths matching ``pattern`` are equal when they are at most
/// ``amount`` apart. Written on the command line as `PATH=VALUE` (`--tolerance lastDraw.prizePool=0.01`,
/// `--tolerance '**.date=2s'`).
///
/// - a plain number (`0.01`, `5`) is an absolute difference for numbers (any integer type, `Double`, `Float`,
///   `Decimal`, compared exactly as decimals) and a number of seconds for dates;
/// - a number with a unit (`500ms`, `2s`, `5m`, `1h`, `1d`) is a duration, for dates only.
///
/// The bound is inclusive. Values of other types at a matching path are compared as usual. A difference within the
/// tolerance is not a difference; ``FieldDiff/compare(_:_:options:)`` lists it in
/// ``FieldDiffResult/absorbed`` so that a report can say how many each rule absorbed.
public struct FieldTolerance: Sendable, Hashable, CustomStringConvertible {
    /// How far apart two values may be.
    public enum Amount: Sendable, Hashable {
        /// An absolute difference for numbers; seconds for dates.
        case number(Decimal)
        /// A duration, for dates.
        case duration(Duration)
    }

    /// The paths the tolerance applies to.
    public var pattern: FieldPathPattern
    /// How far apart two values may be.
    public var amount: Amount
    /// The amount as written (`0.01`, `2s`).
    public var amountText: String

    /// A tolerance of `amount` (an absolute difference; seconds for dates) at `pattern`.
    public init(_ pattern: FieldPathPattern, within amount: Decimal) {
        self.pattern = pattern
        self.amount = .number(amount)
        self.amountText = amount.description
    }

    /// A tolerance of `duration` for dates at `pattern`.
    public init(_ pattern: FieldPathPattern, within duration: Duration) {
        self.pattern = pattern
        self.amount = .duration(duration)
        let seconds = duration.timeInterval
        self.amountText =
            seconds == seconds.rounded() && abs(seconds) < 1e15 ? "\(Int64(seconds))s" : "\(seconds)s"
    }

    /// Parses `PATH=VALUE` as a person gives it (`lastDraw.prizePool=0.01`, `**.date=2s`).
    /// - Throws: ``FieldPathPatternError`` saying what is wrong and how to write it: no `=`, a pattern that matches
    ///   the root or is malformed, a value that is not a non-negative number with an optional unit.
    public init(parsing text: String) throws(FieldPathPatternError) {
        guard let equals = text.lastIndex(of: "=") else {
            throw FieldPathPatternError(
                pattern: text,
                message:
                    "a tolerance is PATH=VALUE, such as 'lastDraw.prizePool=0.01' (numbers) or '**.date=2s' (dates)")
        }
        let pattern = try FieldPathPattern(validating: String(text[..<equals]))
        let value = text[text.index(after: equals)...].trimmingCharacters(in: .whitespaces)
        guard let amount = Self.parseAmount(value) else {
            throw FieldPathPatternError(
                pattern: text,
                message: "the tolerance '\(value)' is not a non-negative number ('0.01', '5') or a duration "
                    + "('500ms', '2s', '5m', '1h', '1d')")
        }
        self.pattern = pattern
        self.amount = amount
        self.amountText = value
    }

    /// `pattern=amount`, as written.
    public var description: String { "\(pattern.pattern)=\(amountText)" }

    /// Whether `lhs` and `rhs` are within the tolerance; `nil` when it does not apply to them (not two numbers, not
    /// two dates, a duration for numbers, a NaN or an infinity).
    public func contains(_ lhs: Any, _ rhs: Any) -> Bool? {
        if let lhs = lhs as? Date, let rhs = rhs as? Date {
            let limit: Double
            switch amount {
            case .number(let seconds): limit = NSDecimalNumber(decimal: seconds).doubleValue
            case .duration(let duration): limit = duration.timeInterval
            }
            return abs(lhs.timeIntervalSince(rhs)) <= limit
        }
        guard case .number(let limit) = amount, let left = Self.decimal(lhs), let right = Self.decimal(rhs) else {
            return nil
        }
        let difference = left - right
        return (difference < 0 ? -difference : difference) <= limit
    }

    /// A number as an exact decimal; `nil` for anything else, NaN and infinities.
    static func decimal(_ value: Any) -> Decimal? {
        switch value {
        case let decimal as Decimal:
            return decimal.isNaN ? nil : decimal
        case let integer as any BinaryInteger:
            return Decimal(string: String(describing: integer), locale: Locale(identifier: "en_US_POSIX"))
        case let double as Double:
            return double.isFinite ? Decimal(double) : nil
        case let float as Float:
            return float.isFinite ? Decimal(Double(float)) : nil
        default:
            return nil
        }
    }

    private static func parseAmount(_ text: String) -> Amount? {
        let units: [(suffix: String, seconds: Decimal)] = [
            ("ms", 0.001), ("s", 1), ("m", 60), ("h", 3600), ("d", 86400),
        ]
        for unit in units where text.hasSuffix(unit.suffix) {
            let number = String(text.dropLast(unit.suffix.count))
            guard let value = nonNegative(number) else { return nil }
            let seconds = value * unit.seconds
            let whole = NSDecimalNumber(decimal: seconds).doubleValue
            return .duration(.milliseconds(Int64((whole * 1000).rounded())))
        }
        return nonNegative(text).map(Amount.number)
    }

    private static func nonNegative(_ text: String) -> Decimal? {
        guard !text.isEmpty, text.allSatisfy({ $0.isASCII && ($0.isNumber || $0 == ".") }),
            text.filter({ $0 == "." }).count <= 1, text != "."
        else { return nil }
        return Decimal(string: text, locale: Locale(identifier: "en_US_POSIX"))
    }

}
