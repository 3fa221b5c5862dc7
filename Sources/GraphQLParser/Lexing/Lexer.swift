/// The GraphQL lexer: turns the UTF-8 bytes of a source into tokens, one at a time.
///
/// It mirrors graphql-core 3.3's lexer (the same checks in the same order, the same error messages and
/// positions) but works on bytes: it never builds a `String` for a token; the parser decodes the values it
/// keeps. Columns are counted in Unicode scalars by subtracting the UTF-8 continuation bytes seen on the
/// current line.
struct Lexer {
    /// The source's UTF-8 bytes; valid while the parse runs.
    let bytes: UnsafeBufferPointer<UInt8>
    /// The source name, for error locations.
    let sourceName: String
    /// Where scanning resumes: the end of the last token.
    var cursor = 0
    /// The 1-based line of `cursor`.
    var line = 1
    /// The byte offset where that line starts.
    var lineStart = 0
    /// The number of UTF-8 continuation bytes between `lineStart` and `cursor`.
    var lineExtra = 0
    /// Whether to lex a schema coordinate: names and `. ( ) : @` only, nothing ignored.
    var isSchemaCoordinate = false

    /// Creates a lexer positioned at the start of the bytes.
    init(bytes: UnsafeBufferPointer<UInt8>, sourceName: String) {
        self.bytes = bytes
        self.sourceName = sourceName
    }

    /// The byte at `offset`, or 0 past the end (0 never matches what callers look for).
    @inline(__always)
    func byte(at offset: Int) -> UInt8 {
        offset < bytes.count ? bytes[offset] : 0
    }

    /// The 1-based column of a byte offset on the current line.
    @inline(__always)
    func column(at offset: Int) -> Int {
        offset - lineStart - lineExtra + 1
    }

    @inline(__always)
    private mutating func makeToken(_ kind: TokenKind, _ start: Int, _ end: Int) -> Token {
        cursor = end
        return Token(kind: kind, start: start, end: end, line: line, column: column(at: start), hasEscape: false)
    }

    /// Reads the next token, skipping whitespace, commas, byte order marks and comments.
    @inline(never)
    mutating func next() throws(ParseError) -> Token {
        if isSchemaCoordinate { return try nextSchemaCoordinateToken() }
        let count = bytes.count
        var position = cursor
        while position < count {
            let char = bytes[position]
            switch char {
            case 0x20, 0x09, 0x2C:  // space, tab, comma
                position += 1
            case 0x0A:
                position += 1
                line += 1
                lineStart = position
                lineExtra = 0
            case 0x0D:
                position += byte(at: position + 1) == ASCII.newline ? 2 : 1
                line += 1
                lineStart = position
                lineExtra = 0
            case 0xEF where byte(at: position + 1) == 0xBB && byte(at: position + 2) == 0xBF:  // U+FEFF
                position += 3
                lineExtra += 2
            case 0x23:  // #
                position += 1
                while position < count {
                    let commentChar = bytes[position]
                    if commentChar == ASCII.newline || commentChar == ASCII.carriageReturn { break }
                    if ASCII.isContinuation(commentChar) { lineExtra += 1 }
                    position += 1
                }
            case 0x22:  // "
                if byte(at: position + 1) == ASCII.quote && byte(at: position + 2) == ASCII.quote {
                    return try readBlockString(position)
                }
                return try readString(position)
            case 0x21: return makeToken(.bang, position, position + 1)
            case 0x24: return makeToken(.dollar, position, position + 1)
            case 0x26: return makeToken(.amp, position, position + 1)
            case 0x28: return makeToken(.parenL, position, position + 1)
            case 0x29: return makeToken(.parenR, position, position + 1)
            case 0x3A: return makeToken(.colon, position, position + 1)
            case 0x3D: return makeToken(.equals, position, position + 1)
            case 0x40: return makeToken(.at, position, position + 1)
            case 0x5B: return makeToken(.bracketL, position, position + 1)
            case 0x5D: return makeToken(.bracketR, position, position + 1)
            case 0x7B: return makeToken(.braceL, position, position + 1)
            case 0x7D: return makeToken(.braceR, position, position + 1)
            case 0x7C: return makeToken(.pipe, position, position + 1)
            case 0x2D, 0x30...0x39:  // - 0-9
                return try readNumber(position)
            case 0x41...0x5A, 0x61...0x7A, 0x5F:  // A-Z a-z _
                var end = position + 1
                while end < count && ASCII.isNameContinue(bytes[end]) { end += 1 }
                return makeToken(.name, position, end)
            case 0x2E:  // .
                if byte(at: position + 1) == ASCII.dot {
                    if byte(at: position + 2) == ASCII.dot { return makeToken(.spread, position, position + 3) }
                    throw error(at: position, "Unexpected '..', did you mean '...'?")
                }
                if ASCII.isDigit(byte(at: position + 1)) {
                    var end = position + 1
                    while ASCII.isDigit(byte(at: end)) { end += 1 }
                    let digits = text(from: position + 1, to: end)
                    throw error(
                        at: position,
                        "Invalid number, expected digit before '.', did you mean '0.\(digits)'?"
                    )
                }
                throw error(at: position, "Unexpected character: \(printCodePoint(at: position)).")
            case 0x27:  // '
                throw error(
                    at: position,
                    "Unexpected single quote character ('), did you mean to use a double quote (\")?"
                )
            default:
                throw error(at: position, "Unexpected character: \(printCodePoint(at: position)).")
            }
        }
        cursor = count
        return Token(kind: .eof, start: count, end: count, line: line, column: column(at: count), hasEscape: false)
    }

