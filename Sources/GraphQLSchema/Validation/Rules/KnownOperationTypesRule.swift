import GraphQLParser

/// The schema has a root type for each operation's type.
final class KnownOperationTypesRule: ValidationRule {
    let context: ValidationContext
    init(_ context: ValidationContext) { self.context = context }

    func enterOperation(_ operation: IndexedDefinition) {
        guard let node = operation.operation, context.schema.rootType(for: node.operation) == nil else { return }
        context.report(
            "The \(node.operation.rawValue) operation is not supported by the schema.", [node.location])
    }
}
