import Foundation
import GraphQLBridgeSupport
import GraphQLMigration

/// JSON text pieces for the reports, written by hand so that arrays can be streamed: strings escaped, numbers as
/// their shortest text, objects with their keys sorted and pretty-printed.
enum JSONText {
    /// A quoted, escaped JSON string.
    static func string(_ text: String) -> String {
        JSONStringWriter.quoted(text)
    }

    /// A JSON number: integers without a fraction, others as Swift prints them; `0` for NaN and infinities.
    static func number(_ value: Double) -> String {
        guard value.isFinite else { return "0" }
        if value == value.rounded(), abs(value) < 1e15 { return String(Int64(value)) }
        return String(value)
    }

    /// A JSON integer.
    static func number(_ value: Int) -> String { String(value) }

    /// `true` or `false`.
    static func bool(_ value: Bool) -> String { value ? "true" : "false" }

    /// An object with its members' keys sorted, pretty-printed at `indent` spaces (members one level deeper).
    /// Members whose value is `nil` are left out.
    static func object(_ members: [(key: String, value: String?)], indent: Int = 0) -> String {
        let present = members.compactMap { member in member.value.map { (member.key, $0) } }.sorted { $0.0 < $1.0 }
        guard !present.isEmpty else { return "{}" }
        let inner = String(repeating: " ", count: indent + 2)
        let outer = String(repeating: " ", count: indent)
        return "{\n"
            + present.map { "\(inner)\(string($0.0)): \($0.1)" }.joined(separator: ",\n")
            + "\n\(outer)}"
    }

    /// An array of values already in JSON, pretty-printed at `indent` spaces.
    static func array(_ items: [String], indent: Int = 0) -> String {
        guard !items.isEmpty else { return "[]" }
        let inner = String(repeating: " ", count: indent + 2)
        let outer = String(repeating: " ", count: indent)
        return "[\n" + items.map { inner + $0 }.joined(separator: ",\n") + "\n\(outer)]"
    }
}