    /// Reads the next token of a schema coordinate, as graphql-core's `SchemaCoordinateLexer` does.
    private mutating func nextSchemaCoordinateToken() throws(ParseError) -> Token {
        let position = cursor
        guard position < bytes.count else {
            return Token(
                kind: .eof, start: position, end: position, line: 1, column: column(at: position), hasEscape: false)
        }
        switch bytes[position] {
        case 0x2E: return makeToken(.dot, position, position + 1)
        case 0x28: return makeToken(.parenL, position, position + 1)
        case 0x29: return makeToken(.parenR, position, position + 1)
        case 0x3A: return makeToken(.colon, position, position + 1)
        case 0x40: return makeToken(.at, position, position + 1)
        case 0x41...0x5A, 0x61...0x7A, 0x5F:
            var end = position + 1
            while end < bytes.count && ASCII.isNameContinue(bytes[end]) { end += 1 }
            return makeToken(.name, position, end)
        default:
            throw error(at: position, "Invalid character: \(printCodePoint(at: position)).")
        }
    }

    // MARK: Numbers

    private mutating func readNumber(_ start: Int) throws(ParseError) -> Token {
        var position = start
        var char = bytes[position]
        var isFloat = false
        if char == ASCII.minus {
            position += 1
            char = byte(at: position)
        }
        if char == ASCII.zero {
            position += 1
            char = byte(at: position)
            if ASCII.isDigit(char) {
                throw error(
                    at: position,
                    "Invalid number, unexpected digit after 0: \(printCodePoint(at: position))."
                )
            }
        } else {
            position = try readDigits(position, char)
            char = byte(at: position)
        }
        if char == ASCII.dot {
            isFloat = true
            position += 1
            position = try readDigits(position, byte(at: position))
            char = byte(at: position)
        }
        if char == ASCII.upperE || char == ASCII.lowerE {
            isFloat = true
            position += 1
            char = byte(at: position)
            if char == ASCII.plus || char == ASCII.minus {
                position += 1
                char = byte(at: position)
            }
            position = try readDigits(position, char)
            char = byte(at: position)
        }
        if char == ASCII.dot || ASCII.isNameStart(char) {
            throw error(at: position, "Invalid number, expected digit but got: \(printCodePoint(at: position)).")
        }
        return makeToken(isFloat ? .float : .int, start, position)
    }

    private func readDigits(_ start: Int, _ first: UInt8) throws(ParseError) -> Int {
        guard ASCII.isDigit(first) else {
            throw error(at: start, "Invalid number, expected digit but got: \(printCodePoint(at: start)).")
        }
        var position = start + 1
        while position < bytes.count && ASCII.isDigit(bytes[position]) { position += 1 }
        return position
    }

    // MARK: Strings

    private mutating func readString(_ start: Int) throws(ParseError) -> Token {
        let count = bytes.count
        let tokenColumn = column(at: start)
        var position = start + 1
        var hasEscape = false
        var extra = 0
        while position < count {
            let char = bytes[position]
            if char == ASCII.quote {
                cursor = position + 1
                let token = Token(
                    kind: .string, start: start, end: position + 1, line: line, column: tokenColumn,
                    hasEscape: hasEscape)
                lineExtra += extra
                return token
            }
            if char == ASCII.backslash {
                hasEscape = true
                position += try escapeLength(at: position)
                continue
            }
            if char == ASCII.newline || char == ASCII.carriageReturn { break }
            if char >= 0x80 && ASCII.isContinuation(char) { extra += 1 }
            position += 1
        }
        throw error(at: position, "Unterminated string.")
    }

