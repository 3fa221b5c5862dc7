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
    public var namedType: NamedType { unwrapped.named }

    /// Whether the type is non-null at the outermost level.
    public var isNonNull: Bool {
        if case .nonNull = self { return true }
        return false
    }

    /// A list or non-null wrapper of a type.
    public enum Wrapper: Sendable, Hashable {
        /// `[...]`.
        case list
        /// `...!`.
        case nonNull
    }

    /// The innermost named type and the wrappers around it, innermost first: `[ID!]!` is `ID` with
    /// `[.nonNull, .list, .nonNull]`.
    public var unwrapped: (named: NamedType, wrappers: [Wrapper]) {
        var wrappers: [Wrapper] = []
        var current = self
        while true {
            switch current {
            case .named(let named):
                return (named, wrappers.reversed())
            case .list(let inner, _):
                wrappers.append(.list)
                current = inner
            case .nonNull(let inner, _):
                wrappers.append(.nonNull)
                current = inner
            }
        }
    }

    /// The type as GraphQL text, for example `[ID!]!`.
    public var description: String {
        let (named, wrappers) = unwrapped
        var text = named.name.value
        for wrapper in wrappers {
            text = wrapper == .list ? "[" + text + "]" : text + "!"
        }
        return text
    }
}
