import GraphQLParser

/// Fields and directives are given their required arguments (non-null without default value).
final class ProvidedRequiredArgumentsRule: ValidationRule {
    let context: ValidationContext
    private let known: [String: DirectiveInfo]
    init(_ context: ValidationContext) {
        self.context = context
        self.known = DirectiveInfo.known(in: context)
    }

    func leaveField(_ field: IndexedField) {
        guard let definition = context.fieldDefinition, !definition.arguments.isEmpty else { return }
        let given = Set(field.node.arguments.map(\.name.value))
        for argument in definition.arguments where !given.contains(argument.name) && argument.isRequired {
            let parent: String
            if context.namedType(context.type)?.isIntrospection == true {
                parent = "<meta>."
            } else {
                parent = context.parentType.map { "\($0.name)." } ?? ""
            }
            context.report(
                "Argument '\(parent)\(field.name)(\(argument.name):)' of type '\(argument.type)' is required, but it "
                    + "was not provided.",
                [field.location])
        }
    }

    func leaveDirective(_ directive: Directive) {
        guard let info = known[directive.name.value], !info.requiredArguments.isEmpty else { return }
        let given = Set(directive.arguments.map(\.name.value))
        for required in info.requiredArguments where !given.contains(required.name) {
            context.report(
                "Argument '@\(directive.name.value)(\(required.name):)' of type '\(required.type)' is required, but it "
                    + "was not provided.",
                [directive.location])
        }
    }
}
