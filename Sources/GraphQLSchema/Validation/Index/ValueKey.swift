import GraphQLParser

/// An unambiguous text for a value that two values share exactly when graphql-core's OverlappingFieldsCanBeMerged
/// considers them the same: same kinds and contents, object fields compared regardless of order.
enum ValueKey {
    static func of(_ value: Value) -> String {
        var key = ""
        append(value, to: &key)
        return key
    }

    private static func append(_ value: Value, to key: inout String) {
        switch value {
        case .variable(let variable): key += "$\(variable.name.value);"
        case .int(let text, _): key += "i\(text);"
        case .float(let text, _): key += "f\(text);"
        case .string(let string):
            key += "\(string.isBlock ? "B" : "S")\(string.value.utf8.count):\(string.value)"
        case .boolean(let flag, _): key += flag ? "T" : "F"
        case .null: key += "N"
        case .enum(let name, _): key += "e\(name);"
        case .list(let values, _):
            key += "["
            for item in values { append(item, to: &key) }
            key += "]"
        case .object(let fields, _):
            key += "{"
            let sorted = fields.enumerated().sorted { lhs, rhs in
                let left = lhs.element.name.value
                let right = rhs.element.name.value
                if left != right { return left.utf8.lexicographicallyPrecedes(right.utf8) }
                return lhs.offset < rhs.offset
            }
            for (_, field) in sorted {
                key += "\(field.name.value):"
                append(field.value, to: &key)
            }
            key += "}"
        }
    }
}
