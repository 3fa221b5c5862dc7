import GraphQLParser

/// Introspection queries do not nest the list fields of `__Type` (`fields`, `interfaces`, `possibleTypes`,
/// `inputFields`) three levels deep (graphql-core's recommended rule, part of its `specified_rules`).
final class MaxIntrospectionDepthRule: ValidationRule {
    let context: ValidationContext
    private static let maxListDepth = 3
    private static let listFields: Set<String> = ["fields", "interfaces", "possibleTypes", "inputFields"]
    private var skippedFieldID: Int?
    init(_ context: ValidationContext) { self.context = context }

    func enterField(_ field: IndexedField) {
        guard skippedFieldID == nil, field.name == "__schema" || field.name == "__type" else { return }
        var visited: [String: Int] = [:]
        if exceedsDepth(field.selectionSet, depth: 0, visited: &visited) {
            context.report("Maximum introspection depth exceeded", [field.location])
            skippedFieldID = field.id
        }
    }

    func leaveField(_ field: IndexedField) {
        if skippedFieldID == field.id { skippedFieldID = nil }
    }

    private func exceedsDepth(_ selectionSet: IndexedSelectionSet?, depth: Int, visited: inout [String: Int]) -> Bool {
        guard let selectionSet else { return false }
        for selection in selectionSet.selections {
            switch selection {
            case .field(let field):
                var fieldDepth = depth
                if Self.listFields.contains(field.name) {
                    fieldDepth += 1
                    if fieldDepth >= Self.maxListDepth { return true }
                }
                if exceedsDepth(field.selectionSet, depth: fieldDepth, visited: &visited) { return true }
            case .inlineFragment(let fragment):
                if exceedsDepth(fragment.selectionSet, depth: depth, visited: &visited) { return true }
            case .fragmentSpread(let spread):
                let name = spread.name.value
                if (visited[name] ?? -1) >= depth { continue }
                guard let fragment = context.fragment(named: name) else { continue }
                visited[name] = depth
                if exceedsDepth(fragment.selectionSet, depth: depth, visited: &visited) { return true }
            }
        }
        return false
    }
}
