import GraphQLParser

/// A reference to a type as a field, argument, input field or variable uses it: a named type wrapped in any
/// number of list and non-null wrappers, such as `[ID!]!`.
///
/// The named type is referred to by name; look it up with ``Schema/type(named:)``.
public indirect enum TypeRef: Sendable, Hashable, CustomStringConvertible {
    /// A named type: a scalar, object, interface, union, enum or input object.
    case named(String)
    /// A list of the wrapped type, `[T]`.
    case list(TypeRef)
    /// The wrapped type, never null, `T!`.
    case nonNull(TypeRef)

    /// Converts a type reference of the AST.
    /// - Parameter reference: The type as written in a document.
    public init(_ reference: TypeReference) {
        switch reference {
        case .named(let named): self = .named(named.name.value)
        case .list(let inner, _): self = .list(TypeRef(inner))
        case .nonNull(let inner, _): self = .nonNull(TypeRef(inner))
        }
    }

    /// The innermost named type's name: `ID` for `[ID!]!`.
    public var namedType: String {
        switch self {
        case .named(let name): name
        case .list(let inner), .nonNull(let inner): inner.namedType
        }
    }

    /// Whether the outermost wrapper is non-null.
    public var isNonNull: Bool {
        if case .nonNull = self { return true }
        return false
    }

    /// Whether the type, after removing an outer non-null wrapper, is a list.
    public var isList: Bool {
        switch self {
        case .list: true
        case .nonNull(let inner): inner.isList
        case .named: false
        }
    }

    /// The type without its outer non-null wrapper (itself when it is nullable).
    public var nullable: TypeRef {
        if case .nonNull(let inner) = self { return inner }
        return self
    }

    /// The item type of a list type (after removing an outer non-null wrapper), or `nil` when it is not a list.
    public var listItem: TypeRef? {
        if case .list(let item) = nullable { return item }
        return nil
    }

    /// The type in GraphQL notation, for example `[ID!]!`.
    public var description: String {
        switch self {
        case .named(let name): name
        case .list(let inner): "[\(inner.description)]"
        case .nonNull(let inner): "\(inner.description)!"
        }
    }
}
