/// The JSON object a generated selection set encodes to: the members its fields, fragments and type case views
/// write, merged. A member written twice is merged deeply (two views of one object, each holding part of a nested
/// object, write one object with both parts), so a value encodes to the object the server sent.
///
/// Generated code builds it (``GraphQLResponseEncodable``, with `@_spi(Generated)` API); `encode(to:)` writes the
/// members in the order they were first written.
public struct GraphQLResponseObject: Encodable {
    private var keys: [String] = []
    private var members: [String: GraphQLResponseValue] = [:]
    /// The keys written twice with different leaves, with the two leaves as JSON: a value and its type case view
    /// (`asX`) or a fragment that disagree. `encode(to:)` refuses them.
    private var conflicts: [(key: String, first: String, second: String)] = []

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
            if let conflict = existing.conflict(with: value) {
                conflicts.append((key, conflict.first, conflict.second))
            }
            members[key] = existing.merged(with: value)
        } else {
            keys.append(key)
            members[key] = value
        }
    }

    /// Encodes the members, in the order they were first written.
    ///
    /// - Throws: `EncodingError.invalidValue` when a member was written twice with different values: a value and its
    ///   type case view (`asX`), or a fragment, disagree about a field they share. The error's coding path and
    ///   description name the field and the two values.
    public func encode(to encoder: any Encoder) throws {
        if let conflict = conflicts.first {
            let codingPath = encoder.codingPath + [GraphQLCodingKey(conflict.key)]
            throw EncodingError.invalidValue(
                conflict.second,
                EncodingError.Context(
                    codingPath: codingPath,
                    debugDescription:
                        "\(GraphQLDecodingError.render(codingPath)) is given two different values, \(conflict.first) and \(conflict.second): a value and "
                        + "its type case view (`asX`) or a fragment must give the fields they share the same value"))
        }
        var container = encoder.container(keyedBy: GraphQLCodingKey.self)
        for key in keys {
            try members[key]?.encode(to: &container, forKey: GraphQLCodingKey(key))
        }
    }
}
