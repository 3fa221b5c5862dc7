import Foundation
import GraphQLMigration

/// A value a write check read or wrote: as JSON (for the JSON report) and as text (for people).
public struct ComparisonValue: Sendable, Hashable {
    /// The value as a JSON fragment (`true`, `"6x45"`, `{"a":1}`).
    public var json: String
    /// The value as `FieldDiff/render(_:)` shows it.
    public var text: String

    /// Creates a value from its two forms.
    public init(json: String, text: String) {
        self.json = json
        self.text = text
    }

    /// The value of an `Encodable` state: its JSON encoding (keys sorted), or its text as a JSON string when it does
    /// not encode.
    init<State: Encodable>(_ state: State) {
        let text = FieldDiff.render(state)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        if let data = try? encoder.encode(state) {
            self.init(json: String(decoding: data, as: UTF8.self), text: text)
        } else {
            self.init(json: JSONText.string(text), text: text)
        }
    }
}
