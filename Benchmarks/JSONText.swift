/// Builds compact JSON text, the way a server writes its bodies (no whitespace).
///
/// Values are passed around as JSON text already; `object` and `array` only join them.
enum JSONText {
    /// A JSON string literal with the escapes JSON requires.
    static func string(_ value: String) -> String {
        var result = "\""
        for scalar in value.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            default:
                if scalar.value < 0x20 {
                    let hex = String(scalar.value, radix: 16)
                    result += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    result.unicodeScalars.append(scalar)
                }
            }
        }
        return result + "\""
    }

    /// A JSON number for an integer.
    static func number<T: BinaryInteger>(_ value: T) -> String {
        String(value)
    }

    /// `true` or `false`.
    static func bool(_ value: Bool) -> String {
        value ? "true" : "false"
    }

    /// `null`.
    static let null = "null"

    /// The text of `value` rendered by `render`, or `null`.
    static func optional<T>(_ value: T?, _ render: (T) -> String) -> String {
        value.map(render) ?? null
    }

    /// An object with its members in the given order.
    static func object(_ members: [(String, String)]) -> String {
        "{" + members.map { string($0.0) + ":" + $0.1 }.joined(separator: ",") + "}"
    }

    /// An array.
    static func array(_ items: [String]) -> String {
        "[" + items.joined(separator: ",") + "]"
    }
}
