import GraphQLBridgeSupport

/// The step after ``CacheNormalizer`` for the fields with a ``GraphQLListPolicy``: each page the normalizer wrote
/// under its own field key (`draws({"before":12,"gameId":"6x45","last":20})`) is moved under the list's field key
/// (`draws({"gameId":"6x45"})`) of the same record, with where it goes in the stored list (``CacheListMerges``) for the
/// store to combine. A root field's list is its own record (`QUERY_ROOT.draws({"gameId":"6x45"})`); any other object's
/// (``GraphQLCacheMetadata/objectListPolicies``: `User.friends`) is a field of that object's record (`User:ann`), found
/// by following the answer's selection tree through the records written.
///
/// The objects of a page without a key stay under the page's own path (distinct for each page). A connection's object
/// is moved to the list's path (`QUERY_ROOT.<list>.<list>`), and its `pageInfo` too, with only the end a page that
/// goes after it gives (`endCursor`, `hasNextPage`), the start one that goes before it gives.
struct CacheListMergeStep {
    let metadata: GraphQLCacheMetadata
    let variables: [String: JSONValue]
    /// Whether a first page replaces its list whatever it holds (a pager's ``GraphQLQueryPager/refresh()``): a
    /// ``CacheListPlacement/head`` placed as ``CacheListPlacement/replace``.
    var firstPagesReplace = false

    /// Moves the pages of `writes` (an answer's, under `rootKey`) to their lists; returns where each goes, `nil` when
    /// the answer has no page of a list. `dependencies` follow the records moved. `asWhole`: each is the whole list,
    /// whatever its arguments (the app's edit of what a read gave it), which replaces the stored one.
    /// `unkeptRootValues`: the values of the root's fields when it is not kept (a mutation's: ``CacheNormalizer``);
    /// `unkeptWrites`: the records of its objects without a key, not written, walked through.
    func apply(
        to writes: inout [String: CacheRecordWrite], dependencies: inout Set<String>, rootKey: String,
        unkeptRootValues: [String: CacheValue] = [:], unkeptWrites: [String: CacheRecordWrite] = [:],
        asWhole: Bool = false
    ) -> CacheListMerges? {
        var merges = applyToRoot(
            to: &writes, dependencies: &dependencies, rootKey: rootKey, selections: metadata.selections,
            asWhole: asWhole)
        guard metadata.hasListsBelowRoot else { return merges }
        var walk = NestedListWalk(step: self, asWhole: asWhole, unkept: unkeptWrites)
        let set = metadata.selections
        for field in set.fields(forType: set.typeName) where field.isSelected(variables: variables) {
            guard let selections = field.selections, walk.reaches(selections) else { continue }
            if CacheKey.keepsRootFields(rootKey) {
                let fieldKey =
                    metadata.listPolicies[field.name]?.fieldKey(of: field.field, variables: variables)
                    ?? field.cacheKey(variables: variables)
                let record = CacheKey.rootField(rootKey, fieldKey)
                guard let value = writes[record]?.last(where: { $0.name == fieldKey })?.entry.value else { continue }
                walk.visit(value, selections: selections, writes: &writes, dependencies: &dependencies)
            } else if let value = unkeptRootValues[field.cacheKey(variables: variables)] {
                walk.visit(value, selections: selections, writes: &writes, dependencies: &dependencies)
            }
        }
        if let nested = walk.merges {
            merges = (merges ?? [:]).merging(nested) { root, nested in root.merging(nested) { first, _ in first } }
        }
        return merges
    }

    /// ``apply(to:dependencies:rootKey:unkeptRootValues:asWhole:)`` from the object of the record `objectKey`, read
    /// with the metadata's selections (a fragment's data the app writes): the pages of its fields, and of the objects
    /// below it, moved to their lists.
    func apply(
        to writes: inout [String: CacheRecordWrite], dependencies: inout Set<String>, objectKey: String,
        asWhole: Bool = false
    ) -> CacheListMerges? {
        guard metadata.hasListsBelowRoot else { return nil }
        var walk = NestedListWalk(step: self, asWhole: asWhole)
        walk.visit(.reference(objectKey), selections: metadata.selections, writes: &writes, dependencies: &dependencies)
        return walk.merges
    }

