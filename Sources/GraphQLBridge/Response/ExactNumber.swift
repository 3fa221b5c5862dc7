/// A JSON number read from its text, exactly: whether it is a whole number, and its `Int64` value when it is one
/// within range. No rounding at any number of digits or any exponent (`1.00000000000000000000000000000000000000001`
/// is not whole; `1.5e1` is 15; `1E400` is whole and out of range).
struct ExactNumber {
    /// Whether the number has no fractional part.
    var isWhole: Bool
    /// The value, when the number is whole and within `Int64`.
    var int64: Int64?

    /// Reads a number written in JSON's grammar; `nil` when `text` is not one.
    init?(_ text: String) {
        guard LongScalar.isJSONNumber(text) else { return nil }
        let bytes = Array(text.utf8)
        var index = 0
        let negative = bytes.first == UInt8(ascii: "-")
        if negative { index = 1 }
        var digits: [UInt8] = []
        var integerCount = 0
        while index < bytes.count, bytes[index] >= UInt8(ascii: "0"), bytes[index] <= UInt8(ascii: "9") {
            digits.append(bytes[index] - UInt8(ascii: "0"))
            integerCount += 1
            index += 1
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            index += 1
            while index < bytes.count, bytes[index] >= UInt8(ascii: "0"), bytes[index] <= UInt8(ascii: "9") {
                digits.append(bytes[index] - UInt8(ascii: "0"))
                index += 1
            }
        }
        var exponent = 0
        if index < bytes.count {
            index += 1  // e or E
            var exponentNegative = false
            if bytes[index] == UInt8(ascii: "-") || bytes[index] == UInt8(ascii: "+") {
                exponentNegative = bytes[index] == UInt8(ascii: "-")
                index += 1
            }
            while index < bytes.count {
                // Beyond a million, the exponent's exact value no longer changes the answer.
                exponent = min(exponent * 10 + Int(bytes[index] - UInt8(ascii: "0")), 1_000_000)
                index += 1
            }
            if exponentNegative { exponent = -exponent }
        }
        // The digits with the decimal point after `point` of them.
        let leadingZeros = digits.prefix { $0 == 0 }.count
        guard leadingZeros < digits.count else {
            isWhole = true
            int64 = 0
            return
        }
        let significant = Array(digits[leadingZeros...])
        let point = integerCount + exponent - leadingZeros
        let fraction = point < 0 ? significant[...] : significant.dropFirst(point)
        isWhole = fraction.allSatisfy { $0 == 0 }
        guard isWhole, point <= 19 else {
            int64 = nil
            return
        }
        var text = negative ? "-" : ""
        for position in 0..<point {
            text.append(
                Character(
                    Unicode.Scalar(UInt8(ascii: "0") + (position < significant.count ? significant[position] : 0))))
        }
        int64 = LongScalar.parse(text)
    }
}
