import GraphQLParser

/// Subscriptions do not use `@defer` or `@stream` unless they can be turned off (`if: false` or a variable), or
/// the selection can be skipped (graphql-core's incremental delivery rule).
final class DeferStreamDirectiveOnValidOperationsRule: ValidationRule {
    let context: ValidationContext
    private var checkedFragments: Set<String> = []
    init(_ context: ValidationContext) { self.context = context }

    func enterOperation(_ operation: IndexedDefinition) {
        guard operation.operation?.operation == .subscription else { return }
        var visited: Set<String> = []
        var parents: [FragmentSpread] = []
        if forbid(operation.selectionSet, &parents, &visited) {
            checkedFragments.formUnion(visited)
        }
    }

    private static func ifArgument(_ directive: Directive) -> Value? {
        directive.arguments.first { $0.name.value == "if" }?.value
    }

    private static func canBeSkipped(skip directive: Directive) -> Bool {
        guard let value = ifArgument(directive) else { return true }
        if case .boolean(let flag, _) = value { return flag }
        return true
    }

    private static func canBeSkipped(include directive: Directive) -> Bool {
        guard let value = ifArgument(directive) else { return false }
        if case .boolean(let flag, _) = value { return !flag }
        return true
    }

    private static func canBeFalse(_ directive: Directive) -> Bool {
        switch ifArgument(directive) {
        case .boolean(let flag, _): !flag
        case .variable: true
        default: false
        }
    }

    private func forbid(
        _ selectionSet: IndexedSelectionSet, _ parents: inout [FragmentSpread], _ visited: inout Set<String>
    ) -> Bool {
        var valid = true
        for selection in selectionSet.selections {
            let directives: [Directive]
            switch selection {
            case .field(let field): directives = field.node.directives
            case .fragmentSpread(let spread): directives = spread.directives
            case .inlineFragment(let fragment): directives = fragment.node.directives
            }
            if let skip = directives.first(where: { $0.name.value == "skip" }), Self.canBeSkipped(skip: skip) {
                continue
            }
            if let include = directives.first(where: { $0.name.value == "include" }),
                Self.canBeSkipped(include: include)
            {
                continue
            }
            for directive in directives {
                let message: String
                switch directive.name.value {
                case "defer":
                    if Self.canBeFalse(directive) { continue }
                    message =
                        "Defer directive not supported on subscription operations. Disable `@defer` by setting the "
                        + "`if` argument to `false`."
                case "stream":
                    if Self.canBeFalse(directive) { continue }
                    message =
                        "Stream directive not supported on subscription operations. Disable `@stream` by setting the "
                        + "`if` argument to `false`."
                default:
                    continue
                }
                valid = false
                context.report(message, [directive.location] + parents.reversed().map(\.location))
            }
            switch selection {
            case .fragmentSpread(let spread):
                let name = spread.name.value
                if visited.contains(name) || checkedFragments.contains(name) { continue }
                visited.insert(name)
                guard let fragment = context.fragment(named: name) else { continue }
                parents.append(spread)
                valid = forbid(fragment.selectionSet, &parents, &visited) && valid
                parents.removeLast()
            case .field(let field):
                if let nested = field.selectionSet { valid = forbid(nested, &parents, &visited) && valid }
            case .inlineFragment(let fragment):
                valid = forbid(fragment.selectionSet, &parents, &visited) && valid
            }
        }
        return valid
    }
}
