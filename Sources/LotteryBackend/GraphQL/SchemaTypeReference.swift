/// A type as the executor's schema model writes it: a named type, a list or a non-null wrapper.
indirect enum SchemaTypeReference: Hashable, Sendable, CustomStringConvertible {
    /// A named type (`Int`, `Game`).
    case named(String)
    /// A list, `[T]`.
    case list(SchemaTypeReference)
    /// A non-null type, `T!`.
    case nonNull(SchemaTypeReference)

    /// The innermost named type.
    var namedType: String {
        switch self {
        case .named(let name): return name
        case .list(let inner), .nonNull(let inner): return inner.namedType
        }
    }

    /// Whether the outermost wrapper is non-null.
    var isNonNull: Bool {
        if case .nonNull = self { return true }
        return false
    }

    /// The type without its outermost non-null wrapper.
    var nullable: SchemaTypeReference {
        if case .nonNull(let inner) = self { return inner }
        return self
    }

    /// GraphQL notation, e.g. `[Int!]!`.
    var description: String {
        switch self {
        case .named(let name): return name
        case .list(let inner): return "[\(inner)]"
        case .nonNull(let inner): return "\(inner)!"
        }
    }
}
