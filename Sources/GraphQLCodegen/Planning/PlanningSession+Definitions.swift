import GraphQLParser
import GraphQLSchema

extension PlanningSession {
    /// Static members of a fragment struct, which its fields must not take.
    static let fragmentStaticMembers: Set<String> = [
        "fragmentName", "typeCondition", "fragmentDefinition", "cacheMetadata",
    ]
    /// Members of an operation struct, which its variables must not take.
    static let operationMembers: Set<String> = [
        "operationName", "operationType", "document", "operationIdentifier", "variables", "variablesJSON",
        "cacheMetadata", "Data", "Variables", "CodingKeys",
    ]

    /// Plans a fragment's struct.
    func planFragment(_ name: String, swiftName: String) -> FragmentPlan? {
        guard let original = originalFragments[name], let fragment = fragments[name] else { return nil }
        guard let type = schema.type(named: fragment.typeCondition.name.value), type.isComposite else {
            error(
                "Unknown type '\(fragment.typeCondition.name.value)' in the type condition of fragment '\(name)'.",
                at: fragment.typeCondition.location)
            return nil
        }
        let selectionSet = planSelectionSet(
            swiftName: swiftName, qualifiedName: swiftName, scope: type,
            selections: fragment.selectionSet.selections.map { ($0, []) },
            reservedMembers: Self.fragmentStaticMembers)
        var plan = FragmentPlan(
            name: name, typeCondition: type.name, description: original.description?.value,
            minifiedText: Printer.minified(fragment),
            fragments: usedFragments(in: fragment.selectionSet, excluding: name),
            selectionSet: selectionSet, sourceFile: Self.fileName(of: original.location))
        // The app reads and writes a fragment's data on its own (GraphQLCacheTransaction.read(_:key:)).
        plan.cache = CacheMetadataBuilder(schema: schema, fragments: fragments).build(fragment.selectionSet, on: type)
        return plan
    }

    /// Plans an operation type.
    func planOperation(_ original: OperationDefinition, swiftName: String) -> OperationPlan? {
        guard let name = original.name?.value else { return nil }
        guard let root = schema.rootType(for: original.operation) else {
            error(
                "The schema has no \(original.operation.rawValue) type, so the \(original.operation.rawValue) "
                    + "'\(name)' cannot be generated.", at: original.location)
            return nil
        }
        let operation = rewriter.rewrite(original)
        var members = NameScope(reserved: Self.operationMembers)
        let variables = operation.variableDefinitions.map { definition in
            inputValue(
                name: definition.variable.name.value, propertyName: members.claim(definition.variable.name.value),
                type: TypeRef(definition.type), defaultValue: definition.defaultValue,
                description: original.variableDefinitions.first { $0.variable == definition.variable }?
                    .description?.value,
                location: definition.location)
        }
        let data = planSelectionSet(
            swiftName: "Data", qualifiedName: swiftName + ".Data", scope: root,
            selections: operation.selectionSet.selections.map { ($0, []) })
        var plan = OperationPlan(
            name: name, swiftName: swiftName, operationType: original.operation, signature: signature(of: original),
            description: original.description?.value, minifiedText: Printer.minified(operation),
            fragments: usedFragments(in: operation.selectionSet, excluding: nil), variables: variables, data: data,
            sourceFile: Self.fileName(of: original.location))
        // Subscriptions too: each event's data is written through the cache (its objects merged into their records).
        plan.cache = CacheMetadataBuilder(schema: schema, fragments: fragments).build(operation.selectionSet, on: root)
        for definition in operation.variableDefinitions {
            guard let value = definition.defaultValue else { continue }
            plan.cacheVariableDefaults[definition.variable.name.value] = CacheMetadataBuilder.json(value)
        }
        return plan
    }

    /// `query Game($id: ID!, $last: Int = 10)`.
    func signature(of operation: OperationDefinition) -> String {
        var text = operation.operation.rawValue
        if let name = operation.name?.value { text += " " + name }
        if !operation.variableDefinitions.isEmpty {
            let variables = operation.variableDefinitions.map { definition in
                var item = "$\(definition.variable.name.value): \(definition.type.description)"
                if let value = definition.defaultValue { item += " = " + Printer.pretty(value) }
                return item
            }
            text += "(" + variables.joined(separator: ", ") + ")"
        }
        return text
    }

    /// The names of the fragments a selection set uses, directly or through other fragments, sorted.
    func usedFragments(in selectionSet: SelectionSet, excluding excluded: String?) -> [String] {
        var found: Set<String> = []
        func visit(_ selections: [Selection]) {
            for selection in selections {
                switch selection {
                case .field(let field): visit(field.selectionSet?.selections ?? [])
                case .inlineFragment(let fragment): visit(fragment.selectionSet.selections)
                case .fragmentSpread(let spread):
                    let name = spread.name.value
                    guard !found.contains(name), name != excluded else { continue }
                    found.insert(name)
                    if let definition = fragments[name] { visit(definition.selectionSet.selections) }
                }
            }
        }
        visit(selectionSet.selections)
        return found.sorted()
    }

    /// The last path component of a location's file, for generated headers.
    static func fileName(of location: SourceLocation) -> String {
        location.fileName.split(separator: "/").last.map(String.init) ?? location.fileName
    }
}
