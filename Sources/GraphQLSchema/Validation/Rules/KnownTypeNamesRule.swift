import GraphQLParser

/// Variable types and type conditions name types of the schema.
final class KnownTypeNamesRule: ValidationRule {
    let context: ValidationContext
    private lazy var typeNames: [String] = Array(
        Set(context.schema.types.map(\.name)).union(context.documentTypeNames))
    private static let standardNames: Set<String> = SchemaType.builtInScalarNames.union(
        BuiltInDefinitions.introspectionTypes.map(\.name))
    init(_ context: ValidationContext) { self.context = context }

    func enterNamedType(_ type: NamedType, inTypeSystemDefinition: Bool) {
        let name = type.name.value
        if context.schema.type(named: name) != nil || context.documentTypeNames.contains(name) { return }
        if inTypeSystemDefinition && Self.standardNames.contains(name) { return }
        let options = inTypeSystemDefinition ? Array(Self.standardNames) + typeNames : typeNames
        context.report(
            "Unknown type '\(name)'." + Suggestions.didYouMean(Suggestions.list(name, options)), [type.location])
    }
}
