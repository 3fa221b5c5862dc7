import GraphQLParser

/// Every fragment is spread by an operation, directly or through other fragments.
final class NoUnusedFragmentsRule: ValidationRule {
    let context: ValidationContext
    /// The severity of what it finds: a warning where unused fragments are generated on their own.
    let severity: Diagnostic.Severity
    init(_ context: ValidationContext, severity: Diagnostic.Severity = .error) {
        self.context = context
        self.severity = severity
    }

    func leaveDocument() {
        let used = Set(
            context.recursivelyReferencedFragments(context.operations).compactMap { $0.fragment?.name.value })
        for fragment in context.fragments {
            guard let node = fragment.fragment, !used.contains(node.name.value) else { continue }
            let message = "Fragment '\(node.name.value)' is never used."
            if severity == .error {
                context.report(message, [node.location])
            } else {
                context.warn(message, at: node.location)
            }
        }
    }
}
