import Foundation

/// Whether the body being decoded writes every JSON number as an integer literal (`-?[0-9]+`: no fraction,
/// no exponent), which lets the `Long` rules skip their exactness check.
///
/// Foundation reads an integer literal into an `Int64` exactly, or throws when it is out of range (the
/// `Long` rules then take over as before). Only a number written with a fraction or an exponent
/// (`1.0000000000000001`, `9007199254740993.5`) can come back as a different `Int64`, which is what
/// ``LongScalar`` checks by reading the number a second time as a `Decimal`: a costly step that is
/// needless when the body has no such number. ``GraphQLResponseDecoder`` scans the body once and sets
/// ``isActive`` for the decode; anywhere else (a plain `JSONDecoder`) the check runs for every value.
enum IntegerLiteralBody {
    /// `true` while decoding a body in which ``containsOnlyIntegerLiterals(_:)`` holds.
    @TaskLocal static var isActive = false

    /// Whether no JSON number in `body` has a fraction or an exponent.
    ///
    /// Outside strings, a `.` or an `E` can only belong to such a number, and an `e` does when it follows a
    /// digit (an exponent always does; the `e` of `true` and `false` never does). A body that is not valid
    /// JSON may get any answer: Foundation rejects it before decoding any value.
    static func containsOnlyIntegerLiterals(_ body: Data) -> Bool {
        body.withUnsafeBytes { bytes in
            let count = bytes.count
            var index = 0
            while index < count {
                let byte = bytes[index]
                if byte == UInt8(ascii: "\"") {
                    // Skip the string: up to the next quote that no backslash escapes.
                    index += 1
                    while index < count {
                        let inner = bytes[index]
                        if inner == UInt8(ascii: "\"") { break }
                        index += inner == UInt8(ascii: "\\") ? 2 : 1
                    }
                } else if byte == UInt8(ascii: ".") || byte == UInt8(ascii: "E") {
                    return false
                } else if byte == UInt8(ascii: "e"), index > 0, bytes[index - 1] >= UInt8(ascii: "0"),
                    bytes[index - 1] <= UInt8(ascii: "9")
                {
                    return false
                }
                index += 1
            }
            return true
        }
    }
}
