/// An argument of a schema field or directive.
struct SchemaArgumentDefinition: Sendable {
    /// The argument name.
    let name: String
    /// Its type.
    let type: SchemaTypeReference
    /// The coerced default value, if the schema declares one.
    let defaultValue: GraphQLInputValue?
}
