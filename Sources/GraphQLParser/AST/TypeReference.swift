/// A type as written in a variable, field or argument definition: `Name`, `[Type]` or `Type!`.
public enum TypeReference: ASTNode, CustomStringConvertible {
    /// A named type, `Name`.
    case named(NamedType)
    /// A list type, `[Type]`; the location is the `[`.
    indirect case list(TypeReference, location: SourceLocation)
    /// A non-null type, `Type!`; the location is the start of the wrapped type.
    indirect case nonNull(TypeReference, location: SourceLocation)

    /// Where the type starts.
    public var location: SourceLocation {
        switch self {
        case .named(let named): named.location
        case .list(_, let location), .nonNull(_, let location): location
        }
    }

    /// The innermost named type: `ID` for `[ID!]!`.
    public var namedType: NamedType {
        switch self {
        case .named(let named): named
        case .list(let inner, _), .nonNull(let inner, _): inner.namedType
        }
    }

    /// Whether the type is non-null at the outermost level.
    public var isNonNull: Bool {
        if case .nonNull = self { return true }
        return false
    }

    /// The type as GraphQL text, for example `[ID!]!`.
    public var description: String {
        switch self {
        case .named(let named): named.name.value
        case .list(let inner, _): "[\(inner.description)]"
        case .nonNull(let inner, _): "\(inner.description)!"
        }
    }
}
