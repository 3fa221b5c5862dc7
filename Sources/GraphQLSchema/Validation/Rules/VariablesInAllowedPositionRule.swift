import GraphQLParser

/// Variables are used where their types are allowed: the same type or a more specific one (non-null where
/// null is allowed, unless the variable or the place has a default value).
final class VariablesInAllowedPositionRule: ValidationRule {
    let context: ValidationContext
    init(_ context: ValidationContext) { self.context = context }

    func leaveOperation(_ operation: IndexedDefinition) {
        guard let node = operation.operation else { return }
        var definitions: [String: VariableDefinition] = [:]
        for definition in node.variableDefinitions { definitions[definition.variable.name.value] = definition }
        let schema = context.schema
        for usage in context.recursiveVariableUsages(operation) {
            let name = usage.variable.name.value
            guard let definition = definitions[name], let locationType = usage.type,
                let variableType = context.typeFromAST(definition.type)
            else { continue }
            if !isAllowed(variableType, definition.defaultValue, locationType, usage.hasLocationDefault) {
                context.report(
                    "Variable '$\(name)' of type '\(variableType)' used in position expecting type '\(locationType)'.",
                    [definition.location, usage.variable.location])
            }
            if case .named(let parentName) = usage.parentType, let parent = schema.type(named: parentName),
                parent.kind == .inputObject, parent.isOneOf, !variableType.isNonNull
            {
                context.report(
                    "Variable '$\(name)' is of type '\(variableType)' but must be non-nullable to be used for OneOf "
                        + "Input Object '\(parentName)'.",
                    [definition.location, usage.variable.location])
            }
        }
    }

    private func isAllowed(
        _ variableType: TypeRef, _ variableDefault: Value?, _ locationType: TypeRef, _ hasLocationDefault: Bool
    ) -> Bool {
        if case .nonNull(let nullableLocation) = locationType, !variableType.isNonNull {
            var hasNonNullVariableDefault = variableDefault != nil
            if case .null = variableDefault { hasNonNullVariableDefault = false }
            if !hasNonNullVariableDefault && !hasLocationDefault { return false }
            return context.schema.isTypeSubType(variableType, of: nullableLocation)
        }
        return context.schema.isTypeSubType(variableType, of: locationType)
    }
}