    /// The root fields' pages (``GraphQLCacheMetadata/listPolicies``), moved to their lists' records.
    /// `selections`: the root's selection set (the operation's, or that of a query root met below it: a mutation
    /// payload's `query`).
    func applyToRoot(
        to writes: inout [String: CacheRecordWrite], dependencies: inout Set<String>, rootKey: String,
        selections set: GraphQLSelectionSetMetadata, asWhole: Bool
    ) -> CacheListMerges? {
        guard !metadata.listPolicies.isEmpty, rootKey == CacheKey.queryRoot else { return nil }
        let listed = set.fields(forType: set.typeName).compactMap { field -> (CollectedField, GraphQLListPolicy)? in
            guard field.isSelected(variables: variables), let policy = metadata.listPolicies[field.name] else {
                return nil
            }
            return (field, policy)
        }
        // A first page after another page of its list in this answer: its records, taken out before the other is
        // moved over them (``StashedPage``).
        var stash: [String: StashedPage] = [:]
        var otherPagesMet: Set<String> = []
        for (field, policy) in listed {
            let listKey = policy.fieldKey(of: field.field, variables: variables)
            let listRecord = CacheKey.rootField(rootKey, listKey)
            guard field.cacheKey(variables: variables) == listKey else {
                otherPagesMet.insert(listRecord)
                continue
            }
            if otherPagesMet.contains(listRecord), stash[listRecord] == nil,
                let write = writes[listRecord]?.last(where: { $0.name == listKey })
            {
                writes[listRecord] = nil
                stash[listRecord] = StashedPage(write: write, isConnection: policy.isConnection, writes: &writes)
            }
        }
        var merges: CacheListMerges?
        for (field, policy) in listed {
            let pageKey = field.cacheKey(variables: variables)
            let pageRecord = CacheKey.rootField(rootKey, pageKey)
            let stashed = stash.removeValue(forKey: pageRecord)
            guard let write = stashed?.write ?? writes[pageRecord]?.last(where: { $0.name == pageKey }) else {
                continue
            }
            let listKey = policy.fieldKey(of: field.field, variables: variables)
            let listRecord = CacheKey.rootField(rootKey, listKey)
            let placement = asWhole ? .replace : self.placement(of: field, policy: policy)
            // (A stashed page's record is the list's, which now holds the pages moved before it.)
            if stashed == nil {
                writes[pageRecord] = nil
                dependencies.remove(pageRecord)
            }
            if merges == nil { merges = [:] }
            dependencies.insert(listRecord)
            var entry = write.entry
            if policy.isConnection {
                if case .reference(let page) = entry.value,
                    let connection = stashed?.records[page] ?? writes.removeValue(forKey: page)
                {
                    dependencies.remove(page)
                    let listPath = CacheKey.child(of: listRecord, field: listKey)
                    var moved = merges ?? [:]
                    if page != listPath || stashed != nil, moved[listPath] != nil {
                        // Another alias of the same connection in this answer: its pages after the earlier's.
                        mergeConnectionAlias(
                            connection, into: listPath, placement: placement, writes: &writes,
                            dependencies: &dependencies, merges: &moved, stashed: stashed?.records ?? [:])
                    } else {
                        moveConnection(
                            connection, to: listPath, placement: placement, writes: &writes,
                            dependencies: &dependencies, merges: &moved, stashed: stashed?.records ?? [:])
                    }
                    merges = moved
                    entry.value = .reference(listPath)
                }
                writes[listRecord] = [CacheFieldWrite(name: listKey, entry: entry)]
            } else if let earlier = merges?[listRecord]?[listKey],
                let earlierEntry = writes[listRecord]?.last(where: { $0.name == listKey })?.entry
            {
                // Another alias of the same list in this answer: both pages, in response order.
                let (chained, value) = earlier.followed(by: placement, value: entry.value, earlier: earlierEntry.value)
                var kept = earlierEntry
                kept.value = value
                kept.receivedAt = min(kept.receivedAt, entry.receivedAt)
                writes[listRecord] = [CacheFieldWrite(name: listKey, entry: kept)]
                merges?[listRecord, default: [:]][listKey] = chained
            } else {
                writes[listRecord] = [CacheFieldWrite(name: listKey, entry: entry)]
                merges?[listRecord, default: [:]][listKey] = placement
            }
        }
        return merges
    }

