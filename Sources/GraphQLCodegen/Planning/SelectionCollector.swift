import GraphQLParser
import GraphQLSchema

/// Merges a selection set's fields, inline fragments and fragment spreads for a set of runtime types (GraphQL's
/// `CollectFields`, done statically for every object type the struct stands for): what applies to every one of
/// those types is merged; a type condition that applies to some of them only is recorded as a type case.
struct SelectionCollector {
    let schema: Schema
    /// The fragment definitions, by name (already rewritten).
    let fragments: [String: FragmentDefinition]

    /// Collects `selections` (each with the `@include`/`@skip` conditions it is under) for the objects of `types`,
    /// written on `scope`.
    /// - Parameters:
    ///   - scope: The type the struct is generated for (for a type case view, its type condition).
    ///   - types: The object types the struct stands for (for a type case view, those of its enclosing struct that
    ///     satisfy its condition); a type condition is merged when every one of them satisfies it.
    ///   - parent: The type the selections are written on in the document (for a type case view, the base's scope);
    ///     `scope` when nil.
    /// - Returns: The merged fields and fragments, and every type condition met inside fragments that do not apply
    ///   (at any depth), which the caller turns into type cases.
    ///   - fulfilled: The conditions of deferred inline fragments whose increment the struct stands for (a deferred
    ///     view: ``CollectedSelections/deferredInlineFragments``): they are taken as holding, and that fragment is not
    ///     recorded again.
    func collect(
        _ selections: [(Selection, Set<String>)], scope: SchemaType, types: Set<String>, parent: String? = nil,
        fulfilled: Set<String> = []
    )
        -> CollectedSelections
    {
        var result = CollectedSelections()
        for (selection, conditional) in selections {
            collect(
                selection, scope: scope, types: types, parent: parent ?? scope.name,
                conditional: conditional.subtracting(fulfilled), direct: true, visiting: [], into: &result)
        }
        guard !fulfilled.isEmpty else { return result }
        for key in result.keys {
            result.occurrences[key] = result.occurrences[key]?.map { occurrence in
                var occurrence = occurrence
                occurrence.conditions.subtract(fulfilled)
                return occurrence
            }
        }
        result.deferredInlineFragments.removeAll { fulfilled.contains($0.condition) }
        return result
    }

    /// The object types a composite type stands for: itself, or an interface's or union's possible types.
    func possibleTypes(of type: SchemaType) -> Set<String> {
        type.isAbstract ? Set(schema.possibleTypes(of: type).map(\.name)) : [type.name]
    }

    /// Whether a fragment with type condition `condition` applies to every object of type `scope`.
    func applies(_ condition: SchemaType, to scope: SchemaType) -> Bool {
        applies(condition, to: scope, types: possibleTypes(of: scope))
    }

    /// Whether a fragment with type condition `condition` applies to every object of `types` (a struct on `scope`).
    func applies(_ condition: SchemaType, to scope: SchemaType, types: Set<String>) -> Bool {
        if condition === scope || condition.name == scope.name { return true }
        guard condition.isAbstract else { return false }
        // An interface or union without object types: only what the schema says of the types themselves.
        if types.isEmpty { return scope.kind == .interface && scope.interfaces.contains(condition.name) }
        return types.isSubset(of: possibleTypes(of: condition))
    }

