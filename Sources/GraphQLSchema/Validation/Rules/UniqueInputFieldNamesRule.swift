import GraphQLParser

/// An input object value gives each field at most once.
final class UniqueInputFieldNamesRule: ValidationRule {
    let context: ValidationContext
    init(_ context: ValidationContext) { self.context = context }

    func enterValue(_ value: Value) { check(value) }

    private func check(_ value: Value) {
        switch value {
        case .list(let values, _):
            for item in values { check(item) }
        case .object(let fields, _):
            var known: [String: Name] = [:]
            for field in fields {
                if let first = known[field.name.value] {
                    context.report(
                        "There can be only one input field named '\(field.name.value)'.",
                        [first.location, field.name.location])
                } else {
                    known[field.name.value] = field.name
                }
                check(field.value)
            }
        default:
            return
        }
    }
}
