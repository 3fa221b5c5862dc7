import GraphQLSchema

/// An object the executor completes: it knows its object type's name (`__typename`).
package protocol GraphQLExecutableObject: Sendable {
    /// The object type's name.
    var typeName: String { get }
}

/// The resolvers of a served schema: what a field of an object resolves to. The executor does the rest
/// (collecting fields, coercing arguments, completing values by type, errors and `null` propagation, and the
/// introspection fields `__schema`, `__type` and `__typename`).
package protocol GraphQLResolving: Sendable {
    /// The objects the resolvers hand out (roots and entities).
    associatedtype Object: GraphQLExecutableObject

    /// The value of `field` on `object` with its coerced `arguments`; throws ``GraphQLFieldError`` for a field
    /// error at the field's path.
    func resolve(
        _ field: String, of object: Object, arguments: [String: GraphQLInputValue]
    ) throws -> GraphQLResolvedValue<Object>
}