    /// The `@include`/`@skip` conditions of `directives` (`include:$v`, `skip:$v`, `skip:true`); a literal that always
    /// includes (`@include(if: true)`, `@skip(if: false)`) is none. A `@defer` (unless `if: false`) is a condition too
    /// (`defer:LABEL`, or `defer@LINE:COLUMN` without a label): its fields are not in the initial payload, so they are
    /// optional, `nil` until their increment arrives.
    ///
    /// An inline fragment's `@defer` is spelled `defer-inline:LABEL` (or `defer-inline@LINE:COLUMN`): its fields are
    /// the deferred view's (``CollectedSelections/deferredInlineFragments``), not the enclosing struct's.
    static func conditions(_ directives: [Directive], inline: Bool = false) -> Set<String> {
        var conditions: Set<String> = []
        if let condition = deferCondition(directives, inline: inline) { conditions.insert(condition) }
        for directive in directives where directive.name.value == "include" || directive.name.value == "skip" {
            let name = directive.name.value
            switch directive.arguments.first(where: { $0.name.value == "if" })?.value {
            case .variable(let variable)?: conditions.insert(name + ":$" + variable.name.value)
            case .boolean(let flag, _)?: if flag != (name == "include") { conditions.insert(name + ":" + String(flag)) }
            default: conditions.insert(name + ":?")
            }
        }
        return conditions
    }

    /// The condition of `directives`' `@defer` (see ``conditions(_:inline:)``); `nil` without one, or with `if: false`.
    static func deferCondition(_ directives: [Directive], inline: Bool) -> String? {
        let prefix = inline ? "defer-inline" : "defer"
        for directive in directives where directive.name.value == "defer" {
            if case .boolean(false, _)? = directive.arguments.first(where: { $0.name.value == "if" })?.value {
                continue
            }
            if case .string(let label)? = directive.arguments.first(where: { $0.name.value == "label" })?.value {
                return prefix + ":" + label.value
            }
            return prefix + "@\(directive.location.line):\(directive.location.column)"
        }
        return nil
    }

    /// The label of `directives`' `@defer`, if it has one.
    static func deferLabel(_ directives: [Directive]) -> String? {
        for directive in directives where directive.name.value == "defer" {
            if case .string(let label)? = directive.arguments.first(where: { $0.name.value == "label" })?.value {
                return label.value
            }
        }
        return nil
    }

    /// Whether a condition is a deferred inline fragment's (``conditions(_:inline:)``).
    static func isDeferredInline(_ condition: String) -> Bool {
        condition.hasPrefix("defer-inline")
    }

    private func collect(
        _ selection: Selection, scope: SchemaType, types: Set<String>, parent: String, conditional: Set<String>,
        direct: Bool, visiting: Set<String>, into result: inout CollectedSelections
    ) {
        var isInline = false
        if case .inlineFragment = selection { isInline = true }
        let conditions = conditional.union(Self.conditions(selection.directives, inline: isInline))
        switch selection {
        case .field(let field):
            result.add(FieldOccurrence(field: field, parentType: parent, conditions: conditions))
        case .inlineFragment(let fragment):
            let condition = fragment.typeCondition.flatMap { schema.type(named: $0.name.value) } ?? scope
            let nestedParent = fragment.typeCondition == nil ? parent : condition.name
            if applies(condition, to: scope, types: types) {
                if direct, let deferred = Self.deferCondition(fragment.directives, inline: true) {
                    result.addDeferredInlineFragment(
                        condition: deferred,
                        name: Self.deferLabel(fragment.directives) ?? "Deferred"
                            + SwiftNames.capitalized(condition.name))
                }
                for nested in fragment.selectionSet.selections {
                    collect(
                        nested, scope: scope, types: types, parent: nestedParent, conditional: conditions,
                        direct: direct, visiting: visiting, into: &result)
                }
            } else {
                result.addTypeCondition(condition.name)
                recordTypeConditions(in: fragment.selectionSet.selections, visiting: visiting, into: &result)
            }
        case .fragmentSpread(let spread):
            let name = spread.name.value
            guard !visiting.contains(name), let definition = fragments[name],
                let condition = schema.type(named: definition.typeCondition.name.value)
            else { return }
            if applies(condition, to: scope, types: types) {
                if direct { result.addFragment(name, isConditional: !conditions.isEmpty) }
                for nested in definition.selectionSet.selections {
                    collect(
                        nested, scope: scope, types: types, parent: condition.name, conditional: conditions,
                        direct: false, visiting: visiting.union([name]), into: &result)
                }
            } else {
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
