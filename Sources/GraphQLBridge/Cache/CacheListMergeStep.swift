import GraphQLBridgeSupport

/// The step after ``CacheNormalizer`` for the root fields with a ``GraphQLListPolicy``: each page the normalizer wrote
/// under its own field key (`draws({"before":12,"gameId":"6x45","last":20})`) is moved under the list's field key
/// (`draws({"gameId":"6x45"})`), with where it goes in the stored list (``CacheListMerges``) for the store to combine.
///
/// The objects of a page without a key stay under the page's own path (distinct for each page). A connection's object
/// is moved to the list's path (`QUERY_ROOT.<list>.<list>`), and its `pageInfo` too, with only the end a page that
/// goes after it gives (`endCursor`, `hasNextPage`), the start one that goes before it gives.
struct CacheListMergeStep {
    let metadata: GraphQLCacheMetadata
    let variables: [String: JSONValue]

    /// Moves the pages of `writes` (an answer's, under `rootKey`) to their lists; returns where each goes, `nil` when
    /// the answer has no page of a list. `dependencies` follow the records moved. `asWhole`: each is the whole list,
    /// whatever its arguments (the app's edit of what a read gave it), which replaces the stored one.
    func apply(
        to writes: inout [String: CacheRecordWrite], dependencies: inout Set<String>, rootKey: String,
        asWhole: Bool = false
    ) -> CacheListMerges? {
        guard !metadata.listPolicies.isEmpty, rootKey == CacheKey.queryRoot else { return nil }
        let set = metadata.selections
        var merges: CacheListMerges?
        for field in set.fields(forType: set.typeName) where field.isSelected(variables: variables) {
            guard let policy = metadata.listPolicies[field.name] else { continue }
            let pageKey = field.cacheKey(variables: variables)
            let pageRecord = CacheKey.rootField(rootKey, pageKey)
            guard let pageWrites = writes[pageRecord],
                let write = pageWrites.last(where: { $0.name == pageKey })
            else { continue }
            let listKey = policy.fieldKey(of: field.field, variables: variables)
            let listRecord = CacheKey.rootField(rootKey, listKey)
            let placement =
                asWhole ? .replace : policy.placement(arguments: field.field.resolvedArguments(variables: variables))
            writes[pageRecord] = nil
            dependencies.remove(pageRecord)
            if merges == nil { merges = [:] }
            dependencies.insert(listRecord)
            var entry = write.entry
            if policy.isConnection {
                if case .reference(let page) = entry.value, let connection = writes.removeValue(forKey: page) {
                    dependencies.remove(page)
                    let listPath = CacheKey.child(of: listRecord, field: listKey)
                    var moved = merges ?? [:]
                    moveConnection(
                        connection, to: listPath, placement: placement, writes: &writes, dependencies: &dependencies,
                        merges: &moved)
                    merges = moved
                    entry.value = .reference(listPath)
                }
                writes[listRecord] = [CacheFieldWrite(name: listKey, entry: entry)]
            } else {
                writes[listRecord] = [CacheFieldWrite(name: listKey, entry: entry)]
                merges?[listRecord, default: [:]][listKey] = placement
            }
        }
        return merges
    }

    /// Writes a page's connection object (its fields `connection`) as the list's (`listPath`): its `edges` and `nodes`
    /// merged as `placement` says, its `pageInfo` moved beside it with the fields the page gives.
    private func moveConnection(
        _ connection: CacheRecordWrite, to listPath: String, placement: CacheListPlacement,
        writes: inout [String: CacheRecordWrite], dependencies: inout Set<String>, merges: inout CacheListMerges
    ) {
        var fields: CacheRecordWrite = []
        for var field in connection {
            switch field.name {
            case "edges", "nodes":
                merges[listPath, default: [:]][field.name] = placement
            case "pageInfo":
                if case .reference(let info) = field.entry.value, let infoFields = writes.removeValue(forKey: info) {
                    dependencies.remove(info)
                    let infoPath = CacheKey.child(of: listPath, field: "pageInfo")
                    let kept: Set<String>
                    switch placement {
                    case .replace, .at: kept = []
                    case .append: kept = ["startCursor", "hasPreviousPage"]
                    case .prepend: kept = ["endCursor", "hasNextPage"]
                    }
                    writes[infoPath] = infoFields.filter { !kept.contains($0.name) }
                    dependencies.insert(infoPath)
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
}
