import GraphQLParser

/// Validates an executable document against the lottery schema: the rules of the GraphQL spec's
/// "Validation" section that matter for this schema (graphql-js wording), so that a bad document is a request
/// error and never reaches the executor.
///
/// Implemented: executable definitions, operation name uniqueness and lone anonymous operation, fragment name
/// uniqueness, known types, fragments on composite types, variables are input types, variable uniqueness,
/// defaults of the right type, fields on correct type, scalar leafs, known and unique arguments, required
/// arguments, values of correct type, known directives in allowed locations and unique per location, known
/// fragments, possible fragment spreads, no fragment cycles, no unused fragments, no undefined and no unused
/// variables, variables in allowed positions, and overlapping fields can be merged (same field and arguments
/// per response key, recursively).
struct GraphQLDocumentValidator {
    /// The schema.
    let schema: LotterySchema
    /// The document.
    let document: Document

    private var errors: [GraphQLResponseError] = []
    private let fragments: [String: FragmentDefinition]
    private let coercion: GraphQLInputCoercion

    /// Creates a validator.
    init(schema: LotterySchema, document: Document) {
        self.schema = schema
        self.document = document
        var fragments: [String: FragmentDefinition] = [:]
        for fragment in document.fragments where fragments[fragment.name.value] == nil {
            fragments[fragment.name.value] = fragment
        }
        self.fragments = fragments
        coercion = GraphQLInputCoercion(schema: schema)
    }

    /// All validation errors of the document, in document order per rule.
    mutating func validate() -> [GraphQLResponseError] {
        errors = []
        checkDefinitions()
        let operations = document.operations
        for operation in operations {
            checkOperation(operation)
        }
        for fragment in document.fragments {
            checkFragmentDefinition(fragment)
        }
        checkFragmentUsage()
        return errors
    }

    private mutating func report(_ message: String, _ locations: [SourceLocation]) {
        errors.append(GraphQLResponseError(message, locations: locations))
    }

    // MARK: Definitions

    private mutating func checkDefinitions() {
        let operations = document.operations
        var operationNames: [String: SourceLocation] = [:]
        var fragmentNames: [String: SourceLocation] = [:]
        for definition in document.definitions {
            switch definition {
            case .operation(let operation):
                if let name = operation.name {
                    if let first = operationNames[name.value] {
                        report("There can be only one operation named \"\(name.value)\".", [first, name.location])
                    } else {
                        operationNames[name.value] = name.location
                    }
                } else if operations.count > 1 {
                    report("This anonymous operation must be the only defined operation.", [operation.location])
                }
            case .fragment(let fragment):
                let name = fragment.name
                if let first = fragmentNames[name.value] {
                    report("There can be only one fragment named \"\(name.value)\".", [first, name.location])
                } else {
                    fragmentNames[name.value] = name.location
                }
            case .typeSystem, .typeSystemExtension:
                let name = definition.name?.value ?? "schema"
                report("The \"\(name)\" definition is not executable.", [definition.location])
            }
        }
    }

    // MARK: Operations

