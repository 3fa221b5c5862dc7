/// Generated code's reads of a `GraphQLNullable` (its `Variables` and input objects): `@_spi(Generated)`, which
/// generated files import.
extension KeyedDecodingContainer {
    /// Decodes a ``GraphQLNullable`` with the scalar rules of `T` (``GraphQLScalarDecodable``): `.none` when the
    /// key is absent, `.null` for JSON `null`, `.some` for a value. Generated `Variables` and input objects use it
    /// to read back what was sent.
    @_spi(Generated)
    public func decodeNullableScalar<T: GraphQLScalarDecodable>(_ type: T.Type, forKey key: Key) throws
        -> GraphQLNullable<T>
    {
        guard contains(key) else { return .none }
        if try decodeNil(forKey: key) { return .null }
        return .some(try T.decodeScalar(from: self, forKey: key))
    }

    /// Decodes a ``GraphQLNullable`` with `T`'s own `Decodable` conformance: `.none` when the key is absent,
    /// `.null` for JSON `null`, `.some` for a value.
    @_spi(Generated)
    public func decodeNullable<T: Decodable & Sendable>(_ type: T.Type, forKey key: Key) throws -> GraphQLNullable<T> {
        guard contains(key) else { return .none }
        if try decodeNil(forKey: key) { return .null }
        return .some(try decode(T.self, forKey: key))
    }
}