    /// Where the page `field` (its arguments as the variables give them) goes in its list, with the key fields of the
    /// list's item type (an ``GraphQLListPolicy/Merge/appendAfter(continuation:field:)`` page names the item it
    /// follows by one of them).
    func placement(of field: CollectedField, policy: GraphQLListPolicy) -> CacheListPlacement {
        let arguments = field.field.resolvedArguments(variables: variables)
        guard case .appendAfter = policy.merge, let itemType = field.selections?.typeName else {
            return policy.placement(arguments: arguments)
        }
        let placement = policy.placement(arguments: arguments, itemKeyFields: metadata.keyFields(of: itemType))
        return firstPagesReplace && placement == .head ? .replace : placement
    }

    /// Writes a page's connection object (its fields `connection`) as the list's (`listPath`): its `edges` and `nodes`
    /// merged as `placement` says, its `pageInfo` moved beside it with the fields the page gives.
    /// `stashed`: the records of a first page taken out of the answer's writes (``StashedPage``), where its
    /// `pageInfo` is looked for first.
    func moveConnection(
        _ connection: CacheRecordWrite, to listPath: String, placement: CacheListPlacement,
        writes: inout [String: CacheRecordWrite], dependencies: inout Set<String>, merges: inout CacheListMerges,
        stashed: [String: CacheRecordWrite] = [:]
    ) {
        var fields: CacheRecordWrite = []
        for var field in connection {
            switch field.name {
            case "edges", "nodes":
                merges[listPath, default: [:]][field.name] = placement
            case "pageInfo":
                if let (infoPath, given) = takePageInfo(
                    field, of: listPath, placement: placement, writes: &writes, dependencies: &dependencies,
                    stashed: stashed)
                {
                    writes[infoPath] = given
                    field.entry.value = .reference(infoPath)
                }
            default:
                break
            }
            fields.append(field)
        }
        writes[listPath] = fields
        dependencies.insert(listPath)
    }

    /// Takes a connection page's `pageInfo` record (its field `field` refers to it; looked for in `stashed` first, a
    /// first page's ``StashedPage``) out of the answer's writes: the list's `pageInfo` path (a dependency now, in place
    /// of the page's) and the fields of it the page gives the list as `placement` places it (``keptPageInfo(_:)``).
    /// `nil` when the field refers to no record the answer wrote.
    private func takePageInfo(
        _ field: CacheFieldWrite, of listPath: String, placement: CacheListPlacement,
        writes: inout [String: CacheRecordWrite], dependencies: inout Set<String>, stashed: [String: CacheRecordWrite]
    ) -> (path: String, given: CacheRecordWrite)? {
        guard case .reference(let info) = field.entry.value,
            let infoFields = stashed[info] ?? writes.removeValue(forKey: info)
        else { return nil }
        dependencies.remove(info)
        let infoPath = CacheKey.child(of: listPath, field: "pageInfo")
        dependencies.insert(infoPath)
        return (infoPath, infoFields.filter { !Self.keptPageInfo(placement).contains($0.name) })
    }

    /// The `pageInfo` fields a page placed as `placement` leaves as the stored list has them: an appended page gives
    /// the list's end (`endCursor`, `hasNextPage`), a prepended one its start; a first page gives them all.
    static func keptPageInfo(_ placement: CacheListPlacement) -> Set<String> {
        switch placement {
        case .replace, .head, .at, .after, .chain: return []
        case .append: return ["startCursor", "hasPreviousPage"]
        case .prepend: return ["endCursor", "hasNextPage"]
        }
    }

