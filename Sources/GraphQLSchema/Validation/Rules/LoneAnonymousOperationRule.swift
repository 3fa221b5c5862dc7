import GraphQLParser

/// An anonymous operation is the document's only operation.
final class LoneAnonymousOperationRule: ValidationRule {
    let context: ValidationContext
    init(_ context: ValidationContext) { self.context = context }

    func enterOperation(_ operation: IndexedDefinition) {
        guard let node = operation.operation, node.name == nil, context.operations.count > 1 else { return }
        context.report("This anonymous operation must be the only defined operation.", [node.location])
    }
}
