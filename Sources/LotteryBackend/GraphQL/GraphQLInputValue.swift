/// A coerced input value (argument or variable), as the resolvers read it.
indirect enum GraphQLInputValue: Sendable, Equatable {
    /// `null`.
    case null
    /// An `Int` or `Long`.
    case int(Int64)
    /// A `Float`.
    case float(Double)
    /// A `String`, `ID` or `DateTime`.
    case string(String)
    /// A `Boolean`.
    case boolean(Bool)
    /// An enum value name.
    case enumValue(String)
    /// A list.
    case list([GraphQLInputValue])
}