    /// Merges a connection page (`connection`, its fields) of a list an earlier alias of the same field in this answer
    /// already moved to `listPath`: its `edges` and `nodes` are pages after the earlier ones, in response order (as two
    /// aliases of a plain list: ``CacheListPlacement/followed(by:value:earlier:)``); its `pageInfo` fields are written
    /// after the earlier's, those `placement` leaves to the list (``keptPageInfo(_:)``) left out, so that the list's
    /// start and end are those the pages give one after the other; its other fields are written after the earlier's.
    /// `stashed`: the records of a first page taken out of the answer's writes (``StashedPage``), where its
    /// `pageInfo` is looked for first.
    func mergeConnectionAlias(
        _ connection: CacheRecordWrite, into listPath: String, placement: CacheListPlacement,
        writes: inout [String: CacheRecordWrite], dependencies: inout Set<String>, merges: inout CacheListMerges,
        stashed: [String: CacheRecordWrite] = [:]
    ) {
        var fields = writes[listPath] ?? []
        for var field in connection {
            switch field.name {
            case "edges", "nodes":
                if let earlier = merges[listPath]?[field.name],
                    let index = fields.lastIndex(where: { $0.name == field.name })
                {
                    var kept = fields[index].entry
                    let (chained, value) = earlier.followed(
                        by: placement, value: field.entry.value, earlier: kept.value)
                    kept.value = value
                    kept.receivedAt = min(kept.receivedAt, field.entry.receivedAt)
                    fields[index].entry = kept
                    merges[listPath, default: [:]][field.name] = chained
                    continue
                }
                merges[listPath, default: [:]][field.name] = placement
            case "pageInfo":
                if let (infoPath, given) = takePageInfo(
                    field, of: listPath, placement: placement, writes: &writes, dependencies: &dependencies,
                    stashed: stashed)
                {
                    // A first page after the earlier one gives the whole `pageInfo`: the earlier's is not kept.
                    writes[infoPath] =
                        placement == .replace ? given : Self.overwriting(writes[infoPath] ?? [], with: given)
                    field.entry.value = .reference(infoPath)
                }
            default:
                break
            }
            fields = Self.overwriting(fields, with: [field])
        }
        writes[listPath] = fields
        dependencies.insert(listPath)
    }

    /// `earlier` with each field of `later` in place of the earlier field of its name (appended when it has none):
    /// one write per field, the later page's value (the store would take the later of two entries too; one is a
    /// smaller write).
    static func overwriting(_ earlier: CacheRecordWrite, with later: CacheRecordWrite) -> CacheRecordWrite {
        var fields = earlier
        for field in later {
            if let index = fields.firstIndex(where: { $0.name == field.name }) {
                fields[index] = field
            } else {
                fields.append(field)
            }
        }
        return fields
    }
}

/// The walk of ``CacheListMergeStep`` through an answer's records for the fields of objects with a list policy: from
/// each value, the records it refers to (written by the answer) with the fields their selection set selects; a page of
/// a listed field is moved, in its record, from its own field key to the list's.
private struct NestedListWalk {
    let step: CacheListMergeStep
    let asWhole: Bool
    /// The records of a mutation's (or an event's) objects without a key under its root, not written: walked through.
    let unkept: [String: CacheRecordWrite]
    /// Where the pages moved go (`nil`: none was met).
    var merges: CacheListMerges?
    /// The records visited with a selection set (an object met again with the same selection is not walked again).
    private var visited: Set<Visit> = []
    /// Whether a selection set selects a listed field, itself or below (by identity: computed once per walk).
    private var reaching: [ObjectIdentifier: Bool] = [:]

    private struct Visit: Hashable {
        let record: String
        let selections: ObjectIdentifier
    }

    /// The names of the fields the list policies of objects name.
    private let listedNames: Set<String>

