import GraphQLServer

@testable import LotteryBackend

extension JSONValue {
    /// The element at `index` of an array, or `nil`.
    subscript(index: Int) -> JSONValue? {
        guard case .array(let elements) = self, elements.indices.contains(index) else { return nil }
        return elements[index]
    }

    /// The elements of an array (empty for anything else).
    var elements: [JSONValue] {
        if case .array(let elements) = self { return elements }
        return []
    }

    /// The value at a path of keys and indexes, e.g. `value[path: "data", "game", "id"]`.
    subscript(path components: Any...) -> JSONValue? {
        var current: JSONValue? = self
        for component in components {
            if let key = component as? String {
                current = current?[key]
            } else if let index = component as? Int {
                current = current?[index]
            } else {
                return nil
            }
        }
        return current
    }

    /// Parses JSON text (test convenience).
    static func parse(_ text: String) throws -> JSONValue {
        try JSONParser.parse(Array(text.utf8))
    }
}
