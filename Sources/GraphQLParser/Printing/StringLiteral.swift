/// Printing of string values as GraphQL string literals.
enum StringLiteral {
    /// The value as a `"..."` literal, escaped as graphql-core's `print_string` does: `"` and `\`, the C0 controls
    /// (as `\b \t \n \f \r` or `\u00XX`), DEL and the C1 controls.
    static func print(_ value: String) -> String {
        var output = String.UnicodeScalarView()
        output.append("\"")
        for scalar in value.unicodeScalars {
            switch scalar.value {
            case 0x08: output.append(contentsOf: "\\b".unicodeScalars)
            case 0x09: output.append(contentsOf: "\\t".unicodeScalars)
            case 0x0A: output.append(contentsOf: "\\n".unicodeScalars)
            case 0x0C: output.append(contentsOf: "\\f".unicodeScalars)
            case 0x0D: output.append(contentsOf: "\\r".unicodeScalars)
            case 0x22: output.append(contentsOf: "\\\"".unicodeScalars)
            case 0x5C: output.append(contentsOf: "\\\\".unicodeScalars)
            case 0x00...0x1F, 0x7F...0x9F:
                let hex = String(scalar.value, radix: 16, uppercase: true)
                output.append(contentsOf: "\\u".unicodeScalars)
                output.append(contentsOf: String(repeating: "0", count: 4 - hex.count).unicodeScalars)
                output.append(contentsOf: hex.unicodeScalars)
            default:
                output.append(scalar)
            }
        }
        output.append("\"")
        return String(output)
    }
}
