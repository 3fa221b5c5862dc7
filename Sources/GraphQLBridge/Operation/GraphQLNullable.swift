/// An input value that tells an omitted value from an explicit `null`.
///
/// GraphQL gives the two different meanings: an omitted argument takes its default value, an explicit
/// `null` is null. Generated `Variables` use this type for every nullable variable.
///
/// ```swift
/// GamesQuery(type: .none)        // "type" is not sent: the server's default applies
/// GamesQuery(type: .null)        // "type": null
/// GamesQuery(type: .some(.lotto)) // or just: type: .lotto
/// ```
public enum GraphQLNullable<Wrapped: Sendable>: Sendable {
    /// Not sent at all.
    case none
    /// Sent as JSON `null`.
    case null
    /// Sent as the value.
    case some(Wrapped)

    /// The wrapped value, or `nil` for `.none` and `.null`.
    public var unwrapped: Wrapped? {
        if case .some(let value) = self { return value }
        return nil
    }

    /// Whether the value is sent at all (anything but `.none`).
    public var isPresent: Bool {
        if case .none = self { return false }
        return true
    }
}

extension GraphQLNullable: Equatable where Wrapped: Equatable {}
extension GraphQLNullable: Hashable where Wrapped: Hashable {}

extension GraphQLNullable: ExpressibleByNilLiteral {
    /// `nil` means omitted (`.none`), as for an optional Swift parameter.
    public init(nilLiteral: ()) { self = .none }
}

extension GraphQLNullable {
    /// Wraps an optional: `nil` becomes `.none` (omitted), a value becomes `.some`.
    public init(_ optional: Wrapped?) {
        if let optional { self = .some(optional) } else { self = .none }
    }

    /// Wraps an optional: `nil` becomes `.null` (sent as null), a value becomes `.some`.
    public init(nullIfNil optional: Wrapped?) {
        if let optional { self = .some(optional) } else { self = .null }
    }
}

extension GraphQLNullable: ExpressibleByStringLiteral, ExpressibleByUnicodeScalarLiteral,
    ExpressibleByExtendedGraphemeClusterLiteral
where Wrapped == String {
    /// A string literal is `.some(literal)`.
    public init(stringLiteral value: String) { self = .some(value) }
}

extension GraphQLNullable: ExpressibleByIntegerLiteral where Wrapped: ExpressibleByIntegerLiteral {
    /// An integer literal is `.some(literal)`.
    public init(integerLiteral value: Wrapped.IntegerLiteralType) { self = .some(Wrapped(integerLiteral: value)) }
}

extension GraphQLNullable: ExpressibleByBooleanLiteral where Wrapped == Bool {
    /// A boolean literal is `.some(literal)`.
    public init(booleanLiteral value: Bool) { self = .some(value) }
}

extension KeyedEncodingContainer {
    /// Encodes a ``GraphQLNullable``: nothing for `.none`, `null` for `.null`, the value for `.some`.
    public mutating func encode<T: Encodable & Sendable>(_ value: GraphQLNullable<T>, forKey key: Key) throws {
        switch value {
        case .none: return
        case .null: try encodeNil(forKey: key)
        case .some(let wrapped): try encode(wrapped, forKey: key)
        }
    }
}
