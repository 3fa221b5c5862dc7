import GraphQLParser

/// Every variable an operation uses (in fragments too) is defined by it.
final class NoUndefinedVariablesRule: ValidationRule {
    let context: ValidationContext
    init(_ context: ValidationContext) { self.context = context }

    func enterOperation(_ operation: IndexedDefinition) {
        guard let node = operation.operation else { return }
        let defined = Set(node.variableDefinitions.map(\.variable.name.value))
        for usage in context.recursiveVariableUsages(operation) where !defined.contains(usage.variable.name.value) {
            let name = usage.variable.name.value
            let message =
                node.name.map { "Variable '$\(name)' is not defined by operation '\($0.value)'." }
                ?? "Variable '$\(name)' is not defined."
            context.report(message, [usage.variable.location, node.location])
        }
    }
}
