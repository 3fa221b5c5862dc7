import GraphQLParser

/// Leaf fields (scalars, enums) have no selections; other fields have some.
final class ScalarLeafsRule: ValidationRule {
    let context: ValidationContext
    init(_ context: ValidationContext) { self.context = context }

    func enterField(_ field: IndexedField) {
        guard let type = context.type, let named = context.namedType(type) else { return }
        if named.isLeaf {
            if let selectionSet = field.selectionSet {
                context.report(
                    "Field '\(field.name)' must not have a selection since type '\(type)' has no subfields.",
                    [selectionSet.location])
            }
        } else if field.selectionSet == nil {
            context.report(
                "Field '\(field.name)' of type '\(type)' must have a selection of subfields. Did you mean "
                    + "'\(field.name) { ... }'?",
                [field.location])
        }
    }
}
