import GraphQLParser

/// Variables are of input types (scalars, enums, input objects).
final class VariablesAreInputTypesRule: ValidationRule {
    let context: ValidationContext
    init(_ context: ValidationContext) { self.context = context }

    func enterVariableDefinition(_ definition: VariableDefinition) {
        guard let type = context.schema.type(named: definition.type.namedType.name.value), !type.isInputType
        else { return }
        context.report(
            "Variable '$\(definition.variable.name.value)' cannot be non-input type '\(definition.type)'.",
            [definition.type.location])
    }
}
