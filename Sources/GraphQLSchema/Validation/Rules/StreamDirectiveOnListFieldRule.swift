import GraphQLParser

/// `@stream` is only used on list fields (graphql-core's incremental delivery rule).
final class StreamDirectiveOnListFieldRule: ValidationRule {
    let context: ValidationContext
    init(_ context: ValidationContext) { self.context = context }

    func enterDirective(_ directive: Directive, location: DirectiveLocation?) {
        guard directive.name.value == "stream", let field = context.fieldDefinition,
            let parentType = context.parentType, !field.type.isList
        else { return }
        let name = parentType.fields.first { $0 === field }.map { " '\($0.name)'" } ?? ""
        context.report(
            "Stream directive cannot be used on non-list field\(name) on type '\(parentType.name)'.",
            [directive.location])
    }
}
