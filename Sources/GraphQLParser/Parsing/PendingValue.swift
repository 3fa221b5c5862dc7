/// A list or object value the parser has opened but not closed yet. The parser keeps these on an explicit
/// stack, so nested values do not use the call stack.
struct PendingValue {
    /// Whether this is a list (`[`) rather than an object (`{`).
    var isList: Bool
    /// The `[` or `{` token.
    var start: Token
    /// When this value is the value of an object field: the field's name and first token.
    var field: (name: Name, start: Token)?
    /// The list items parsed so far.
    var values: [Value] = []
    /// The object fields parsed so far.
    var fields: [ObjectField] = []

    /// Adds a finished value: to the fields when it belongs to an object field, otherwise to the items.
    mutating func append(_ value: Value, field: (name: Name, start: Token)?, location: SourceLocation) {
        if let field {
            fields.append(ObjectField(name: field.name, value: value, location: location))
        } else {
            values.append(value)
        }
    }
}