    init(step: CacheListMergeStep, asWhole: Bool, unkept: [String: CacheRecordWrite] = [:]) {
        self.step = step
        self.asWhole = asWhole
        self.unkept = unkept
        var names = Set(step.metadata.objectListPolicies.values.flatMap(\.keys))
        // The query root met below the answer's root: its fields with a list policy are pages too.
        if step.metadata.meetsRootListsBelow { names.formUnion(step.metadata.listPolicies.keys) }
        listedNames = names
    }

    /// Whether `selections` selects, in any of its type conditions, a field some list policy of an object names, or
    /// an object that does: only then is a value it reads walked.
    mutating func reaches(_ selections: GraphQLSelectionSetMetadata) -> Bool {
        let id = ObjectIdentifier(selections)
        if let known = reaching[id] { return known }
        // (A selection set met again below itself is not walked again: generated selection trees are finite.)
        reaching[id] = false
        let result = selects(selections)
        reaching[id] = result
        return result
    }

    private mutating func selects(_ set: GraphQLSelectionSetMetadata) -> Bool {
        for field in set.fields {
            if listedNames.contains(field.name) { return true }
            if let sub = field.selections, reaches(sub) { return true }
        }
        for condition in set.conditions where selects(condition.selections) { return true }
        return false
    }

    /// Walks `value` (a field's, read with `selections`): the objects it refers to, and their pages moved.
    mutating func visit(
        _ value: CacheValue, selections: GraphQLSelectionSetMetadata, writes: inout [String: CacheRecordWrite],
        dependencies: inout Set<String>
    ) {
        switch value {
        case .null, .missing, .scalar: return
        case .list(let items):
            for item in items { visit(item, selections: selections, writes: &writes, dependencies: &dependencies) }
        case .reference(let key):
            visitObject(key, selections: selections, writes: &writes, dependencies: &dependencies)
        }
    }

    private mutating func visitObject(
        _ key: String, selections: GraphQLSelectionSetMetadata, writes: inout [String: CacheRecordWrite],
        dependencies: inout Set<String>
    ) {
        if key == CacheKey.queryRoot {
            visitQueryRoot(selections: selections, writes: &writes, dependencies: &dependencies)
            return
        }
        guard let fields = writes[key] ?? unkept[key],
            visited.insert(Visit(record: key, selections: ObjectIdentifier(selections))).inserted
        else { return }
        // The object's type: its `__typename` when written (an interface's or a union's selection), else the one its
        // selections are on.
        var typeName = selections.typeName
        if case .scalar(.string(let name))? = fields.last(where: { $0.name == "__typename" })?.entry.value {
            typeName = name
        }
        let variables = step.variables
        var stash = stashFirstPages(of: key, typeName: typeName, selections: selections, writes: &writes)
        for field in selections.fields(forType: typeName) where field.isSelected(variables: variables) {
            let policy = step.metadata.listPolicy(of: typeName, field: field.name)
            let walksBelow = field.selections.map { reaches($0) } ?? false
            guard policy != nil || walksBelow else { continue }
            let pageKey = field.cacheKey(variables: variables)
            guard let policy else {
                if let sub = field.selections,
                    let value = (writes[key] ?? unkept[key])?.last(where: { $0.name == pageKey })?.entry.value
                {
                    visit(value, selections: sub, writes: &writes, dependencies: &dependencies)
                }
                continue
            }
            let listKey = policy.fieldKey(of: field.field, variables: variables)
            let stashed = pageKey == listKey ? stash.removeValue(forKey: listKey) : nil
            if let value = movePage(
                of: key, pageKey: pageKey, listKey: listKey, policy: policy, field: field, writes: &writes,
                dependencies: &dependencies, stashed: stashed), let sub = field.selections, walksBelow
            {
                visit(value, selections: sub, writes: &writes, dependencies: &dependencies)
            }
        }
    }

