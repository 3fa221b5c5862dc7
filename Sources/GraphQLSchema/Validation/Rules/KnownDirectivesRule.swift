import GraphQLParser

/// Applied directives are defined and allowed where they are applied.
final class KnownDirectivesRule: ValidationRule {
    let context: ValidationContext
    private let known: [String: DirectiveInfo]
    init(_ context: ValidationContext) {
        self.context = context
        self.known = DirectiveInfo.known(in: context)
    }

    func enterDirective(_ directive: Directive, location: DirectiveLocation?) {
        let name = directive.name.value
        guard let info = known[name], !info.locations.isEmpty else {
            context.report("Unknown directive '@\(name)'.", [directive.location])
            return
        }
        if let location, !info.locations.contains(location) {
            context.report("Directive '@\(name)' may not be used on \(location.messageName).", [directive.location])
        }
    }
}
