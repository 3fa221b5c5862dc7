import GraphQLParser

/// Fields with the same response name (including those from fragments) can be merged: same field, same
/// arguments, compatible types and mergeable sub-selections, unless they can never apply to the same object.
///
/// A port of graphql-core 3.3's rule, with its caches: fields are collected once per type and selection set,
/// and each pair of field collection and fragment, or of fragments, is compared once.
final class OverlappingFieldsCanBeMergedRule: ValidationRule {
    let context: ValidationContext
    private static let maxDetailLength = 1000
    private static let maxConflictNodes = 20

    private struct CollectKey: Hashable {
        let typeName: String?
        let selectionSetID: Int
    }

    private var collected: [CollectKey: CollectedFields] = [:]
    /// Compared (field collection, fragment) pairs, with whether they were compared as mutually exclusive.
    private var comparedFieldsAndFragments: [ObjectIdentifier: [String?: Bool]] = [:]
    /// Compared fragment pairs, with whether they were compared as mutually exclusive.
    private var comparedFragments: [String?: [String?: Bool]] = [:]

    init(_ context: ValidationContext) { self.context = context }

    func enterSelectionSet(_ selectionSet: IndexedSelectionSet, inInlineFragment: Bool) {
        if inInlineFragment { return }
        let selections = selectionSet.selections
        if selections.count <= 1 {
            guard case .inlineFragment = selections.first else { return }
        }
        for conflict in findConflictsWithin(context.parentType, selectionSet) {
            context.report(
                "Fields '\(Self.abbreviate(conflict.responseName))' conflict because \(conflict.reason). Use different "
                    + "aliases on the fields to fetch both if this was intentional.",
                (conflict.fields1 + conflict.fields2).map(\.location))
        }
    }

    // MARK: Collections

    private func collectFields(_ parentType: SchemaType?, _ selectionSet: IndexedSelectionSet) -> CollectedFields {
        let key = CollectKey(typeName: parentType?.name, selectionSetID: selectionSet.id)
        if let cached = collected[key] { return cached }
        let fields = CollectedFields(schema: context.schema, parentType: parentType, selectionSet: selectionSet)
        collected[key] = fields
        return fields
    }

    private func collectFragmentFields(_ fragment: IndexedDefinition) -> CollectedFields {
        let type = fragment.fragment.flatMap { context.schema.type(named: $0.typeCondition.name.value) }
        return collectFields(type, fragment.selectionSet)
    }

    private func resolvedSpreads(_ fields: CollectedFields) -> [ResolvedSpread] {
        if let cached = fields.resolvedSpreads { return cached }
        var result: [ResolvedSpread] = []
        var indexByKey: [String?: Int] = [:]
        for spread in fields.spreads {
            let resolved = ResolvedSpread(node: spread, definition: context.fragment(named: spread.name.value))
            if let index = indexByKey[resolved.key] {
                result[index].node = spread
            } else {
                indexByKey[resolved.key] = result.count
                result.append(resolved)
            }
        }
        fields.resolvedSpreads = result
        return result
    }

    private func overlapping(
        _ fields1: CollectedFields, _ fields2: CollectedFields
    ) -> [(String, [FieldDetails], [FieldDetails])] {
        let key = ObjectIdentifier(fields2)
        if let cached = fields1.overlapping[key] { return cached }
        var result: [(String, [FieldDetails], [FieldDetails])] = []
        for name in fields1.responseNames {
            if let others = fields2.fieldsByResponseName[name], !others.isEmpty {
                result.append((name, fields1.fieldsByResponseName[name] ?? [], others))
            }
        }
        fields1.overlapping[key] = result
        return result
    }

    // MARK: Finding conflicts

    private func findConflictsWithin(_ parentType: SchemaType?, _ selectionSet: IndexedSelectionSet) -> [FieldConflict]
    {
        var conflicts: [FieldConflict] = []
        let fields = collectFields(parentType, selectionSet)
        for name in fields.responseNames {
            let list = fields.fieldsByResponseName[name] ?? []
            guard list.count > 1 else { continue }
            for i in 0..<list.count {
                for j in (i + 1)..<list.count {
                    if let conflict = findConflict(false, name, list[i], list[j]) { conflicts.append(conflict) }
                }
            }
        }
        if !fields.spreads.isEmpty && (!fields.isEmpty || fields.spreads.count > 1) {
            let spreads = resolvedSpreads(fields)
            for (index, spread) in spreads.enumerated() {
                collectBetweenFieldsAndFragment(&conflicts, false, fields, spread)
                for other in spreads[(index + 1)...] {
                    collectBetweenFragments(&conflicts, false, spread, other)
                }
            }
        }
        return conflicts
    }

