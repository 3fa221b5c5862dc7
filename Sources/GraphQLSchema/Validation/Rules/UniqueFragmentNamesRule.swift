import GraphQLParser

/// No two fragments have the same name.
final class UniqueFragmentNamesRule: ValidationRule {
    let context: ValidationContext
    private var known: [String: Name] = [:]
    init(_ context: ValidationContext) { self.context = context }

    func enterFragment(_ fragment: IndexedDefinition) {
        guard let name = fragment.fragment?.name else { return }
        if let first = known[name.value] {
            context.report("There can be only one fragment named '\(name.value)'.", [first.location, name.location])
        } else {
            known[name.value] = name
        }
    }
}
