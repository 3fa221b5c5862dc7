import GraphQLParser

/// No two operations have the same name.
final class UniqueOperationNamesRule: ValidationRule {
    let context: ValidationContext
    private var known: [String: Name] = [:]
    init(_ context: ValidationContext) { self.context = context }

    func enterOperation(_ operation: IndexedDefinition) {
        guard let name = operation.operation?.name else { return }
        if let first = known[name.value] {
            context.report("There can be only one operation named '\(name.value)'.", [first.location, name.location])
        } else {
            known[name.value] = name
        }
    }
}
