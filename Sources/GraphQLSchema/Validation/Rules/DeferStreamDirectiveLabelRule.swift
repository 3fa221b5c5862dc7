import GraphQLParser

/// The `label` of `@defer` and `@stream` is a static string, unique in the document (graphql-core's incremental
/// delivery rule).
final class DeferStreamDirectiveLabelRule: ValidationRule {
    let context: ValidationContext
    private var knownLabels: [String: Directive] = [:]
    init(_ context: ValidationContext) { self.context = context }

    func enterDirective(_ directive: Directive, location: DirectiveLocation?) {
        let name = directive.name.value
        guard name == "defer" || name == "stream",
            let label = directive.arguments.first(where: { $0.name.value == "label" })
        else { return }
        switch label.value {
        case .null:
            return
        case .string(let string):
            if let first = knownLabels[string.value] {
                context.report(
                    "Defer/Stream directive label argument must be unique.", [first.location, directive.location])
            } else {
                knownLabels[string.value] = directive
            }
        default:
            let kind = name == "defer" ? "Defer" : "Stream"
            context.report("\(kind) directive label argument must be a static string.", [directive.location])
        }
    }
}
