/// A value that is or holds generated selection sets: the generated structs, and optionals and lists of them.
public protocol GraphQLResponseValueConvertible {
    /// The value as a member of a ``GraphQLResponseObject``.
    var graphQLResponseValue: GraphQLResponseValue { get }
}

extension Optional: GraphQLResponseValueConvertible where Wrapped: GraphQLResponseValueConvertible {
    /// `null`, or the wrapped value's.
    public var graphQLResponseValue: GraphQLResponseValue {
        switch self {
        case .none: .null
        case .some(let wrapped): wrapped.graphQLResponseValue
        }
    }
}

extension Array: GraphQLResponseValueConvertible where Element: GraphQLResponseValueConvertible {
    /// A list of the elements' values.
    public var graphQLResponseValue: GraphQLResponseValue { .list(map(\.graphQLResponseValue)) }
}
