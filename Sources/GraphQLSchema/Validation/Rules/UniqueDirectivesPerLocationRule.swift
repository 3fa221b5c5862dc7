import GraphQLParser

/// A directive that is not repeatable is applied at most once at each place.
final class UniqueDirectivesPerLocationRule: ValidationRule {
    let context: ValidationContext
    private let isUnique: [String: Bool]
    private var seenByScope: [TypeSystemWalker.Scope: [String: Directive]] = [:]

    init(_ context: ValidationContext) {
        self.context = context
        self.isUnique = DirectiveInfo.known(in: context).mapValues { !$0.isRepeatable }
    }

    func enterOperation(_ operation: IndexedDefinition) { check(operation.directives) }
    func enterFragment(_ fragment: IndexedDefinition) { check(fragment.directives) }
    func enterVariableDefinition(_ definition: VariableDefinition) { check(definition.directives) }
    func enterField(_ field: IndexedField) { check(field.node.directives) }
    func enterFragmentSpread(_ spread: FragmentSpread) { check(spread.directives) }
    func enterInlineFragment(_ fragment: IndexedInlineFragment) { check(fragment.node.directives) }

    func enterTypeSystemDirective(_ directive: Directive, scope: TypeSystemWalker.Scope) {
        var seen = seenByScope[scope] ?? [:]
        check([directive], seen: &seen)
        seenByScope[scope] = seen
    }

    private func check(_ directives: [Directive]) {
        guard directives.count > 1 else { return }
        var seen: [String: Directive] = [:]
        check(directives, seen: &seen)
    }

    private func check(_ directives: [Directive], seen: inout [String: Directive]) {
        for directive in directives {
            let name = directive.name.value
            guard isUnique[name] == true else { continue }
            if let first = seen[name] {
                context.report(
                    "The directive '@\(name)' can only be used once at this location.",
                    [first.location, directive.location])
            } else {
                seen[name] = directive
            }
        }
    }
}
