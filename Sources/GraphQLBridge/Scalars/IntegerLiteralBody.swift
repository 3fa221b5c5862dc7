import Foundation
import GraphQLBridgeSupport

/// What ``GraphQLResponseDecoder`` learned about a body's numbers in one scan, for the scalar rules of the values
/// decoded from it (a task-local ``current`` while the body is decoded).
///
/// Foundation reads an integer literal into an `Int64` exactly, or throws when it is out of range (the `Long`
/// rules then take over). Only a number written with a fraction or an exponent (`1.0000000000000001`,
/// `9007199254740993.5`) can come back as a different `Int64`, which is what ``LongScalar`` checks by reading the
/// number a second time as a `Decimal`: a costly step that is needless when the body has no such number
/// (``integerLiteralsOnly``). `Decimal` itself is exact only up to 38 significant digits and within its exponent
/// range; when the body has a number beyond that (``needsExactText``), the rules read the number's text from
/// the body instead (``exactValue(at:)``), parsed once on demand by ``ExactJSONParser``.
///
/// Custom scalars that decode with their own `Decodable` conformance (and may run a nested `JSONDecoder`) are
/// decoded without it: the facts describe this body, not theirs.
final class IntegerLiteralBody: Sendable {
    /// The body being decoded by ``GraphQLResponseDecoder``; `nil` anywhere else.
    @TaskLocal static var current: IntegerLiteralBody?

    /// No JSON number in the body has a fraction or an exponent.
    let integerLiteralsOnly: Bool
    /// Some number has more than 38 digits or an exponent beyond `Decimal`'s range.
    let needsExactText: Bool
    private let body: Data
    /// The body parsed by ``ExactJSONParser`` (`.some(nil)`: not JSON), once asked for.
    private let parsed = Locked<JSONValue??>(nil)

    /// Scans `body` (UTF-8 JSON).
    init(body: Data) {
        self.body = body
        (integerLiteralsOnly, needsExactText) = Self.scan(body)
    }

    /// The facts for a body that ``ExactJSONParser`` parsed into `root` and ``JSONValueDecoder`` decodes: its
    /// integer reads are exact at any digit count (so ``integerLiteralsOnly`` holds for the `Long` rules' check),
    /// and the exact text of a number `Decimal` does not hold is read from `root`, not parsed again.
    init(body: Data, root: JSONValue) {
        self.body = body
        integerLiteralsOnly = true
        needsExactText = Self.scan(body).needsExactText
        parsed.withLock { $0 = .some(root) }
    }

    /// The value at a coding path, with numbers as their exact text; `nil` when the body is not JSON or the path
    /// leads nowhere.
    func exactValue(at codingPath: [any CodingKey]) -> JSONValue? {
        let root: JSONValue? = parsed.withLock { parsed in
            if parsed == nil { parsed = .some(try? ExactJSONParser.parse(body)) }
            return parsed ?? nil
        }
        return root?.value(at: codingPath)
    }

    /// The text of the number at a coding path, when there is one there.
    func numberText(at codingPath: [any CodingKey]) -> String? {
        if case .number(let text)? = exactValue(at: codingPath) { return text }
        return nil
    }

    /// One pass over the body: whether every number is an integer literal, and whether some number has more
    /// than 38 digits or an exponent of 3 digits or more (beyond what `Decimal` holds exactly).
    ///
    /// Outside strings, a `.` or an `E` can only belong to such a number, and an `e` does when it follows a
    /// digit (an exponent always does; the `e` of `true` and `false` never does). A body that is not valid
    /// JSON may get any answer: Foundation rejects it before decoding any value. A body that is not UTF-8 (a NUL
    /// byte: UTF-16 or UTF-32) gets `(false, false)`: the rules then make their own checks.
    static func scan(_ body: Data) -> (integerLiteralsOnly: Bool, needsExactText: Bool) {
        body.withUnsafeBytes { bytes in
            let count = bytes.count
            var integerLiteralsOnly = true
            var needsExactText = false
            var index = 0
            // Digits of the current number's mantissa and exponent; -1 outside a number / an exponent.
            var mantissaDigits = -1
            var exponentDigits = -1
            while index < count {
                let byte = bytes[index]
                if byte == 0 { return (false, false) }
                let isDigit = byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
                if isDigit {
                    if exponentDigits >= 0 {
                        exponentDigits += 1
                        if exponentDigits >= 3 { needsExactText = true }
                    } else {
                        mantissaDigits = max(mantissaDigits, 0) + 1
                        if mantissaDigits > 38 { needsExactText = true }
                    }
                } else if byte == UInt8(ascii: "\"") {
                    mantissaDigits = -1
                    exponentDigits = -1
                    // Skip the string: up to the next quote that no backslash escapes.
                    index += 1
                    while index < count {
                        let inner = bytes[index]
                        if inner == UInt8(ascii: "\"") { break }
                        if inner == 0 { return (false, false) }
                        index += inner == UInt8(ascii: "\\") ? 2 : 1
                    }
                } else if byte == UInt8(ascii: ".") {
                    integerLiteralsOnly = false
                } else if byte == UInt8(ascii: "E") || (byte == UInt8(ascii: "e") && mantissaDigits > 0) {
                    integerLiteralsOnly = false
                    exponentDigits = 0
                } else if byte == UInt8(ascii: "-") || byte == UInt8(ascii: "+") {
                    // A sign: of a number (its digits follow) or of an exponent.
                    if exponentDigits < 0 { mantissaDigits = -1 }
                } else {
                    mantissaDigits = -1
                    exponentDigits = -1
                }
                index += 1
            }
            return (integerLiteralsOnly, needsExactText)
        }
    }
}
