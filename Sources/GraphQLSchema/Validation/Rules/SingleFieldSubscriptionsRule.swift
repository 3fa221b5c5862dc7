import GraphQLParser

/// A subscription selects exactly one root field, not an introspection field, without `@skip` or `@include`
/// at the top level.
final class SingleFieldSubscriptionsRule: ValidationRule {
    let context: ValidationContext
    init(_ context: ValidationContext) { self.context = context }

    func enterOperation(_ operation: IndexedDefinition) {
        guard let node = operation.operation, node.operation == .subscription,
            let subscriptionType = context.schema.subscriptionType
        else { return }
        var collector = Collector(context: context, runtimeType: subscriptionType)
        collector.visit(operation.selectionSet)
        let subject = node.name.map { "Subscription '\($0.value)'" } ?? "Anonymous Subscription"
        if !collector.forbiddenDirectives.isEmpty {
            context.report(
                "\(subject) must not use `@skip` or `@include` directives in the top level selection.",
                collector.forbiddenDirectives.map(\.location))
            return
        }
        if collector.order.isEmpty {
            context.report("\(subject) must select one top level field.", [operation.selectionSet.location])
        } else if collector.order.count > 1 {
            let extra = collector.order.dropFirst().flatMap { collector.groups[$0] ?? [] }
            context.report("\(subject) must select only one top level field.", extra.map(\.location))
        }
        for key in collector.order {
            let fields = collector.groups[key] ?? []
            guard let first = fields.first, first.name.value.hasPrefix("__") else { continue }
            context.report(
                "\(subject) must not select an introspection top level field.", fields.map(\.location))
        }
    }

    /// graphql-core's `collect_fields` with `forbid_skip_and_include`.
    private struct Collector {
        let context: ValidationContext
        let runtimeType: SchemaType
        var order: [String] = []
        var groups: [String: [Field]] = [:]
        var forbiddenDirectives: [Directive] = []
        var visitedFragments: Set<String> = []

        init(context: ValidationContext, runtimeType: SchemaType) {
            self.context = context
            self.runtimeType = runtimeType
        }

        /// Whether the selection is included; `@skip` and `@include` are recorded as forbidden instead.
        mutating func isIncluded(_ directives: [Directive]) -> Bool {
            if let skip = directives.first(where: { $0.name.value == "skip" }) {
                forbiddenDirectives.append(skip)
                return false
            }
            if let include = directives.first(where: { $0.name.value == "include" }) {
                forbiddenDirectives.append(include)
                return false
            }
            return true
        }

        func conditionMatches(_ condition: NamedType?) -> Bool {
            guard let condition else { return true }
            guard let type = context.schema.type(named: condition.name.value) else { return false }
            if type === runtimeType { return true }
            return type.isAbstract && context.schema.isSubType(type, runtimeType)
        }

        mutating func visit(_ selectionSet: IndexedSelectionSet) {
            for selection in selectionSet.selections {
                switch selection {
                case .field(let field):
                    guard isIncluded(field.node.directives) else { continue }
                    let key = field.node.responseKey
                    if groups[key] == nil { order.append(key) }
                    groups[key, default: []].append(field.node)
                case .inlineFragment(let fragment):
                    guard isIncluded(fragment.node.directives), conditionMatches(fragment.node.typeCondition)
                    else { continue }
                    visit(fragment.selectionSet)
                case .fragmentSpread(let spread):
                    guard isIncluded(spread.directives), let fragment = context.fragment(named: spread.name.value),
                        let node = fragment.fragment, conditionMatches(node.typeCondition),
                        !visitedFragments.contains(spread.name.value)
                    else { continue }
                    visitedFragments.insert(spread.name.value)
                    visit(fragment.selectionSet)
                }
            }
        }
    }
}
