import Foundation

/// The rules of a `UUID` scalar mapped to Foundation's `UUID` (`"scalars": {"UUID": "UUID"}`).
///
/// Decoding accepts the 36-character form with hyphens (`"1b4e28ba-2fa1-11d2-883f-0016d3cca427"`) and the
/// 32-digit form without them (Data Connect's), in any mix of upper and lower case, and nothing else: no braces, no
/// `urn:uuid:`, no spaces, no stray character (an error names the JSON path and the character). Encoding writes what
/// the server expects: RFC 9562's lowercase hyphenated form (``hyphenated(_:)``, the default), or the 32-digit form
/// (``compact(_:)``, `{"type": "UUID", "format": "compact"}` in `graphql-codegen.json`). Foundation's own
/// `uuidString` is uppercase, which servers that compare ids as text do not match.
public enum UUIDScalar {
    /// Reads a UUID in either form, any case; `nil` for anything else.
    public static func parse(_ text: String) -> UUID? { try? parseExplaining(text) }

    /// `"1b4e28ba-2fa1-11d2-883f-0016d3cca427"`: lowercase, with hyphens.
    public static func hyphenated(_ uuid: UUID) -> String { format(uuid, hyphens: true) }

    /// `"1b4e28ba2fa111d2883f0016d3cca427"`: lowercase, without hyphens (Data Connect's form).
    public static func compact(_ uuid: UUID) -> String { format(uuid, hyphens: false) }

    /// What a ``GraphQLDecodingError`` says a UUID is.
    static let expected =
        "UUID (32 hexadecimal digits, with or without hyphens as in \"1b4e28ba-2fa1-11d2-883f-0016d3cca427\")"

    private static let hexDigits = Array("0123456789abcdef".utf8)

    private static func format(_ uuid: UUID, hyphens: Bool) -> String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(36)
        withUnsafeBytes(of: uuid.uuid) { raw in
            for (index, byte) in raw.enumerated() {
                if hyphens, index == 4 || index == 6 || index == 8 || index == 10 { bytes.append(UInt8(ascii: "-")) }
                bytes.append(hexDigits[Int(byte >> 4)])
                bytes.append(hexDigits[Int(byte & 0x0F)])
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Reads a UUID in either form, or says why the text is not one.
    static func parseExplaining(_ text: String) throws(ScalarTextProblem) -> UUID {
        let characters = Array(text.unicodeScalars)
        let hyphenated = characters.count == 36
        guard hyphenated || characters.count == 32 else {
            throw ScalarTextProblem(
                reason: "the text has \(characters.count) characters; a UUID has 36 (with hyphens) or 32 (without)")
        }
        var bytes = [UInt8](repeating: 0, count: 16)
        var digit = 0
        for (offset, character) in characters.enumerated() {
            if hyphenated, offset == 8 || offset == 13 || offset == 18 || offset == 23 {
                guard character == "-" else {
                    throw ScalarTextProblem(reason: "character \(offset + 1) must be a hyphen (8-4-4-4-12 digits)")
                }
                continue
            }
            let value: UInt8
            switch character {
            case "0"..."9": value = UInt8(character.value - 48)
            case "a"..."f": value = UInt8(character.value - 97 + 10)
            case "A"..."F": value = UInt8(character.value - 65 + 10)
            default:
                let shown =
                    character.isASCII && character.value >= 0x20
                    ? "'\(character)'" : "U+\(String(character.value, radix: 16, uppercase: true))"
                throw ScalarTextProblem(reason: "character \(offset + 1) (\(shown)) is not a hexadecimal digit")
            }
            bytes[digit / 2] |= digit % 2 == 0 ? value << 4 : value
            digit += 1
        }
        return UUID(
            uuid: (
                bytes[0], bytes[1], bytes[2], bytes[3], bytes[4], bytes[5], bytes[6], bytes[7], bytes[8], bytes[9],
                bytes[10], bytes[11], bytes[12], bytes[13], bytes[14], bytes[15]
            ))
    }
}
