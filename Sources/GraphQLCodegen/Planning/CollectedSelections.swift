/// The fields of one selection set after merging fragments that apply: response keys in the order they are first
/// selected, the places each is selected, the fragments spread directly, and the type conditions that do not
/// always apply (future type cases).
struct CollectedSelections {
    /// The response keys, in first-selection order.
    var keys: [String] = []
    /// The places each response key is selected.
    var occurrences: [String: [FieldOccurrence]] = [:]
    /// The fragments spread directly (not through other fragments), in order, with whether they may be left out.
    var fragments: [(name: String, isConditional: Bool)] = []
    /// Type conditions that do not always apply, in first-appearance order.
    var typeConditions: [String] = []
    /// The inline fragments with `@defer` that apply, written directly in the selection (not in a spread fragment),
    /// in order: each one's condition (``SelectionCollector/deferCondition(_:inline:)``) and the name of its view
    /// (its label, else `Deferred` and its type condition).
    var deferredInlineFragments: [(condition: String, name: String)] = []

    mutating func add(_ occurrence: FieldOccurrence) {
        let key = occurrence.field.responseKey
        if occurrences[key] == nil { keys.append(key) }
        occurrences[key, default: []].append(occurrence)
    }

    mutating func addFragment(_ name: String, isConditional: Bool) {
        if let index = fragments.firstIndex(where: { $0.name == name }) {
            fragments[index].isConditional = fragments[index].isConditional && isConditional
        } else {
            fragments.append((name, isConditional))
        }
    }

    mutating func addDeferredInlineFragment(condition: String, name: String) {
        if !deferredInlineFragments.contains(where: { $0.condition == condition }) {
            deferredInlineFragments.append((condition, name))
        }
    }

    /// Whether every occurrence of `key` is inside a deferred inline fragment: the field is its view's
    /// (``deferredInlineFragments``), not the enclosing struct's.
    func isDeferredInline(_ key: String) -> Bool {
        (occurrences[key] ?? []).allSatisfy { $0.conditions.contains(where: SelectionCollector.isDeferredInline) }
    }

    mutating func addTypeCondition(_ name: String) {
        if !typeConditions.contains(name) { typeConditions.append(name) }
    }

    /// Whether every occurrence of `key` may be left out.
    func isConditional(_ key: String) -> Bool {
        (occurrences[key] ?? []).allSatisfy(\.isConditional)
    }
}
