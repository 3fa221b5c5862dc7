/// Byte constants and character classes used by the lexer (all on UTF-8 code units).
enum ASCII {
    static let tab: UInt8 = 0x09
    static let newline: UInt8 = 0x0A
    static let carriageReturn: UInt8 = 0x0D
    static let space: UInt8 = 0x20
    static let bang: UInt8 = 0x21
    static let quote: UInt8 = 0x22
    static let hash: UInt8 = 0x23
    static let dollar: UInt8 = 0x24
    static let parenL: UInt8 = 0x28
    static let parenR: UInt8 = 0x29
    static let plus: UInt8 = 0x2B
    static let comma: UInt8 = 0x2C
    static let minus: UInt8 = 0x2D
    static let dot: UInt8 = 0x2E
    static let slash: UInt8 = 0x2F
    static let zero: UInt8 = 0x30
    static let colon: UInt8 = 0x3A
    static let equals: UInt8 = 0x3D
    static let at: UInt8 = 0x40
    static let upperE: UInt8 = 0x45
    static let bracketL: UInt8 = 0x5B
    static let backslash: UInt8 = 0x5C
    static let bracketR: UInt8 = 0x5D
    static let underscore: UInt8 = 0x5F
    static let lowerB: UInt8 = 0x62
    static let lowerE: UInt8 = 0x65
    static let lowerF: UInt8 = 0x66
    static let lowerN: UInt8 = 0x6E
    static let lowerR: UInt8 = 0x72
    static let lowerT: UInt8 = 0x74
    static let lowerU: UInt8 = 0x75
    static let braceL: UInt8 = 0x7B
    static let pipe: UInt8 = 0x7C
    static let braceR: UInt8 = 0x7D

    /// `0`...`9`.
    @inline(__always)
    static func isDigit(_ byte: UInt8) -> Bool { byte &- 0x30 < 10 }

    /// `A`...`Z`, `a`...`z`, `_`.
    @inline(__always)
    static func isNameStart(_ byte: UInt8) -> Bool { (byte | 0x20) &- 0x61 < 26 || byte == underscore }

    /// `A`...`Z`, `a`...`z`, `0`...`9`, `_`.
    @inline(__always)
    static func isNameContinue(_ byte: UInt8) -> Bool {
        (byte | 0x20) &- 0x61 < 26 || byte &- 0x30 < 10 || byte == underscore
    }

    /// Whether the byte is a UTF-8 continuation byte (`10xxxxxx`).
    @inline(__always)
    static func isContinuation(_ byte: UInt8) -> Bool { byte & 0xC0 == 0x80 }

    /// The value of a hexadecimal digit, or -1.
    @inline(__always)
    static func hexValue(_ byte: UInt8) -> Int {
        switch byte {
        case 0x30...0x39: Int(byte) - 0x30
        case 0x41...0x46: Int(byte) - 0x41 + 10
        case 0x61...0x66: Int(byte) - 0x61 + 10
        default: -1
        }
    }
}
