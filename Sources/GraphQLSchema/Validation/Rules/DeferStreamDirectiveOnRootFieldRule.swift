import GraphQLParser

/// `@defer` and `@stream` are not used on the root fields of mutations and subscriptions (graphql-core's
/// incremental delivery rule; it only matters when the schema defines those directives).
final class DeferStreamDirectiveOnRootFieldRule: ValidationRule {
    let context: ValidationContext
    private var checkedFragments: Set<String> = []
    init(_ context: ValidationContext) { self.context = context }

    func enterOperation(_ operation: IndexedDefinition) {
        guard let node = operation.operation, node.operation == .mutation || node.operation == .subscription,
            let root = context.schema.rootType(for: node.operation)
        else { return }
        var visited: Set<String> = []
        if forbid(node.operation, root, operation.selectionSet, &visited) {
            checkedFragments.formUnion(visited)
        }
    }

    /// Reports the directives; whether there was none.
    private func forbid(
        _ operation: OperationType, _ root: SchemaType, _ selectionSet: IndexedSelectionSet,
        _ visited: inout Set<String>
    ) -> Bool {
        var valid = true
        let message = { (kind: String) in
            "\(kind) directive cannot be used on root \(operation.rawValue) type '\(root.name)'."
        }
        for selection in selectionSet.selections {
            switch selection {
            case .field(let field):
                if let stream = field.node.directives.first(where: { $0.name.value == "stream" }) {
                    valid = false
                    context.report(message("Stream"), [stream.location])
                }
            case .fragmentSpread(let spread):
                let name = spread.name.value
                if visited.contains(name) { continue }
                visited.insert(name)
                guard let fragment = context.fragment(named: name) else { continue }
                if let deferDirective = spread.directives.first(where: { $0.name.value == "defer" }) {
                    valid = false
                    context.report(message("Defer"), [deferDirective.location])
                }
                if !checkedFragments.contains(name) {
                    valid = forbid(operation, root, fragment.selectionSet, &visited) && valid
                }
            case .inlineFragment(let fragment):
                if let deferDirective = fragment.node.directives.first(where: { $0.name.value == "defer" }) {
                    valid = false
                    context.report(message("Defer"), [deferDirective.location])
                }
                valid = forbid(operation, root, fragment.selectionSet, &visited) && valid
            }
        }
        return valid
    }
}
