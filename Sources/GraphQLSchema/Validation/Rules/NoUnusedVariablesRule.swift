import GraphQLParser

/// Every variable an operation defines is used (in fragments too).
final class NoUnusedVariablesRule: ValidationRule {
    let context: ValidationContext
    init(_ context: ValidationContext) { self.context = context }

    func enterOperation(_ operation: IndexedDefinition) {
        guard let node = operation.operation else { return }
        let used = Set(context.recursiveVariableUsages(operation).map(\.variable.name.value))
        for definition in node.variableDefinitions where !used.contains(definition.variable.name.value) {
            let name = definition.variable.name.value
            let message =
                node.name.map { "Variable '$\(name)' is never used in operation '\($0.value)'." }
                ?? "Variable '$\(name)' is never used."
            context.report(message, [definition.location])
        }
    }
}
