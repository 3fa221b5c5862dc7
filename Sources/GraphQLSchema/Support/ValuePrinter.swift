import GraphQLParser

/// Prints values as graphql-core's `print_for_error` does (its `print_ast`: list items and object fields go on
/// lines of their own when the value would be longer than 80 characters), for messages such as
/// `Expected value of type 'In' to be an object, found: { a: 1 }.`.
enum ValuePrinter {
    /// The longest line before list items and object fields go on lines of their own.
    static let maxLineLength = 80

    /// The value as graphql-core prints it in error messages.
    static func print(_ value: Value) -> String {
        switch value {
        case .variable(let variable): return "$" + variable.name.value
        case .int(let text, _), .float(let text, _), .enum(let text, _): return text
        case .string: return Printer.pretty(value)
        case .boolean(let flag, _): return flag ? "true" : "false"
        case .null: return "null"
        case .list(let values, _):
            let items = values.map(print)
            if 2 + joinedLength(items) > maxLineLength {
                return "[\n" + indent(items.filter { !$0.isEmpty }.joined(separator: "\n")) + "\n]"
            }
            return "[" + items.filter { !$0.isEmpty }.joined(separator: ", ") + "]"
        case .object(let fields, _):
            let items = fields.map { $0.name.value + ": " + print($0.value) }
            if 4 + joinedLength(items) > maxLineLength {
                return "{\n" + indent(items.joined(separator: "\n")) + "\n}"
            }
            return "{ " + items.joined(separator: ", ") + " }"
        }
    }

    private static func joinedLength(_ items: [String]) -> Int {
        var total = 0
        for item in items where !item.isEmpty {
            total += (total > 0 ? 2 : 0) + item.unicodeScalars.count
        }
        return total
    }

    private static func indent(_ text: String) -> String {
        guard !text.isEmpty else { return "" }
        var result = "  "
        for character in text {
            result.append(character)
            if character == "\n" { result += "  " }
        }
        return result
    }
}