    private mutating func readBlockString(_ start: Int) throws(ParseError) -> Token {
        let count = bytes.count
        let tokenLine = line
        let tokenColumn = column(at: start)
        var position = start + 3
        var newLine = line
        var newLineStart = lineStart
        var newLineExtra = lineExtra
        while position < count {
            let char = bytes[position]
            if char == ASCII.quote && byte(at: position + 1) == ASCII.quote && byte(at: position + 2) == ASCII.quote {
                cursor = position + 3
                line = newLine
                lineStart = newLineStart
                lineExtra = newLineExtra
                return Token(
                    kind: .blockString, start: start, end: position + 3, line: tokenLine, column: tokenColumn,
                    hasEscape: false)
            }
            if char == ASCII.backslash && byte(at: position + 1) == ASCII.quote
                && byte(at: position + 2) == ASCII.quote && byte(at: position + 3) == ASCII.quote
            {
                position += 4
                continue
            }
            if char == ASCII.newline || char == ASCII.carriageReturn {
                position += char == ASCII.carriageReturn && byte(at: position + 1) == ASCII.newline ? 2 : 1
                newLine += 1
                newLineStart = position
                newLineExtra = 0
                continue
            }
            if char >= 0x80 && ASCII.isContinuation(char) { newLineExtra += 1 }
            position += 1
        }
        throw error(at: position, "Unterminated string.")
    }

    /// Validates the escape sequence at `position` (a backslash) and returns its length in bytes.
    private func escapeLength(at position: Int) throws(ParseError) -> Int {
        let next = byte(at: position + 1)
        if next == ASCII.lowerU {
            if byte(at: position + 2) == ASCII.braceL {
                return try variableWidthUnicodeEscapeLength(at: position)
            }
            return try fixedWidthUnicodeEscapeLength(at: position)
        }
        switch next {
        case ASCII.quote, ASCII.backslash, ASCII.slash, ASCII.lowerB, ASCII.lowerF, ASCII.lowerN, ASCII.lowerR,
            ASCII.lowerT:
            return 2
        default:
            throw error(
                at: position,
                "Invalid character escape sequence: '\(scalars(from: position, count: 2))'."
            )
        }
    }

    /// `\u{1F600}`: at least one and at most 8 hex digits, encoding a Unicode scalar value.
    private func variableWidthUnicodeEscapeLength(at position: Int) throws(ParseError) -> Int {
        var point = 0
        var size = 3
        var offset = position + 3
        while size < 12 && offset < bytes.count {
            let char = bytes[offset]
            offset += Lexer.scalarLength(leadingByte: char)
            size += 1
            if char == ASCII.braceR {
                if size < 5 || !Lexer.isScalarValue(point) { break }
                return offset - position
            }
            let digit = ASCII.hexValue(char)
            if digit < 0 { break }
            point = (point << 4) | digit
        }
        throw error(at: position, "Invalid Unicode escape sequence: '\(scalars(from: position, count: size))'.")
    }

    /// `\u00E9`, or a surrogate pair of two such escapes.
    private func fixedWidthUnicodeEscapeLength(at position: Int) throws(ParseError) -> Int {
        let code = hexCode16(at: position + 2)
        if code >= 0 && Lexer.isScalarValue(code) { return 6 }
        if (0xD800...0xDBFF).contains(code) && byte(at: position + 6) == ASCII.backslash
            && byte(at: position + 7) == ASCII.lowerU
        {
            let trailing = hexCode16(at: position + 8)
            if (0xDC00...0xDFFF).contains(trailing) { return 12 }
        }
        throw error(at: position, "Invalid Unicode escape sequence: '\(scalars(from: position, count: 6))'.")
    }

    /// The value of the four hex digits at `offset`, or -1.
    func hexCode16(at offset: Int) -> Int {
        guard offset + 4 <= bytes.count else { return -1 }
        let a = ASCII.hexValue(bytes[offset])
        let b = ASCII.hexValue(bytes[offset + 1])
        let c = ASCII.hexValue(bytes[offset + 2])
        let d = ASCII.hexValue(bytes[offset + 3])
        if a < 0 || b < 0 || c < 0 || d < 0 { return -1 }
        return a << 12 | b << 8 | c << 4 | d
    }

    /// Whether `point` is a Unicode scalar value (a code point that is not a surrogate).
    static func isScalarValue(_ point: Int) -> Bool {
        (0...0xD7FF).contains(point) || (0xE000...0x10FFFF).contains(point)
    }

    /// The length of the UTF-8 sequence that starts with `leadingByte` (1 for stray continuation bytes).
    @inline(__always)
    static func scalarLength(leadingByte: UInt8) -> Int {
        switch leadingByte {
        case 0xF0...0xFF: 4
        case 0xE0...0xEF: 3
        case 0xC0...0xDF: 2
        default: 1
        }
    }
}
