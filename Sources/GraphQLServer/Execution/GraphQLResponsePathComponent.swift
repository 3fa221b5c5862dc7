/// One step of a GraphQL error's `path`: a response key or a list index.
package enum GraphQLResponsePathComponent: Sendable, Equatable {
    /// A field's response key (its alias, or its name).
    case key(String)
    /// A list index.
    case index(Int)

    /// The JSON form: a string or a number.
    package var json: JSONValue {
        switch self {
        case .key(let key): return .string(key)
        case .index(let index): return .int(index)
        }
    }
}
