/// A place where a directive may be applied, as listed after `on` in a directive definition.
///
/// Includes the spec's executable and type system locations and, like graphql-core 3.3,
/// `FRAGMENT_VARIABLE_DEFINITION` and `DIRECTIVE_DEFINITION`.
public enum DirectiveLocation: String, Sendable, Hashable, CaseIterable {
    /// On a query operation.
    case query = "QUERY"
    /// On a mutation operation.
    case mutation = "MUTATION"
    /// On a subscription operation.
    case subscription = "SUBSCRIPTION"
    /// On a field selection.
    case field = "FIELD"
    /// On a fragment definition.
    case fragmentDefinition = "FRAGMENT_DEFINITION"
    /// On a fragment spread.
    case fragmentSpread = "FRAGMENT_SPREAD"
    /// On an inline fragment.
    case inlineFragment = "INLINE_FRAGMENT"
    /// On a variable definition.
    case variableDefinition = "VARIABLE_DEFINITION"
    /// On a fragment variable definition (experimental).
    case fragmentVariableDefinition = "FRAGMENT_VARIABLE_DEFINITION"
    /// On a schema definition.
    case schema = "SCHEMA"
    /// On a scalar type definition.
    case scalar = "SCALAR"
    /// On an object type definition.
    case object = "OBJECT"
    /// On a field definition.
    case fieldDefinition = "FIELD_DEFINITION"
    /// On an argument definition.
    case argumentDefinition = "ARGUMENT_DEFINITION"
    /// On an interface type definition.
    case interface = "INTERFACE"
    /// On a union type definition.
    case union = "UNION"
    /// On an enum type definition.
    case `enum` = "ENUM"
    /// On an enum value definition.
    case enumValue = "ENUM_VALUE"
    /// On an input object type definition.
    case inputObject = "INPUT_OBJECT"
    /// On an input field definition.
    case inputFieldDefinition = "INPUT_FIELD_DEFINITION"
    /// On a directive definition (graphql-core 3.3 extension).
    case directiveDefinition = "DIRECTIVE_DEFINITION"
}
