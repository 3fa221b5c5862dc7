/// What a resolver returns, before the executor completes it according to the field's type.
package indirect enum GraphQLResolvedValue<Object: Sendable>: Sendable {
    /// No value.
    case null
    /// An integer (for `Int` fields and integer custom scalars such as `Long`).
    case int(Int64)
    /// A string (for `String`, `ID`, enum and string custom scalar fields).
    case string(String)
    /// A Boolean.
    case boolean(Bool)
    /// A floating-point number (for `Float` fields).
    case double(Double)
    /// An object of the app's data.
    case object(Object)
    /// An object of the introspection system (`__Schema`, `__Type`, ...).
    case introspection(IntrospectionObject)
    /// A list.
    case list([GraphQLResolvedValue])

    /// `.int` of an optional, `.null` for `nil`.
    package static func int(_ value: Int64?) -> GraphQLResolvedValue {
        value.map { .int($0) } ?? .null
    }

    /// `.string` of an optional, `.null` for `nil`.
    package static func string(_ value: String?) -> GraphQLResolvedValue {
        value.map { .string($0) } ?? .null
    }
}