    private mutating func checkOperation(_ operation: OperationDefinition) {
        checkDirectives(operation.directives, at: operation.operation.rawValue.uppercased())
        var definedVariables: [String: VariableDefinition] = [:]
        for definition in operation.variableDefinitions {
            let name = definition.variable.name.value
            if let first = definedVariables[name] {
                report(
                    "There can be only one variable named \"$\(name)\".",
                    [first.variable.location, definition.variable.location])
                continue
            }
            definedVariables[name] = definition
            checkDirectives(definition.directives, at: "VARIABLE_DEFINITION")
            let typeName = definition.type.namedType.name.value
            guard let type = schema.type(named: typeName) else {
                report("Unknown type \"\(typeName)\".", [definition.type.namedType.location])
                continue
            }
            guard type.isInputType else {
                report(
                    "Variable \"$\(name)\" cannot be non-input type \"\(definition.type)\".",
                    [definition.type.location])
                continue
            }
            if let defaultValue = definition.defaultValue,
                let message = coercion.literalError(
                    defaultValue, for: GraphQLDocumentValidator.schemaType(definition.type))
            {
                report(message, [defaultValue.location])
            }
        }
        guard operation.operation == .query else { return }
        checkSelectionSet(operation.selectionSet, parentType: LotterySchema.queryTypeName)

        // Variables: defined, used, in allowed positions.
        var usages: [GraphQLVariableUsage] = []
        var visited: Set<String> = []
        collectVariableUsages(
            operation.selectionSet, parentType: LotterySchema.queryTypeName, into: &usages, visited: &visited)
        for directive in operation.directives {
            collectDirectiveUsages(directive, into: &usages)
        }
        let operationName = operation.name?.value
        var used: Set<String> = []
        var reportedUndefined: Set<String> = []
        for usage in usages {
            let name = usage.variable.name.value
            used.insert(name)
            guard let definition = definedVariables[name] else {
                if reportedUndefined.insert(name).inserted {
                    let message =
                        operationName.map { "Variable \"$\(name)\" is not defined by operation \"\($0)\"." }
                        ?? "Variable \"$\(name)\" is not defined."
                    report(message, [usage.variable.location, operation.location])
                }
                continue
            }
            guard schema.type(named: definition.type.namedType.name.value)?.isInputType == true else { continue }
            let variableType = GraphQLDocumentValidator.schemaType(definition.type)
            var locationType = usage.type
            if case .nonNull(let inner) = locationType, !variableType.isNonNull {
                let hasNonNullDefault =
                    definition.defaultValue.map { if case .null = $0 { false } else { true } } ?? false
                if hasNonNullDefault || usage.hasLocationDefault {
                    locationType = inner
                }
            }
            if !variableType.isCompatible(withLocation: locationType) {
                report(
                    "Variable \"$\(name)\" of type \"\(variableType)\" used in position expecting type "
                        + "\"\(usage.type)\".",
                    [definition.variable.location, usage.variable.location])
            }
        }
        for definition in operation.variableDefinitions where !used.contains(definition.variable.name.value) {
            let name = definition.variable.name.value
            let message =
                operationName.map { "Variable \"$\(name)\" is never used in operation \"\($0)\"." }
                ?? "Variable \"$\(name)\" is never used."
            report(message, [definition.location])
        }
    }

    // MARK: Fragments

    private mutating func checkFragmentDefinition(_ fragment: FragmentDefinition) {
        checkDirectives(fragment.directives, at: "FRAGMENT_DEFINITION")
        let typeName = fragment.typeCondition.name.value
        guard let type = schema.type(named: typeName) else {
            report("Unknown type \"\(typeName)\".", [fragment.typeCondition.location])
            return
        }
        guard type.isObject else {
            report(
                "Fragment \"\(fragment.name.value)\" cannot condition on non composite type \"\(typeName)\".",
                [fragment.typeCondition.location])
            return
        }
        checkSelectionSet(fragment.selectionSet, parentType: typeName)
    }

    private mutating func checkFragmentUsage() {
        // Reachable fragments from the operations.
        var reachable: Set<String> = []
        var queue: [SelectionSet] = document.operations.map(\.selectionSet)
        while let selectionSet = queue.popLast() {
            for name in GraphQLDocumentValidator.spreadNames(in: selectionSet) where reachable.insert(name).inserted {
                if let fragment = fragments[name] { queue.append(fragment.selectionSet) }
            }
        }
        for fragment in document.fragments where !reachable.contains(fragment.name.value) {
            report("Fragment \"\(fragment.name.value)\" is never used.", [fragment.location])
        }
        // Cycles: depth-first search over spreads, each cycle reported once from its first fragment.
        var finished: Set<String> = []
        for fragment in document.fragments where !finished.contains(fragment.name.value) {
            var stack: [(name: String, via: [String])] = []
            detectCycles(from: fragment.name.value, path: &stack, finished: &finished)
        }
    }

    private mutating func detectCycles(
        from name: String, path: inout [(name: String, via: [String])], finished: inout Set<String>
    ) {
        guard let fragment = fragments[name] else { return }
        path.append((name, []))
        for spread in GraphQLDocumentValidator.spreads(in: fragment.selectionSet) {
            let target = spread.name.value
            if let index = path.firstIndex(where: { $0.name == target }) {
                let via = path[(index + 1)...].map { "\"\($0.name)\"" }
                let suffix = via.isEmpty ? "" : " via \(via.joined(separator: ", "))"
                report("Cannot spread fragment \"\(target)\" within itself\(suffix).", [spread.location])
                continue
            }
            if finished.contains(target) { continue }
            detectCycles(from: target, path: &path, finished: &finished)
        }
        path.removeLast()
        finished.insert(name)
    }

