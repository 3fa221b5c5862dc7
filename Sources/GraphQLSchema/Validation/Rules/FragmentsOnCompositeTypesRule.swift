import GraphQLParser

/// Fragments are on objects, interfaces or unions.
final class FragmentsOnCompositeTypesRule: ValidationRule {
    let context: ValidationContext
    init(_ context: ValidationContext) { self.context = context }

    func enterInlineFragment(_ fragment: IndexedInlineFragment) {
        guard let condition = fragment.node.typeCondition,
            let type = context.schema.type(named: condition.name.value), !type.isComposite
        else { return }
        context.report(
            "Fragment cannot condition on non composite type '\(condition.name.value)'.", [condition.location])
    }

    func enterFragment(_ fragment: IndexedDefinition) {
        guard let node = fragment.fragment, let type = context.schema.type(named: node.typeCondition.name.value),
            !type.isComposite
        else { return }
        context.report(
            "Fragment '\(node.name.value)' cannot condition on non composite type '\(node.typeCondition.name.value)'.",
            [node.typeCondition.location])
    }
}
