import GraphQLParser

/// Merges a selection set's fields, inline fragments and fragment spreads for one scope type (GraphQL's
/// `CollectFields`, done statically): what applies to every object of the scope is merged; a type condition
/// narrower than the scope is recorded as a type case.
struct SelectionCollector {
    let schema: Schema
    /// The fragment definitions, by name (already rewritten).
    let fragments: [String: FragmentDefinition]

    /// Collects `selections` (each with whether it may be left out) for objects of type `scope`.
    /// - Parameters:
    ///   - parent: The type the selections are written on in the document (for a type case view, the base's scope);
    ///     `scope` when nil.
    ///   - recordTypeConditions: Record type conditions that do not apply (for the base struct; a type case's own
    ///     collection does not record them).
    func collect(
        _ selections: [(Selection, Bool)], scope: SchemaType, parent: String? = nil, recordTypeConditions: Bool
    ) -> CollectedSelections {
        var result = CollectedSelections()
        for (selection, conditional) in selections {
            collect(
                selection, scope: scope, parent: parent ?? scope.name, conditional: conditional, direct: true,
                record: recordTypeConditions, visiting: [], into: &result)
        }
        return result
    }

    /// Whether a fragment with type condition `condition` applies to every object of type `scope`.
    func applies(_ condition: SchemaType, to scope: SchemaType) -> Bool {
        if condition === scope || condition.name == scope.name { return true }
        guard condition.isAbstract else { return false }
        let allowed = Set(schema.possibleTypes(of: condition).map(\.name))
        if scope.kind == .object { return allowed.contains(scope.name) }
        if scope.kind == .interface, scope.interfaces.contains(condition.name) { return true }
        let possible = schema.possibleTypes(of: scope)
        return !possible.isEmpty && possible.allSatisfy { allowed.contains($0.name) }
    }

    /// Whether `@include` or `@skip` is applied.
    static func isConditional(_ directives: [Directive]) -> Bool {
        directives.contains { $0.name.value == "include" || $0.name.value == "skip" }
    }

    private func collect(
        _ selection: Selection, scope: SchemaType, parent: String, conditional: Bool, direct: Bool, record: Bool,
        visiting: Set<String>, into result: inout CollectedSelections
    ) {
        let isConditional = conditional || Self.isConditional(selection.directives)
        switch selection {
        case .field(let field):
            result.add(FieldOccurrence(field: field, parentType: parent, isConditional: isConditional))
        case .inlineFragment(let fragment):
            let condition = fragment.typeCondition.flatMap { schema.type(named: $0.name.value) } ?? scope
            let nestedParent = fragment.typeCondition == nil ? parent : condition.name
            if applies(condition, to: scope) {
                for nested in fragment.selectionSet.selections {
                    collect(
                        nested, scope: scope, parent: nestedParent, conditional: isConditional, direct: direct,
                        record: record, visiting: visiting, into: &result)
                }
            } else if record {
                result.addTypeCondition(condition.name)
                recordTypeConditions(in: fragment.selectionSet.selections, visiting: visiting, into: &result)
            }
        case .fragmentSpread(let spread):
            let name = spread.name.value
            guard !visiting.contains(name), let definition = fragments[name],
                let condition = schema.type(named: definition.typeCondition.name.value)
            else { return }
            if applies(condition, to: scope) {
                if direct { result.addFragment(name, isConditional: isConditional) }
                for nested in definition.selectionSet.selections {
                    collect(
                        nested, scope: scope, parent: condition.name, conditional: isConditional, direct: false,
                        record: record, visiting: visiting.union([name]), into: &result)
                }
            } else if record {
                result.addTypeCondition(condition.name)
                recordTypeConditions(
                    in: definition.selectionSet.selections, visiting: visiting.union([name]), into: &result)
            }
        }
    }

    /// Records the type conditions nested in a fragment that does not apply (they become type cases too).
    private func recordTypeConditions(
        in selections: [Selection], visiting: Set<String>, into result: inout CollectedSelections
    ) {
        for selection in selections {
            switch selection {
            case .field:
                break
            case .inlineFragment(let fragment):
                if let condition = fragment.typeCondition?.name.value { result.addTypeCondition(condition) }
                recordTypeConditions(in: fragment.selectionSet.selections, visiting: visiting, into: &result)
            case .fragmentSpread(let spread):
                let name = spread.name.value
                guard !visiting.contains(name), let definition = fragments[name] else { continue }
                result.addTypeCondition(definition.typeCondition.name.value)
                recordTypeConditions(
                    in: definition.selectionSet.selections, visiting: visiting.union([name]), into: &result)
            }
        }
    }
}