    private static func spreads(in selectionSet: SelectionSet) -> [FragmentSpread] {
        var result: [FragmentSpread] = []
        var queue = [selectionSet]
        while let current = queue.popLast() {
            for selection in current.selections {
                switch selection {
                case .field(let field):
                    if let nested = field.selectionSet { queue.append(nested) }
                case .fragmentSpread(let spread):
                    result.append(spread)
                case .inlineFragment(let inline):
                    queue.append(inline.selectionSet)
                }
            }
        }
        return result
    }

    private static func spreadNames(in selectionSet: SelectionSet) -> [String] {
        spreads(in: selectionSet).map(\.name.value)
    }

    // MARK: Selections

    private mutating func checkSelectionSet(_ selectionSet: SelectionSet, parentType: String) {
        for selection in selectionSet.selections {
            switch selection {
            case .field(let field):
                checkField(field, parentType: parentType)
            case .fragmentSpread(let spread):
                checkDirectives(spread.directives, at: "FRAGMENT_SPREAD")
                guard let fragment = fragments[spread.name.value] else {
                    report("Unknown fragment \"\(spread.name.value)\".", [spread.name.location])
                    continue
                }
                let condition = fragment.typeCondition.name.value
                if schema.type(named: condition)?.isObject == true, condition != parentType {
                    report(
                        "Fragment \"\(spread.name.value)\" cannot be spread here as objects of type \"\(parentType)\" "
                            + "can never be of type \"\(condition)\".",
                        [spread.location])
                }
            case .inlineFragment(let inline):
                checkDirectives(inline.directives, at: "INLINE_FRAGMENT")
                var typeName = parentType
                if let condition = inline.typeCondition {
                    typeName = condition.name.value
                    guard let type = schema.type(named: typeName) else {
                        report("Unknown type \"\(typeName)\".", [condition.location])
                        continue
                    }
                    guard type.isObject else {
                        report("Fragment cannot condition on non composite type \"\(typeName)\".", [condition.location])
                        continue
                    }
                    if typeName != parentType {
                        report(
                            "Fragment cannot be spread here as objects of type \"\(parentType)\" "
                                + "can never be of type \"\(typeName)\".",
                            [inline.location])
                        continue
                    }
                }
                checkSelectionSet(inline.selectionSet, parentType: typeName)
            }
        }
        checkOverlaps(selectionSet, parentType: parentType)
    }

    private mutating func checkField(_ field: Field, parentType: String) {
        checkDirectives(field.directives, at: "FIELD")
        let name = field.name.value
        if name == "__typename" {
            for argument in field.arguments {
                report(
                    "Unknown argument \"\(argument.name.value)\" on field \"\(parentType).__typename\".",
                    [argument.location])
            }
            if let selectionSet = field.selectionSet {
                report(
                    "Field \"__typename\" must not have a selection since type \"String!\" has no subfields.",
                    [selectionSet.location])
            }
            return
        }
        guard let definition = schema.field(name, on: parentType) else {
            report("Cannot query field \"\(name)\" on type \"\(parentType)\".", [field.location])
            return
        }
        checkArguments(
            field.arguments, definitions: definition.arguments, owner: "field \"\(parentType).\(name)\"",
            missing: {
                "Field \"\(name)\" argument \"\($0.name)\" of type \"\($0.type)\" is required, but it was not provided."
            },
            at: field.location)
        let typeName = definition.type.namedType
        if schema.type(named: typeName)?.isObject == true {
            guard let selectionSet = field.selectionSet else {
                report(
                    "Field \"\(name)\" of type \"\(definition.type)\" must have a selection of subfields. "
                        + "Did you mean \"\(name) { ... }\"?",
                    [field.location])
                return
            }
            checkSelectionSet(selectionSet, parentType: typeName)
        } else if let selectionSet = field.selectionSet {
            report(
                "Field \"\(name)\" must not have a selection since type \"\(definition.type)\" has no subfields.",
                [selectionSet.location])
        }
    }

