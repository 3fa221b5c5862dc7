import GraphQLParser

/// Every fragment is spread by an operation, directly or through other fragments.
final class NoUnusedFragmentsRule: ValidationRule {
    let context: ValidationContext
    init(_ context: ValidationContext) { self.context = context }

    func leaveDocument() {
        let used = Set(
            context.recursivelyReferencedFragments(context.operations).compactMap { $0.fragment?.name.value })
        for fragment in context.fragments {
            guard let node = fragment.fragment, !used.contains(node.name.value) else { continue }
            context.report("Fragment '\(node.name.value)' is never used.", [node.location])
        }
    }
}