    private func collectBetweenFieldsAndFragment(
        _ conflicts: inout [FieldConflict], _ mutuallyExclusive: Bool, _ fields: CollectedFields,
        _ spread: ResolvedSpread
    ) {
        if fields.isEmpty { return }
        let fieldsKey = ObjectIdentifier(fields)
        if let compared = comparedFieldsAndFragments[fieldsKey]?[spread.key], mutuallyExclusive || !compared {
            return
        }
        comparedFieldsAndFragments[fieldsKey, default: [:]][spread.key] = mutuallyExclusive
        guard let fragment = spread.definition else { return }
        let fragmentFields = collectFragmentFields(fragment)
        let referenced = resolvedSpreads(fragmentFields)
        if fields === fragmentFields { return }
        collectBetween(&conflicts, mutuallyExclusive, fields, fragmentFields)
        for nested in referenced {
            collectBetweenFieldsAndFragment(&conflicts, mutuallyExclusive, fields, nested)
        }
    }

    private func collectBetweenFragments(
        _ conflicts: inout [FieldConflict], _ mutuallyExclusive: Bool, _ spread1: ResolvedSpread,
        _ spread2: ResolvedSpread
    ) {
        if spread1.key == spread2.key { return }
        for compared in [comparedFragments[spread1.key]?[spread2.key], comparedFragments[spread2.key]?[spread1.key]] {
            if let compared, mutuallyExclusive || !compared { return }
        }
        comparedFragments[spread1.key, default: [:]][spread2.key] = mutuallyExclusive
        guard let fragment1 = spread1.definition, let fragment2 = spread2.definition else { return }
        let fields1 = collectFragmentFields(fragment1)
        let referenced1 = resolvedSpreads(fields1)
        let fields2 = collectFragmentFields(fragment2)
        let referenced2 = resolvedSpreads(fields2)
        collectBetween(&conflicts, mutuallyExclusive, fields1, fields2)
        for nested in referenced2 {
            collectBetweenFragments(&conflicts, mutuallyExclusive, spread1, nested)
        }
        for nested in referenced1 {
            collectBetweenFragments(&conflicts, mutuallyExclusive, nested, spread2)
        }
    }

    private func findConflictsBetweenSubSelections(
        _ mutuallyExclusive: Bool, _ parentType1: SchemaType?, _ selectionSet1: IndexedSelectionSet,
        _ parentType2: SchemaType?, _ selectionSet2: IndexedSelectionSet
    ) -> [FieldConflict] {
        var conflicts: [FieldConflict] = []
        let fields1 = collectFields(parentType1, selectionSet1)
        let spreads1 = resolvedSpreads(fields1)
        let fields2 = collectFields(parentType2, selectionSet2)
        let spreads2 = resolvedSpreads(fields2)
        collectBetween(&conflicts, mutuallyExclusive, fields1, fields2)
        for spread in spreads2 { collectBetweenFieldsAndFragment(&conflicts, mutuallyExclusive, fields1, spread) }
        for spread in spreads1 { collectBetweenFieldsAndFragment(&conflicts, mutuallyExclusive, fields2, spread) }
        for spread1 in spreads1 {
            for spread2 in spreads2 {
                collectBetweenFragments(&conflicts, mutuallyExclusive, spread1, spread2)
            }
        }
        return conflicts
    }

    private func collectBetween(
        _ conflicts: inout [FieldConflict], _ mutuallyExclusive: Bool, _ fields1: CollectedFields,
        _ fields2: CollectedFields
    ) {
        if fields1.isEmpty || fields2.isEmpty { return }
        for (name, list1, list2) in overlapping(fields1, fields2) {
            for details1 in list1 {
                for details2 in list2 {
                    if let conflict = findConflict(mutuallyExclusive, name, details1, details2) {
                        conflicts.append(conflict)
                    }
                }
            }
        }
    }

