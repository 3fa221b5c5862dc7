import GraphQLParser

/// Arguments given to fields and directives are defined by them.
final class KnownArgumentNamesRule: ValidationRule {
    let context: ValidationContext
    private let known: [String: DirectiveInfo]
    init(_ context: ValidationContext) {
        self.context = context
        self.known = DirectiveInfo.known(in: context)
    }

    func enterDirective(_ directive: Directive, location: DirectiveLocation?) {
        guard !directive.arguments.isEmpty, let info = known[directive.name.value] else { return }
        for argument in directive.arguments where !info.argumentNames.contains(argument.name.value) {
            let suggestions = Suggestions.list(argument.name.value, info.argumentNames)
            context.report(
                "Unknown argument '\(argument.name.value)' on directive '@\(directive.name.value)'."
                    + Suggestions.didYouMean(suggestions),
                [argument.location])
        }
    }

    func enterFieldArgument(_ argument: Argument) {
        guard context.argument == nil, let field = context.fieldDefinition,
            let parentType = context.parentType, let fieldName = currentFieldName
        else { return }
        let suggestions = Suggestions.list(argument.name.value, field.arguments.map(\.name))
        context.report(
            "Unknown argument '\(argument.name.value)' on field '\(parentType.name).\(fieldName)'."
                + Suggestions.didYouMean(suggestions),
            [argument.location])
    }

    private var fieldNames: [String] = []
    private var currentFieldName: String? { fieldNames.last }
    func enterField(_ field: IndexedField) { fieldNames.append(field.name) }
    func leaveField(_ field: IndexedField) { fieldNames.removeLast() }
}
