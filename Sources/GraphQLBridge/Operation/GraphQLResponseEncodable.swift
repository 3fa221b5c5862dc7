/// A generated selection set (an operation's `Data`, a fragment, a nested struct or a type case view) that writes
/// the members it holds into a ``GraphQLResponseObject``: its fields, then its fragments and type case views, which
/// write into the same object. Its `encode(to:)` encodes that object, so encoding writes the JSON the server sent:
/// one object per response object, with every field any view holds.
public protocol GraphQLResponseEncodable: Encodable, GraphQLResponseValueConvertible {
    /// Writes the members this value holds into `object`, merged with those already there. Generated code's API:
    /// `@_spi(Generated)`.
    @_spi(Generated)
    func writeGraphQLMembers(to object: inout GraphQLResponseObject)
}

extension GraphQLResponseEncodable {
    /// The object this value encodes to.
    public var graphQLResponseValue: GraphQLResponseValue { .object(GraphQLResponseObject(self)) }
}