    /// The query root met below an answer's root (a mutation payload's `query`): its fields are records of their own
    /// (`QUERY_ROOT.<field key>`), the pages of those with a list policy moved to their lists as a query's root fields'
    /// are, and the objects they hold are walked.
    private mutating func visitQueryRoot(
        selections: GraphQLSelectionSetMetadata, writes: inout [String: CacheRecordWrite],
        dependencies: inout Set<String>
    ) {
        guard visited.insert(Visit(record: CacheKey.queryRoot, selections: ObjectIdentifier(selections))).inserted
        else { return }
        if let moved = step.applyToRoot(
            to: &writes, dependencies: &dependencies, rootKey: CacheKey.queryRoot, selections: selections,
            asWhole: asWhole)
        {
            merges = (merges ?? [:]).merging(moved) { earlier, later in earlier.merging(later) { _, new in new } }
        }
        let variables = step.variables
        for field in selections.fields(forType: selections.typeName) where field.isSelected(variables: variables) {
            guard let sub = field.selections, reaches(sub) else { continue }
            let fieldKey =
                step.metadata.listPolicies[field.name]?.fieldKey(of: field.field, variables: variables)
                ?? field.cacheKey(variables: variables)
            let record = CacheKey.rootField(CacheKey.queryRoot, fieldKey)
            if let value = writes[record]?.last(where: { $0.name == fieldKey })?.entry.value {
                visit(value, selections: sub, writes: &writes, dependencies: &dependencies)
            }
        }
    }

    /// Moves the page `pageKey` of the record `key` to its list `listKey` (the same field when the page's arguments
    /// are the key arguments alone: a first page), with where it goes; returns the value written (`nil`: no page).
    /// A second page of the same list in one answer (another alias) is merged after the first, in response order (a
    /// connection's edges and nodes too, its `pageInfo` over the first's: ``CacheListMergeStep/mergeConnectionAlias``).
    /// The first pages (``StashedPage``) of the object `key`'s lists that come after another page of the same list
    /// in its selections, taken out of its record (and their connections' records out of `writes`), by list field key.
    private func stashFirstPages(
        of key: String, typeName: String?, selections: GraphQLSelectionSetMetadata,
        writes: inout [String: CacheRecordWrite]
    ) -> [String: StashedPage] {
        // (Most objects' types have no list: nothing to look at.)
        guard let typeName, step.metadata.objectListPolicies[typeName] != nil else { return [:] }
        var stash: [String: StashedPage] = [:]
        var otherPagesMet: Set<String> = []
        let variables = step.variables
        for field in selections.fields(forType: typeName) where field.isSelected(variables: variables) {
            guard let policy = step.metadata.listPolicy(of: typeName, field: field.name) else { continue }
            let listKey = policy.fieldKey(of: field.field, variables: variables)
            guard field.cacheKey(variables: variables) == listKey else {
                otherPagesMet.insert(listKey)
                continue
            }
            guard otherPagesMet.contains(listKey), stash[listKey] == nil, var fields = writes[key],
                let index = fields.lastIndex(where: { $0.name == listKey })
            else { continue }
            let write = fields.remove(at: index)
            writes[key] = fields
            stash[listKey] = StashedPage(write: write, isConnection: policy.isConnection, writes: &writes)
        }
        return stash
    }