    private mutating func checkArguments(
        _ arguments: [Argument], definitions: [SchemaArgumentDefinition], owner: String,
        missing: (SchemaArgumentDefinition) -> String, at location: SourceLocation
    ) {
        var seen: [String: SourceLocation] = [:]
        for argument in arguments {
            let name = argument.name.value
            if let first = seen[name] {
                report("There can be only one argument named \"\(name)\".", [first, argument.name.location])
                continue
            }
            seen[name] = argument.name.location
            guard let definition = definitions.first(where: { $0.name == name }) else {
                report("Unknown argument \"\(name)\" on \(owner).", [argument.location])
                continue
            }
            if let message = coercion.literalError(argument.value, for: definition.type) {
                report(message, [argument.value.location])
            }
        }
        for definition in definitions
        where definition.type.isNonNull && definition.defaultValue == nil && seen[definition.name] == nil {
            report(missing(definition), [location])
        }
    }

    private mutating func checkDirectives(_ directives: [Directive], at location: String) {
        var seen: [String: SourceLocation] = [:]
        for directive in directives {
            let name = directive.name.value
            guard let definition = schema.directives[name] else {
                report("Unknown directive \"@\(name)\".", [directive.location])
                continue
            }
            guard definition.locations.contains(location) else {
                report("Directive \"@\(name)\" may not be used on \(location).", [directive.location])
                continue
            }
            if let first = seen[name] {
                report(
                    "The directive \"@\(name)\" can only be used once at this location.", [first, directive.location])
                continue
            }
            seen[name] = directive.location
            checkArguments(
                directive.arguments, definitions: definition.arguments, owner: "directive \"@\(name)\"",
                missing: {
                    "Directive \"@\(name)\" argument \"\($0.name)\" of type \"\($0.type)\" is required, "
                        + "but it was not provided."
                }, at: directive.location)
        }
    }

    // MARK: Variable usages

    private func collectVariableUsages(
        _ selectionSet: SelectionSet, parentType: String, into usages: inout [GraphQLVariableUsage],
        visited: inout Set<String>
    ) {
        for selection in selectionSet.selections {
            for directive in selection.directives {
                collectDirectiveUsages(directive, into: &usages)
            }
            switch selection {
            case .field(let field):
                let definition = schema.field(field.name.value, on: parentType)
                for argument in field.arguments {
                    guard case .variable(let variable) = argument.value else { continue }
                    guard let argumentDefinition = definition?.argument(argument.name.value) else {
                        // Unknown argument (reported elsewhere): the variable still counts as used.
                        usages.append(
                            GraphQLVariableUsage(
                                variable: variable, type: .named("__Unknown"), hasLocationDefault: true))
                        continue
                    }
                    usages.append(
                        GraphQLVariableUsage(
                            variable: variable, type: argumentDefinition.type,
                            hasLocationDefault: argumentDefinition.defaultValue != nil))
                }
                if let nested = field.selectionSet {
                    collectVariableUsages(
                        nested, parentType: definition?.type.namedType ?? "__Unknown", into: &usages, visited: &visited)
                }
            case .fragmentSpread(let spread):
                guard visited.insert(spread.name.value).inserted, let fragment = fragments[spread.name.value] else {
                    continue
                }
                for directive in fragment.directives {
                    collectDirectiveUsages(directive, into: &usages)
                }
                collectVariableUsages(
                    fragment.selectionSet, parentType: fragment.typeCondition.name.value, into: &usages,
                    visited: &visited)
            case .inlineFragment(let inline):
                collectVariableUsages(
                    inline.selectionSet, parentType: inline.typeCondition?.name.value ?? parentType, into: &usages,
                    visited: &visited)
            }
        }
    }

    private func collectDirectiveUsages(_ directive: Directive, into usages: inout [GraphQLVariableUsage]) {
        let definition = schema.directives[directive.name.value]
        for argument in directive.arguments {
            guard case .variable(let variable) = argument.value else { continue }
            if let argumentDefinition = definition?.arguments.first(where: { $0.name == argument.name.value }) {
                usages.append(
                    GraphQLVariableUsage(
                        variable: variable, type: argumentDefinition.type,
                        hasLocationDefault: argumentDefinition.defaultValue != nil))
            } else {
                usages.append(
                    GraphQLVariableUsage(variable: variable, type: .named("__Unknown"), hasLocationDefault: true))
            }
        }
    }

