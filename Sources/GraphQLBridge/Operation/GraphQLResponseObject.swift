/// The JSON object a generated selection set encodes to: the members its fields, fragments and type case views
/// write, merged. A member written twice is merged deeply (two views of one object, each holding part of a nested
/// object, write one object with both parts), so a value encodes to the object the server sent.
///
/// Generated code builds it (``GraphQLResponseEncodable``, with `@_spi(Generated)` API); `encode(to:)` writes the
/// members in the order they were first written.
public struct GraphQLResponseObject: Encodable {
    private var keys: [String] = []
    private var members: [String: GraphQLResponseValue] = [:]

    /// An empty object (generated code's API: `@_spi(Generated)`).
    @_spi(Generated)
    public init() {}

    /// The object a generated value writes.
    public init<Value: GraphQLResponseEncodable>(_ value: Value) {
        value.writeGraphQLMembers(to: &self)
    }

    /// The response keys written so far, in the order they were first written.
    public var responseKeys: [String] { keys }

    /// The value written for `key`, if any.
    public subscript(key: String) -> GraphQLResponseValue? { members[key] }

    /// Writes `value` for `key`, merged with what is already there (``GraphQLResponseValue/merged(with:)``).
    /// Generated code's API: `@_spi(Generated)`.
    @_spi(Generated)
    public mutating func set(_ key: String, _ value: GraphQLResponseValue) {
        if let existing = members[key] {
            members[key] = existing.merged(with: value)
        } else {
            keys.append(key)
            members[key] = value
        }
    }

    /// Encodes the members, in the order they were first written.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: GraphQLCodingKey.self)
        for key in keys {
            try members[key]?.encode(to: &container, forKey: GraphQLCodingKey(key))
        }
    }
}
