/// Block string helpers: the value of a block string as the spec's `BlockStringValue()` computes it, and the
/// printing of a value as a block string the way graphql-core's `print_block_string` does.
enum BlockString {
    /// The value of the raw block string text between two byte offsets (excluding the quotes).
    static func value(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int) -> String {
        // Split into raw lines on \r\n, \r and \n; `\"""` never contains a line terminator.
        var lines: [Range<Int>] = []
        var lineStart = start
        var position = start
        while position < end {
            let char = bytes[position]
            if char == ASCII.backslash && position + 3 < end && bytes[position + 1] == ASCII.quote
                && bytes[position + 2] == ASCII.quote && bytes[position + 3] == ASCII.quote
            {
                position += 4
            } else if char == ASCII.newline {
                lines.append(lineStart..<position)
                position += 1
                lineStart = position
            } else if char == ASCII.carriageReturn {
                lines.append(lineStart..<position)
                position += position + 1 < end && bytes[position + 1] == ASCII.newline ? 2 : 1
                lineStart = position
            } else {
                position += 1
            }
        }
        lines.append(lineStart..<end)

        var commonIndent = Int.max
        var firstNonEmpty: Int?
        var lastNonEmpty = -1
        for (index, line) in lines.enumerated() {
            var indent = 0
            while indent < line.count {
                let char = bytes[line.lowerBound + indent]
                guard char == ASCII.space || char == ASCII.tab else { break }
                indent += 1
            }
            if indent == line.count { continue }
            if firstNonEmpty == nil { firstNonEmpty = index }
            lastNonEmpty = index
            if index > 0 && indent < commonIndent { commonIndent = indent }
        }
        guard let first = firstNonEmpty, first <= lastNonEmpty else { return "" }

        var output: [UInt8] = []
        output.reserveCapacity(end - start)
        for index in first...lastNonEmpty {
            let line = lines[index]
            if index > first { output.append(ASCII.newline) }
            var position = index > 0 ? line.lowerBound + min(commonIndent, line.count) : line.lowerBound
            while position < line.upperBound {
                let char = bytes[position]
                if char == ASCII.backslash && position + 3 < line.upperBound && bytes[position + 1] == ASCII.quote
                    && bytes[position + 2] == ASCII.quote && bytes[position + 3] == ASCII.quote
                {
                    position += 1
                    continue
                }
                output.append(char)
                position += 1
            }
        }
        return String(decoding: output, as: UTF8.self)
    }

    /// Whether the value survives printing as a block string and parsing back (graphql-core's
    /// `is_printable_as_block_string`).
    static func isPrintable(_ value: String) -> Bool {
        if value.isEmpty { return true }
        var isEmptyLine = true
        var hasIndent = false
        var hasCommonIndent = true
        var seenNonEmptyLine = false
        for scalar in value.unicodeScalars {
            switch scalar {
            case "\n":
                if isEmptyLine && !seenNonEmptyLine { return false }
                seenNonEmptyLine = true
                isEmptyLine = true
                hasIndent = false
            case " ", "\t":
                hasIndent = hasIndent || isEmptyLine
            default:
                if scalar.value <= 0x0F { return false }
                hasCommonIndent = hasCommonIndent && hasIndent
                isEmptyLine = false
            }
        }
        if isEmptyLine { return false }
        if hasCommonIndent && seenNonEmptyLine { return false }
        return true
    }

    /// The value printed as a block string literal, as graphql-core's `print_block_string` prints it.
    /// - Parameters:
    ///   - value: The string value.
    ///   - minimize: Whether to avoid the extra line breaks added for readability.
    static func print(_ value: String, minimize: Bool = false) -> String {
        let escaped = escapeTripleQuotes(value)
        let lines = splitLines(escaped)
        let isSingleLine = lines.count == 1
        let forceLeadingNewLine =
            lines.count > 1
            && lines.dropFirst().allSatisfy { line in
                guard let first = line.first else { return true }
                return first == " " || first == "\t"
            }
        let hasTrailingTripleQuotes = Array(escaped.unicodeScalars.suffix(4)) == ["\\", "\"", "\"", "\""]
        let lastScalar = value.unicodeScalars.last
        let hasTrailingQuote = lastScalar == "\"" && !hasTrailingTripleQuotes
        let hasTrailingSlash = lastScalar == "\\"
        let forceTrailingNewLine = hasTrailingQuote || hasTrailingSlash
        let printAsMultipleLines =
            !minimize
            && (!isSingleLine || value.unicodeScalars.count > 70 || forceTrailingNewLine || forceLeadingNewLine
                || hasTrailingTripleQuotes)
        let firstScalar = value.unicodeScalars.first
        let skipLeadingNewLine = isSingleLine && (firstScalar == " " || firstScalar == "\t")
        let before = (printAsMultipleLines && !skipLeadingNewLine) || forceLeadingNewLine ? "\n" : ""
        let after = printAsMultipleLines || forceTrailingNewLine ? "\n" : ""
        return "\"\"\"" + before + escaped + after + "\"\"\""
    }

    /// The value with every `"""` preceded by a backslash.
    static func escapeTripleQuotes(_ value: String) -> String {
        guard value.utf8.count >= 3 else { return value }
        var output = String.UnicodeScalarView()
        var quotes = 0
        for scalar in value.unicodeScalars {
            if scalar == "\"" {
                quotes += 1
                if quotes == 3 {
                    output.append("\\")
                    output.append(contentsOf: "\"\"\"".unicodeScalars)
                    quotes = 0
                }
            } else {
                output.append(contentsOf: String(repeating: "\"", count: quotes).unicodeScalars)
                quotes = 0
                output.append(scalar)
            }
        }
        output.append(contentsOf: String(repeating: "\"", count: quotes).unicodeScalars)
        return String(output)
    }

    /// Splits on GraphQL line terminators (`\r\n`, `\r`, `\n`) only.
    static func splitLines(_ text: String) -> [Substring.UnicodeScalarView] {
        var lines: [Substring.UnicodeScalarView] = []
        let scalars = text.unicodeScalars
        var lineStart = scalars.startIndex
        var index = scalars.startIndex
        while index < scalars.endIndex {
            let scalar = scalars[index]
            if scalar == "\n" || scalar == "\r" {
                lines.append(scalars[lineStart..<index])
                var next = scalars.index(after: index)
                if scalar == "\r" && next < scalars.endIndex && scalars[next] == "\n" {
                    next = scalars.index(after: next)
                }
                index = next
                lineStart = next
            } else {
                index = scalars.index(after: index)
            }
        }
        lines.append(scalars[lineStart..<scalars.endIndex])
        return lines
    }
}
