import GraphQLParser

/// No two variables of an operation have the same name.
final class UniqueVariableNamesRule: ValidationRule {
    let context: ValidationContext
    init(_ context: ValidationContext) { self.context = context }

    func enterOperation(_ operation: IndexedDefinition) {
        guard let node = operation.operation else { return }
        let names = node.variableDefinitions.map(\.variable.name)
        for (name, nodes) in SDLValidator.grouped(names) where nodes.count > 1 {
            context.report("There can be only one variable named '$\(name)'.", nodes.map(\.location))
        }
    }
}
