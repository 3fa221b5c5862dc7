import GraphQLBridgeSupport

/// Builds compact JSON text, the way a server writes its bodies (no whitespace).
///
/// Values are passed around as JSON text already; `object` and `array` only join them.
enum JSONText {
    /// A JSON string literal with the escapes JSON requires.
    static func string(_ value: String) -> String {
        JSONStringWriter.quoted(value)
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
