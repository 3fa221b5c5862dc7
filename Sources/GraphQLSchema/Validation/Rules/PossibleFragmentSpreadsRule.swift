import GraphQLParser

/// A fragment is only spread where its type can apply: its type and the enclosing type have an object type in
/// common.
final class PossibleFragmentSpreadsRule: ValidationRule {
    let context: ValidationContext
    init(_ context: ValidationContext) { self.context = context }

    func enterInlineFragment(_ fragment: IndexedInlineFragment) {
        guard let fragmentType = context.namedType(context.type), fragmentType.isComposite,
            let parentType = context.parentType, parentType.isComposite,
            !context.schema.doTypesOverlap(fragmentType, parentType)
        else { return }
        context.report(
            "Fragment cannot be spread here as objects of type '\(parentType.name)' can never be of type "
                + "'\(fragmentType.name)'.",
            [fragment.node.location])
    }

    func enterFragmentSpread(_ spread: FragmentSpread) {
        guard let fragment = context.fragment(named: spread.name.value)?.fragment,
            let fragmentType = context.schema.type(named: fragment.typeCondition.name.value),
            fragmentType.isComposite, let parentType = context.parentType,
            !context.schema.doTypesOverlap(fragmentType, parentType)
        else { return }
        context.report(
            "Fragment '\(spread.name.value)' cannot be spread here as objects of type '\(parentType.name)' can never "
                + "be of type '\(fragmentType.name)'.",
            [spread.location])
    }
}
