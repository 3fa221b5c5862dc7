/// A Swift `String` expression made of a long literal and references to other strings
/// (`"query Game(...){...}" + GameDetails.fragmentDefinition`), laid out within the line length: the literal is split
/// after spaces and commas and before `{` and variable definitions, and continuation lines start with `+`.
struct StringExpression {
    /// The literal text (unescaped).
    var literal: String
    /// Swift expressions appended after the literal.
    var references: [String]

    /// Appends `let name = expression` to `writer`, on one line when it fits, otherwise with the expression on
    /// indented lines below.
    func write(declaration: String, to writer: inout CodeWriter) {
        let escaped = "\"" + SwiftNames.stringLiteralContents(literal) + "\""
        let single = declaration + " = " + ([escaped] + references).joined(separator: " + ")
        if writer.indentation.count + single.count <= CodeWriter.maxLineLength {
            writer.line(single)
            return
        }
        writer.line(declaration + " =")
        writer.level += 1
        for line in lines(width: CodeWriter.maxLineLength - writer.indentation.count) {
            writer.line(line)
        }
        writer.level -= 1
    }

    /// The expression's lines (without indentation) within `width` characters where possible.
    func lines(width: Int) -> [String] {
        var lines: [String] = []
        var current = ""
        // The literal, piece by piece.
        var literalText = ""
        var prefix = ""
        for piece in Self.pieces(of: literal) {
            let escaped = SwiftNames.stringLiteralContents(piece)
            let candidate = prefix + "\"" + literalText + escaped + "\""
            if literalText.isEmpty || candidate.count <= width {
                literalText += escaped
            } else {
                lines.append(prefix + "\"" + literalText + "\"")
                prefix = "+ "
                literalText = escaped
            }
        }
        current = prefix + "\"" + literalText + "\""
        for reference in references {
            if (current + " + " + reference).count <= width {
                current += " + " + reference
            } else {
                lines.append(current)
                current = "+ " + reference
            }
        }
        lines.append(current)
        return lines
    }

    /// The literal split where a line may break: after a space or a comma, before `{`, and before a `$` that starts
    /// a variable definition.
    static func pieces(of text: String) -> [String] {
        var pieces: [String] = []
        var current = ""
        var previous: Character = " "
        for character in text {
            defer { previous = character }
            // Before `{`, and before a `$` that starts a variable definition (not one after `:` or `=`).
            let breaksBefore = character == "{" || (character == "$" && previous != ":" && previous != "=")
            if breaksBefore, !current.isEmpty {
                pieces.append(current)
                current = ""
            }
            current.append(character)
            if character == " " || character == "," {
                pieces.append(current)
                current = ""
            }
        }
        if !current.isEmpty { pieces.append(current) }
        return pieces
    }
}
