/// A JSON value as the backend reads and writes it. Numbers keep their literal text, so 64-bit integers
/// survive exactly in both directions; objects keep their key order.
package enum JSONValue: Sendable, Equatable {
    /// `null`.
    case null
    /// `true` or `false`.
    case bool(Bool)
    /// A number, as its JSON literal text (e.g. `"9223372036854775807"`, `"1.5e3"`).
    case number(String)
    /// A string.
    case string(String)
    /// An array.
    case array([JSONValue])
    /// An object; the members in order (a later duplicate key wins on lookup).
    case object([(String, JSONValue)])

    /// A JSON number for an integer.
    public static func int<T: BinaryInteger>(_ value: T) -> JSONValue {
        .number(String(value))
    }

    /// The member `key` of an object (the last one when the key repeats), or `nil`.
    public subscript(key: String) -> JSONValue? {
        guard case .object(let members) = self else { return nil }
        return members.last { $0.0 == key }?.1
    }

    /// The Boolean of a `.bool`, or `nil`.
    package var boolValue: Bool? {
        if case .bool(let value) = self { return value }
        return nil
    }

    /// The string of a `.string`, or `nil`.
    public var stringValue: String? {
        if case .string(let value) = self { return value }
        return nil
    }

    /// The integer of a `.number` whose literal is an integer within `Int64`, or `nil`
    /// (fractions, exponents and out-of-range values give `nil`).
    public var int64Value: Int64? {
        guard case .number(let literal) = self else { return nil }
        return Int64(literal)
    }

    /// Whether this is `.null`.
    public var isNull: Bool {
        if case .null = self { return true }
        return false
    }

    /// Compares values; objects compare their members in order.
    public static func == (lhs: JSONValue, rhs: JSONValue) -> Bool {
        switch (lhs, rhs) {
        case (.null, .null): return true
        case (.bool(let left), .bool(let right)): return left == right
        case (.number(let left), .number(let right)): return left == right
        case (.string(let left), .string(let right)): return left == right
        case (.array(let left), .array(let right)): return left == right
        case (.object(let left), .object(let right)):
            return left.count == right.count && zip(left, right).allSatisfy { $0.0 == $1.0 && $0.1 == $1.1 }
        default: return false
        }
    }
}
