/// What a resolver returns, before the executor completes it according to the field's type.
indirect enum GraphQLResolvedValue: Sendable {
    /// No value.
    case null
    /// An integer (for `Int` and `Long` fields).
    case int(Int64)
    /// A string (for `String`, `ID` and enum fields).
    case string(String)
    /// A Boolean.
    case boolean(Bool)
    /// An instant (for `DateTime` fields).
    case timestamp(UTCTimestamp)
    /// An object.
    case object(GraphQLObjectValue)
    /// A list.
    case list([GraphQLResolvedValue])

    /// `.int` of an optional, `.null` for `nil`.
    static func int(_ value: Int64?) -> GraphQLResolvedValue {
        value.map { .int($0) } ?? .null
    }

    /// `.string` of an optional, `.null` for `nil`.
    static func string(_ value: String?) -> GraphQLResolvedValue {
        value.map { .string($0) } ?? .null
    }
}
