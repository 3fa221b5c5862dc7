import GraphQLParser

/// What the directive rules need to know about a directive, from the schema or from a directive definition in
/// the document being validated (which graphql-core lets take precedence).
struct DirectiveInfo {
    let locations: Set<DirectiveLocation>
    let isRepeatable: Bool
    let argumentNames: [String]
    /// The arguments that must be given: non-null without default value, with their types as written.
    let requiredArguments: [(name: String, type: String)]

    init(_ directive: SchemaDirective) {
        locations = Set(directive.locations)
        isRepeatable = directive.isRepeatable
        argumentNames = directive.arguments.map(\.name)
        requiredArguments = directive.arguments.filter(\.isRequired).map { ($0.name, $0.type.description) }
    }

    init(_ directive: DirectiveDefinition) {
        locations = Set(directive.directiveLocations)
        isRepeatable = directive.isRepeatable
        argumentNames = directive.arguments.map(\.name.value)
        requiredArguments = directive.arguments.filter { $0.type.isNonNull && $0.defaultValue == nil }
            .map { ($0.name.value, $0.type.description) }
    }

    /// The schema's directives and the document's directive definitions, by name.
    static func known(in context: ValidationContext) -> [String: DirectiveInfo] {
        var known: [String: DirectiveInfo] = [:]
        for directive in context.schema.directives { known[directive.name] = DirectiveInfo(directive) }
        for directive in context.documentDirectives { known[directive.name.value] = DirectiveInfo(directive) }
        return known
    }
}
