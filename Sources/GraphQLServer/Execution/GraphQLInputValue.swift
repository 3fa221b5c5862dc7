/// A coerced input value (argument or variable), as the resolvers read it.
package indirect enum GraphQLInputValue: Sendable, Equatable {
    /// `null`.
    case null
    /// An `Int` or `Long`.
    case int(Int64)
    /// A `Float`.
    case float(Double)
    /// A `String`, `ID`, or a custom scalar written as a string (`DateTime`).
    case string(String)
    /// A `Boolean`.
    case boolean(Bool)
    /// An enum value name.
    case enumValue(String)
    /// A list.
    case list([GraphQLInputValue])
    /// An input object's fields (or a custom scalar's object value).
    case object([String: GraphQLInputValue])
}