    // MARK: Overlapping fields

    private struct FieldOccurrence {
        let parentType: String
        let field: Field
    }

    /// Field occurrences grouped by response key, in first-seen order.
    private struct OccurrenceGroups {
        private(set) var groups: [(key: String, occurrences: [FieldOccurrence])] = []
        private var positions: [String: Int] = [:]

        mutating func append(_ occurrence: FieldOccurrence) {
            let key = occurrence.field.responseKey
            if let index = positions[key] {
                groups[index].occurrences.append(occurrence)
            } else {
                positions[key] = groups.count
                groups.append((key, [occurrence]))
            }
        }
    }

    private mutating func checkOverlaps(_ selectionSet: SelectionSet, parentType: String) {
        var occurrences = OccurrenceGroups()
        var visited: Set<String> = []
        collectOccurrences(selectionSet, parentType: parentType, into: &occurrences, visited: &visited)
        for (key, group) in occurrences.groups where group.count > 1 {
            if let reason = conflictReason(group) {
                report(
                    "Fields \"\(key)\" conflict because \(reason). "
                        + "Use different aliases on the fields to fetch both if this was intentional.",
                    group.map(\.field.location))
            }
        }
    }

    private func collectOccurrences(
        _ selectionSet: SelectionSet, parentType: String, into occurrences: inout OccurrenceGroups,
        visited: inout Set<String>
    ) {
        for selection in selectionSet.selections {
            switch selection {
            case .field(let field):
                occurrences.append(FieldOccurrence(parentType: parentType, field: field))
            case .fragmentSpread(let spread):
                guard visited.insert(spread.name.value).inserted, let fragment = fragments[spread.name.value] else {
                    continue
                }
                collectOccurrences(
                    fragment.selectionSet, parentType: fragment.typeCondition.name.value, into: &occurrences,
                    visited: &visited)
            case .inlineFragment(let inline):
                collectOccurrences(
                    inline.selectionSet, parentType: inline.typeCondition?.name.value ?? parentType,
                    into: &occurrences, visited: &visited)
            }
        }
    }

    /// Why fields sharing a response key cannot be merged, or `nil` when they can.
    private func conflictReason(_ group: [FieldOccurrence]) -> String? {
        guard let first = group.first else { return nil }
        for other in group.dropFirst() {
            if first.field.name.value != other.field.name.value {
                return "\"\(first.field.name.value)\" and \"\(other.field.name.value)\" are different fields"
            }
            if !GraphQLDocumentValidator.sameArguments(first.field.arguments, other.field.arguments) {
                return "they have differing arguments"
            }
        }
        // Sub-selections: merged, they must not conflict either.
        let subSelections = group.compactMap { occurrence -> (SelectionSet, String)? in
            guard let selectionSet = occurrence.field.selectionSet else { return nil }
            let type = schema.field(occurrence.field.name.value, on: occurrence.parentType)?.type.namedType
            return (selectionSet, type ?? "__Unknown")
        }
        guard subSelections.count > 1 else { return nil }
        var merged = OccurrenceGroups()
        var visited: Set<String> = []
        for (selectionSet, type) in subSelections {
            collectOccurrences(selectionSet, parentType: type, into: &merged, visited: &visited)
        }
        var reasons: [String] = []
        for (key, subGroup) in merged.groups where subGroup.count > 1 {
            if let reason = conflictReason(subGroup) {
                reasons.append("subfields \"\(key)\" conflict because \(reason)")
            }
        }
        return reasons.isEmpty ? nil : reasons.joined(separator: " and ")
    }

    private static func sameArguments(_ left: [Argument], _ right: [Argument]) -> Bool {
        guard left.count == right.count else { return false }
        return left.allSatisfy { argument in
            right.contains {
                $0.name.value == argument.name.value
                    && GraphQLValuePrinter.print($0.value) == GraphQLValuePrinter.print(argument.value)
            }
        }
    }

    // MARK: Types

    /// The schema model's form of a parsed type reference.
    static func schemaType(_ type: TypeReference) -> SchemaTypeReference {
        switch type {
        case .named(let named): return .named(named.name.value)
        case .list(let inner, _): return .list(schemaType(inner))
        case .nonNull(let inner, _): return .nonNull(schemaType(inner))
        }
    }
}