    /// `stashed`: the page, when ``stashFirstPages(of:typeName:selections:writes:)`` took it out of the record.
    private mutating func movePage(
        of key: String, pageKey: String, listKey: String, policy: GraphQLListPolicy, field: CollectedField,
        writes: inout [String: CacheRecordWrite], dependencies: inout Set<String>, stashed: StashedPage? = nil
    ) -> CacheValue? {
        guard var fields = writes[key] else { return nil }
        if let earlier = merges?[key]?[listKey] {
            // The page's entry: stashed, or under its own field key (one under the list's is the earlier pages').
            let pageIndex = stashed == nil && pageKey != listKey ? fields.lastIndex(where: { $0.name == pageKey }) : nil
            let pageEntry = stashed?.write.entry ?? pageIndex.map { fields[$0].entry }
            // Another alias of the same list in this answer (not a connection's): both pages, in response order.
            if !policy.isConnection, let page = pageEntry,
                let listIndex = fields.lastIndex(where: { $0.name == listKey })
            {
                var kept = fields[listIndex].entry
                let placement = asWhole ? .replace : step.placement(of: field, policy: policy)
                let (chained, value) = earlier.followed(by: placement, value: page.value, earlier: kept.value)
                kept.value = value
                kept.receivedAt = min(kept.receivedAt, page.receivedAt)
                fields[listIndex].entry = kept
                if let pageIndex { fields.remove(at: pageIndex) }
                writes[key] = fields
                merges?[key, default: [:]][listKey] = chained
                return page.value
            }
            if policy.isConnection, case .reference(let page)? = pageEntry?.value {
                // Another alias of the same connection: its edges and nodes after the earlier's, in response order.
                let listPath = CacheKey.child(of: key, field: listKey)
                if let pageIndex { fields.remove(at: pageIndex) }
                writes[key] = fields
                guard page != listPath || stashed != nil,
                    let connection = stashed?.records[page] ?? writes.removeValue(forKey: page)
                else { return nil }
                dependencies.remove(page)
                let placement = asWhole ? .replace : step.placement(of: field, policy: policy)
                var moved = merges ?? [:]
                step.mergeConnectionAlias(
                    connection, into: listPath, placement: placement, writes: &writes, dependencies: &dependencies,
                    merges: &moved, stashed: stashed?.records ?? [:])
                merges = moved
                return .reference(listPath)
            }
            // (Met again by another path: the list it holds now is walked below.)
            return fields.last(where: { $0.name == listKey })?.entry.value
        }
        guard var entry = stashed?.write.entry ?? fields.last(where: { $0.name == pageKey })?.entry else { return nil }
        let placement = asWhole ? .replace : step.placement(of: field, policy: policy)
        fields.removeAll { $0.name == pageKey || $0.name == listKey }
        if merges == nil { merges = [:] }
        if policy.isConnection {
            if case .reference(let page) = entry.value,
                let connection = stashed?.records[page] ?? writes.removeValue(forKey: page)
            {
                dependencies.remove(page)
                let listPath = CacheKey.child(of: key, field: listKey)
                var moved = merges ?? [:]
                step.moveConnection(
                    connection, to: listPath, placement: placement, writes: &writes, dependencies: &dependencies,
                    merges: &moved, stashed: stashed?.records ?? [:])
                merges = moved
                entry.value = .reference(listPath)
            }
        }
        // The list's field, marked as a list (a connection's is its object's reference: its lists are merged there).
        merges?[key, default: [:]][listKey] = policy.isConnection ? .replace : placement
        fields.append(CacheFieldWrite(name: listKey, entry: entry))
        writes[key] = fields
        return entry.value
    }
}

/// A page of a list whose records an earlier page of the same list in the answer would be moved over: a first page
/// without a pagination argument (`newest: items` after `older: items(after: "c2")`) is written under the list's own
/// field key, and a connection's object and `pageInfo` under the list's own paths, where ``CacheListMergeStep``
/// moves the earlier page. Its records are taken out of the answer's writes before any page is moved, and placed
/// from here in their turn (response order).
struct StashedPage {
    /// The page's field (under the list's field key).
    let write: CacheFieldWrite
    /// A connection page's object and `pageInfo` records, by their keys in the answer.
    let records: [String: CacheRecordWrite]

    /// Takes the records `write`'s connection object refers to (when `isConnection`) out of `writes`.
    init(write: CacheFieldWrite, isConnection: Bool, writes: inout [String: CacheRecordWrite]) {
        self.write = write
        var records: [String: CacheRecordWrite] = [:]
        if isConnection, case .reference(let page) = write.entry.value,
            let connection = writes.removeValue(forKey: page)
        {
            records[page] = connection
            for field in connection where field.name == "pageInfo" {
                if case .reference(let info) = field.entry.value, let infoFields = writes.removeValue(forKey: info) {
                    records[info] = infoFields
                }
            }
        }
        self.records = records
    }
}
