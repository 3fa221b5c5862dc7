import GraphQLParser

/// A use of a variable in a value, with what is expected there (graphql-core's `VariableUsage`).
struct VariableUsage {
    /// The variable reference.
    let variable: Variable
    /// The type expected where it is used, if known.
    let type: TypeRef?
    /// The type of the list or input object the variable is in (or of what encloses the argument), if known.
    let parentType: TypeRef?
    /// Whether the argument or input field it is used for has a default value.
    let hasLocationDefault: Bool
}
