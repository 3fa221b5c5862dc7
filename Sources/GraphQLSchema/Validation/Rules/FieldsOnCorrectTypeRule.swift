import GraphQLParser

/// Selected fields exist on the type they are selected on (or are `__typename`, `__schema`, `__type`).
final class FieldsOnCorrectTypeRule: ValidationRule {
    let context: ValidationContext
    init(_ context: ValidationContext) { self.context = context }

    func enterField(_ field: IndexedField) {
        guard let parentType = context.parentType, context.fieldDefinition == nil else { return }
        let name = field.name
        var suggestion = Suggestions.didYouMean(suggestedTypeNames(parentType, name), "to use an inline fragment on")
        if suggestion.isEmpty {
            suggestion = Suggestions.didYouMean(Suggestions.list(name, parentType.fields.map(\.name)))
        }
        context.report("Cannot query field '\(name)' on type '\(parentType.name)'.\(suggestion)", [field.location])
    }

    /// The types under an abstract type that have the field, the most used first (graphql-core's
    /// `get_suggested_type_names`).
    private func suggestedTypeNames(_ type: SchemaType, _ fieldName: String) -> [String] {
        guard type.isAbstract else { return [] }
        let schema = context.schema
        var suggested: [SchemaType] = []
        var usageCount: [String: Int] = [:]
        for possibleType in schema.possibleTypes(of: type) where possibleType.field(named: fieldName) != nil {
            if usageCount[possibleType.name] == nil { suggested.append(possibleType) }
            usageCount[possibleType.name] = 1
            for interfaceName in possibleType.interfaces {
                guard let interface = schema.type(named: interfaceName), interface.kind == .interface,
                    interface.field(named: fieldName) != nil
                else { continue }
                if usageCount[interface.name] == nil { suggested.append(interface) }
                usageCount[interface.name, default: 0] += 1
            }
        }
        return suggested.stableSorted { a, b in
            let difference = (usageCount[b.name] ?? 0) - (usageCount[a.name] ?? 0)
            if difference != 0 { return difference < 0 }
            if a.kind == .interface && schema.isSubType(a, b) { return true }
            if b.kind == .interface && schema.isSubType(b, a) { return false }
            return Suggestions.naturalLess(a.name, b.name)
        }.map(\.name)
    }
}
