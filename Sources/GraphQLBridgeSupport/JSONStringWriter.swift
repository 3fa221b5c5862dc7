/// Writes a string as a JSON string literal: the one JSON string writer of this package's modules (`package`
/// access: not part of any product's API).
///
/// `"` and `\` are escaped, line feed, carriage return and tab as `\n`, `\r` and `\t`, the other control
/// characters (below U+0020) as `\u00XX` with lowercase hex digits (`\u0008`, `\u000c`, as graphql-core's
/// reference backend and the cache's keys have them); everything else, `/` and non-ASCII included, is written as
/// its UTF-8 (RFC 8259 requires no more).
package enum JSONStringWriter {
    /// Appends `text` as a quoted JSON string to UTF-8 bytes.
    /// - Parameters:
    ///   - text: The string.
    ///   - output: The bytes to append to.
    package static func write(_ text: String, to output: inout [UInt8]) {
        output.append(UInt8(ascii: "\""))
        var text = text
        text.withUTF8 { bytes in
            var start = 0
            for (index, byte) in bytes.enumerated() where byte < 0x20 || byte == 0x22 || byte == 0x5C {
                output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[start..<index]))
                start = index + 1
                switch byte {
                case 0x22: output.append(contentsOf: #"\""#.utf8)
                case 0x5C: output.append(contentsOf: #"\\"#.utf8)
                case 0x0A: output.append(contentsOf: #"\n"#.utf8)
                case 0x0D: output.append(contentsOf: #"\r"#.utf8)
                case 0x09: output.append(contentsOf: #"\t"#.utf8)
                default:
                    output.append(contentsOf: #"\u00"#.utf8)
                    output.append(hexDigits[Int(byte >> 4)])
                    output.append(hexDigits[Int(byte & 0x0F)])
                }
            }
            output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[start...]))
        }
        output.append(UInt8(ascii: "\""))
    }

    /// `text` as a quoted JSON string.
    /// - Parameter text: The string.
    /// - Returns: The JSON string literal, quotes included.
    package static func quoted(_ text: String) -> String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(text.utf8.count + 2)
        write(text, to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    private static let hexDigits: [UInt8] = Array("0123456789abcdef".utf8)
}
