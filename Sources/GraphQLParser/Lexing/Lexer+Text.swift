/// Decoding text from the source bytes: token values and the pieces quoted in error messages.
extension Lexer {
    /// The source text between two byte offsets.
    func text(from start: Int, to end: Int) -> String {
        let lower = max(0, min(start, bytes.count))
        let upper = max(lower, min(end, bytes.count))
        return String(decoding: UnsafeBufferPointer(rebasing: bytes[lower..<upper]), as: UTF8.self)
    }

    /// The Unicode scalar at a byte offset and its length in bytes.
    func scalar(at offset: Int) -> (value: UInt32, length: Int) {
        let lead = bytes[offset]
        let length = Lexer.scalarLength(leadingByte: lead)
        guard length > 1, offset + length <= bytes.count else { return (UInt32(lead), 1) }
        var value = UInt32(lead) & (length == 2 ? 0x1F : length == 3 ? 0x0F : 0x07)
        for index in 1..<length {
            value = value << 6 | UInt32(bytes[offset + index] & 0x3F)
        }
        return (value, length)
    }

    /// Up to `count` Unicode scalars starting at a byte offset, as graphql-core quotes them in messages.
    func scalars(from offset: Int, count: Int) -> String {
        var end = offset
        var taken = 0
        while taken < count && end < bytes.count {
            end += scalar(at: end).length
            taken += 1
        }
        return text(from: offset, to: end)
    }

    /// The character at a byte offset as graphql-core prints it: `'a'` for printable ASCII, `U+00E9` for
    /// anything else and `<EOF>` past the end.
    func printCodePoint(at offset: Int) -> String {
        guard offset < bytes.count else { return "<EOF>" }
        let value = scalar(at: offset).value
        if (0x20...0x7E).contains(value), let scalar = Unicode.Scalar(value) {
            return "'\(Character(scalar))'"
        }
        let hex = String(value, radix: 16, uppercase: true)
        return "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
    }

    /// The 1-based line and column of a byte offset, computed as graphql-core's `get_location` does.
    func lineAndColumn(of offset: Int) -> (line: Int, column: Int) {
        var line = 1
        var lineStart = 0
        var position = 0
        let limit = min(offset, bytes.count)
        while position < limit {
            let char = bytes[position]
            if char == ASCII.newline {
                position += 1
                line += 1
                lineStart = position
            } else if char == ASCII.carriageReturn {
                position += byte(at: position + 1) == ASCII.newline ? 2 : 1
                line += 1
                lineStart = position
            } else {
                position += 1
            }
        }
        var column = 1
        var index = lineStart
        while index < limit {
            if !ASCII.isContinuation(bytes[index]) { column += 1 }
            index += 1
        }
        return (line, column + max(0, offset - bytes.count))
    }

    /// A syntax error at a byte offset, with graphql-core's `Syntax Error: ` prefix.
    @inline(never)
    func error(at offset: Int, _ description: String) -> ParseError {
        let (line, column) = lineAndColumn(of: offset)
        let location = SourceLocation(fileName: sourceName, line: line, column: column, utf8Offset: offset)
        return ParseError(
            diagnostic: Diagnostic(severity: .error, message: "Syntax Error: " + description, location: location)
        )
    }

    /// The value of a string token: escapes decoded.
    func stringValue(_ token: Token) -> String {
        let start = token.start + 1
        let end = token.end - 1
        guard token.hasEscape else { return text(from: start, to: end) }
        var output: [UInt8] = []
        output.reserveCapacity(end - start)
        var position = start
        var chunkStart = start
        while position < end {
            guard bytes[position] == ASCII.backslash else {
                position += 1
                continue
            }
            output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[chunkStart..<position]))
            let escaped = byte(at: position + 1)
            switch escaped {
            case ASCII.lowerB: output.append(0x08)
            case ASCII.lowerF: output.append(0x0C)
            case ASCII.lowerN: output.append(0x0A)
            case ASCII.lowerR: output.append(0x0D)
            case ASCII.lowerT: output.append(0x09)
            case ASCII.lowerU: break
            default: output.append(escaped)
            }
            if escaped != ASCII.lowerU {
                position += 2
            } else if byte(at: position + 2) == ASCII.braceL {
                var point: UInt32 = 0
                var offset = position + 3
                while offset < end, bytes[offset] != ASCII.braceR {
                    point = point << 4 | UInt32(max(0, ASCII.hexValue(bytes[offset])))
                    offset += 1
                }
                Lexer.appendUTF8(point, to: &output)
                position = offset + 1
            } else {
                let code = hexCode16(at: position + 2)
                if (0xD800...0xDBFF).contains(code) {
                    let trailing = hexCode16(at: position + 8)
                    Lexer.appendUTF8(UInt32(0x10000 + ((code - 0xD800) << 10) + (trailing - 0xDC00)), to: &output)
                    position += 12
                } else {
                    Lexer.appendUTF8(UInt32(max(0, code)), to: &output)
                    position += 6
                }
            }
            chunkStart = position
        }
        if chunkStart < end {
            output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[chunkStart..<end]))
        }
        return String(decoding: output, as: UTF8.self)
    }

    /// Appends the UTF-8 encoding of a scalar value (U+FFFD for an invalid one).
    static func appendUTF8(_ point: UInt32, to output: inout [UInt8]) {
        let scalar = Unicode.Scalar(point) ?? "\u{FFFD}"
        UTF8.encode(scalar) { output.append($0) }
    }

    /// The value of a block string token: `\"""` unescaped, common indentation and leading and trailing blank
    /// lines removed (the spec's `BlockStringValue()`, as graphql-core implements it).
    func blockStringValue(_ token: Token) -> String {
        BlockString.value(bytes, from: token.start + 3, to: token.end - 3)
    }

    /// The value of a token as graphql-core shows it in messages, `nil` for punctuators and the ends.
    func value(of token: Token) -> String? {
        switch token.kind {
        case .name, .int, .float: text(from: token.start, to: token.end)
        case .string: stringValue(token)
        case .blockString: blockStringValue(token)
        default: nil
        }
    }

    /// The token as graphql-core describes it in messages: `Name 'foo'`, `'{'`, `<EOF>`.
    func describe(_ token: Token) -> String {
        guard let value = value(of: token) else { return token.kind.errorDescription }
        return "\(token.kind.errorDescription) '\(value)'"
    }
}
