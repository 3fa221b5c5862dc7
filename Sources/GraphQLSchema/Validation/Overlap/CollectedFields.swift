import GraphQLParser

/// The fields of a selection set by response name (inline fragments included) and the fragment spreads in it
/// (OverlappingFieldsCanBeMerged's `CollectFieldsResult`), computed once per type and selection set.
final class CollectedFields {
    /// The response names in order of first appearance.
    private(set) var responseNames: [String] = []
    /// The fields by response name.
    private(set) var fieldsByResponseName: [String: [FieldDetails]] = [:]
    /// The fragment spreads, in order.
    private(set) var spreads: [FragmentSpread] = []
    /// The spreads resolved to fragment definitions, one per fragment, made when first needed.
    var resolvedSpreads: [ResolvedSpread]?
    /// The response names shared with other collections, by the other collection.
    var overlapping: [ObjectIdentifier: [(String, [FieldDetails], [FieldDetails])]] = [:]

    var isEmpty: Bool { responseNames.isEmpty }

    init(schema: Schema, parentType: SchemaType?, selectionSet: IndexedSelectionSet) {
        collect(schema: schema, parentType: parentType, selectionSet: selectionSet)
    }

    private func collect(schema: Schema, parentType: SchemaType?, selectionSet: IndexedSelectionSet) {
        for selection in selectionSet.selections {
            switch selection {
            case .field(let field):
                let definition =
                    parentType?.kind == .object || parentType?.kind == .interface
                    ? parentType?.field(named: field.name) : nil
                let key = field.node.responseKey
                if fieldsByResponseName[key] == nil { responseNames.append(key) }
                fieldsByResponseName[key, default: []].append(
                    FieldDetails(parentType: parentType, field: field, definition: definition))
            case .fragmentSpread(let spread):
                spreads.append(spread)
            case .inlineFragment(let fragment):
                let type = fragment.node.typeCondition.map { schema.type(named: $0.name.value) } ?? parentType
                collect(schema: schema, parentType: type, selectionSet: fragment.selectionSet)
            }
        }
    }
}
