import GraphQLParser

/// A field or directive is given each argument at most once.
final class UniqueArgumentNamesRule: ValidationRule {
    let context: ValidationContext
    init(_ context: ValidationContext) { self.context = context }

    func enterField(_ field: IndexedField) { check(field.node.arguments) }
    func enterDirective(_ directive: Directive, location: DirectiveLocation?) { check(directive.arguments) }

    private func check(_ arguments: [Argument]) {
        guard arguments.count > 1 else { return }
        for (name, nodes) in SDLValidator.grouped(arguments.map(\.name)) where nodes.count > 1 {
            context.report("There can be only one argument named '\(name)'.", nodes.map(\.location))
        }
    }
}
