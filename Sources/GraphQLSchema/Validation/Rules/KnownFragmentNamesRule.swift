import GraphQLParser

/// Fragment spreads name fragments of the document.
final class KnownFragmentNamesRule: ValidationRule {
    let context: ValidationContext
    init(_ context: ValidationContext) { self.context = context }

    func enterFragmentSpread(_ spread: FragmentSpread) {
        guard context.fragment(named: spread.name.value) == nil else { return }
        context.report("Unknown fragment '\(spread.name.value)'.", [spread.name.location])
    }
}
