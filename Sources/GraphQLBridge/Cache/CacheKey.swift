/// The keys of the cache's records, spelled in one place.
///
/// - An object with a key: `Type:id` (the key fields joined by `,`): `Game:6x45`.
/// - A root field: a record of its own holding that one field, `QUERY_ROOT.<field key>`:
///   `QUERY_ROOT.game({"id":"6x45"})`, so that the root does not become one record that grows with every query.
/// - An object without a key: under its path from the record that holds the field, `<record>.<field key>`, and
///   `.<index>` per list level: `Game:6x45.logo`, `QUERY_ROOT.games({"activeOnly":true}).games({"activeOnly":true}).3`.
///   Under a root field the owner is the root field's record, so the object's key is never the root field record's
///   own (`QUERY_ROOT.hero.hero`, not `QUERY_ROOT.hero`).
enum CacheKey {
    /// The query root.
    static let queryRoot = "QUERY_ROOT"
    /// The mutation root: a mutation's root fields are not kept; its objects are merged into their records.
    static let mutationRoot = "MUTATION_ROOT"
    /// The subscription root: as the mutation root, an event's root field is not kept.
    static let subscriptionRoot = "SUBSCRIPTION_ROOT"

    /// The root of an operation of `type`.
    static func root(of type: GraphQLOperationType) -> String {
        switch type {
        case .query: return queryRoot
        case .mutation: return mutationRoot
        case .subscription: return subscriptionRoot
        }
    }

    /// Whether records under `root` are kept (only the query root's fields are).
    static func keepsRootFields(_ root: String) -> Bool { root == queryRoot }

    /// The record holding the root field `fieldKey`.
    static func rootField(_ root: String, _ fieldKey: String) -> String { root + "." + fieldKey }

    /// The object without a key held by the field `fieldKey` of the record `owner`.
    static func child(of owner: String, field fieldKey: String) -> String { owner + "." + fieldKey }

    /// The element `index` of a list whose objects without a key are under `path`.
    static func element(of path: String, at index: Int) -> String { path + "." + String(index) }

    /// The object without a key held by the field `fieldKey` of `owner`, at `indices` in its nested lists:
    /// ``child(of:field:)``, then ``element(of:at:)`` for each index, built at once.
    static func child(of owner: String, field fieldKey: String, at indices: [Int]) -> String {
        var key = owner
        key.reserveCapacity(owner.utf8.count + fieldKey.utf8.count + 1 + indices.count * 4)
        key.append(".")
        key.append(fieldKey)
        for index in indices {
            key.append(".")
            key.append(String(index))
        }
        return key
    }

    /// Whether the record `key`, holding `fieldKeys`, is a root field's record of the query root (a root for
    /// reachability): its one field's key is its key's suffix. An object without a key under a root field
    /// (`QUERY_ROOT.hero.hero`) holds the object's fields instead.
    static func isQueryRootField(_ key: String, fieldKeys: some Collection<String>) -> Bool {
        let prefix = queryRoot + "."
        guard key.hasPrefix(prefix), fieldKeys.count == 1, let only = fieldKeys.first else { return false }
        return key.utf8.count == prefix.utf8.count + only.utf8.count && key.hasSuffix(only)
    }
}

extension CacheRecord {
    /// The key of the record that holds the query root's field `fieldKey` (`game({"id":"6x45"})`).
    public static func rootFieldKey(_ fieldKey: String) -> String {
        CacheKey.rootField(CacheKey.queryRoot, fieldKey)
    }
}
