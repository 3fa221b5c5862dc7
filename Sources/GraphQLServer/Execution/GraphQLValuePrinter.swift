import GraphQLParser

/// Prints value literals and JSON values the way graphql-js quotes them in error messages.
package enum GraphQLValuePrinter {
    /// The GraphQL source form of a literal: `"text"`, `12`, `LOTTO`, `[1, 2]`, `{a: 1}`, `$id`.
    package static func print(_ value: Value) -> String {
        switch value {
        case .variable(let variable): return "$\(variable.name.value)"
        case .int(let text, _), .float(let text, _): return text
        case .string(let string): return JSONValue.string(string.value).jsonText
        case .boolean(let flag, _): return flag ? "true" : "false"
        case .null: return "null"
        case .enum(let name, _): return name
        case .list(let values, _): return "[" + values.map { print($0) }.joined(separator: ", ") + "]"
        case .object(let fields, _):
            return "{" + fields.map { "\($0.name.value): \(print($0.value))" }.joined(separator: ", ") + "}"
        }
    }

    /// A JSON value in an error message: its compact JSON text.
    package static func print(_ value: JSONValue) -> String {
        value.jsonText
    }
}
