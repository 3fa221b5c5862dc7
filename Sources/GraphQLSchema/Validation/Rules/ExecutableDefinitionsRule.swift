import GraphQLParser

/// A document to execute has only operations and fragments.
final class ExecutableDefinitionsRule: ValidationRule {
    let context: ValidationContext
    init(_ context: ValidationContext) { self.context = context }

    func enterDocument() {
        for definition in context.document.definitions where !definition.isExecutable {
            let name: String
            switch definition {
            case .typeSystem(.schema), .typeSystemExtension(.schema): name = "schema"
            default: name = "'\(definition.name?.value ?? "")'"
            }
            context.report("The \(name) definition is not executable.", [definition.location])
        }
    }
}
