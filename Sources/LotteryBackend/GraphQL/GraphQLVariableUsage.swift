import GraphQLParser

/// A place where an operation uses a variable: the expected type there and whether that position has a
/// default value of its own.
struct GraphQLVariableUsage {
    /// The variable.
    let variable: Variable
    /// The type the position expects.
    let type: SchemaTypeReference
    /// Whether the argument at this position has a default value.
    let hasLocationDefault: Bool
}