    private func findConflict(
        _ parentsMutuallyExclusive: Bool, _ responseName: String, _ details1: FieldDetails, _ details2: FieldDetails
    ) -> FieldConflict? {
        let parent1 = details1.parentType
        let parent2 = details2.parentType
        var mutuallyExclusive = parentsMutuallyExclusive
        if !mutuallyExclusive, let parent1, let parent2, parent1 !== parent2, parent1.kind == .object,
            parent2.kind == .object
        {
            mutuallyExclusive = true
        }
        let field1 = details1.field
        let field2 = details2.field
        let type1 = details1.definition?.type
        let type2 = details2.definition?.type
        if details1.isSimpleLeaf && details2.isSimpleLeaf && type1 == type2 && field1.name == field2.name {
            return nil
        }
        if !mutuallyExclusive {
            if field1.name != field2.name {
                return FieldConflict(
                    responseName: responseName,
                    reason: "'\(Self.abbreviate(field1.name))' and '\(Self.abbreviate(field2.name))' are different "
                        + "fields",
                    fields1: [field1], fields2: [field2])
            }
            if !ArgumentKeys.same(details1.argumentKeys, details2.argumentKeys) {
                return FieldConflict(
                    responseName: responseName, reason: "they have differing arguments", fields1: [field1],
                    fields2: [field2])
            }
        }
        if details1.streamDirective != nil || details2.streamDirective != nil {
            var reason = "they have overlapping stream directives"
            if details1.streamDirective != nil && details2.streamDirective != nil
                && ArgumentKeys.same(details1.streamArgumentKeys, details2.streamArgumentKeys)
            {
                reason += ". See https://github.com/graphql/defer-stream-wg/discussions/100"
            }
            return FieldConflict(responseName: responseName, reason: reason, fields1: [field1], fields2: [field2])
        }
        if let type1, let type2, doTypesConflict(type1, type2) {
            return FieldConflict(
                responseName: responseName, reason: "they return conflicting types '\(type1)' and '\(type2)'",
                fields1: [field1], fields2: [field2])
        }
        if let selectionSet1 = field1.selectionSet, let selectionSet2 = field2.selectionSet {
            let conflicts = findConflictsBetweenSubSelections(
                mutuallyExclusive, type1.flatMap { context.schema.namedType(of: $0) }, selectionSet1,
                type2.flatMap { context.schema.namedType(of: $0) }, selectionSet2)
            return subfieldConflicts(conflicts, responseName, field1, field2)
        }
        return nil
    }

    private func doTypesConflict(_ type1: TypeRef, _ type2: TypeRef) -> Bool {
        switch (type1, type2) {
        case (.list(let item1), .list(let item2)): return doTypesConflict(item1, item2)
        case (.list, _), (_, .list): return true
        case (.nonNull(let inner1), .nonNull(let inner2)): return doTypesConflict(inner1, inner2)
        case (.nonNull, _), (_, .nonNull): return true
        case (.named(let name1), .named(let name2)):
            if name1 == name2 { return false }
            let isLeaf1 = context.schema.type(named: name1)?.isLeaf ?? false
            let isLeaf2 = context.schema.type(named: name2)?.isLeaf ?? false
            return isLeaf1 || isLeaf2
        }
    }

    private func subfieldConflicts(
        _ conflicts: [FieldConflict], _ responseName: String, _ field1: IndexedField, _ field2: IndexedField
    ) -> FieldConflict? {
        guard !conflicts.isEmpty else { return nil }
        var message = ""
        for conflict in conflicts {
            message +=
                (message.isEmpty ? "" : " and ")
                + "subfields '\(Self.abbreviate(conflict.responseName))' conflict because \(conflict.reason)"
            if message.unicodeScalars.count > Self.maxDetailLength { break }
        }
        return FieldConflict(
            responseName: responseName, reason: Self.abbreviate(message),
            fields1: Self.conflictNodes(field1, conflicts.map(\.fields1)),
            fields2: Self.conflictNodes(field2, conflicts.map(\.fields2)))
    }

    private static func conflictNodes(_ field: IndexedField, _ groups: [[IndexedField]]) -> [IndexedField] {
        var nodes = [field]
        for group in groups {
            let remaining = maxConflictNodes - nodes.count
            nodes += group.suffix(remaining)
            if nodes.count == maxConflictNodes { break }
        }
        return nodes
    }

    private static func abbreviate(_ text: String) -> String {
        let scalars = text.unicodeScalars
        guard scalars.count > maxDetailLength else { return text }
        return String(String.UnicodeScalarView(scalars.prefix(maxDetailLength))) + "..."
    }
}
