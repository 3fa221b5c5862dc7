/// What the cache needs to know of an operation, emitted by the code generator: the whole selection tree
/// (fragments included), the key fields of types whose key is not `id`, and the configured lifetimes.
///
/// Generated operations provide it as ``GraphQLOperation/cacheMetadata``; an operation without it (written
/// by hand) is never cached.
public struct GraphQLCacheMetadata: Sendable {
    /// The operation's selection set on its root type.
    public let selections: GraphQLSelectionSetMetadata
    /// Key fields by type name, for types whose key is not `id` (from `graphql-codegen.json`).
    public let keyFields: [String: [String]]
    /// Configured lifetimes by schema coordinate: `"Draw.prizePool"` (a field) or `"Image"` (a type), for
    /// data the server does not label with `Cache-Control`.
    public let maxAges: [String: Duration]
    /// The operation's variables' default values, by name: a variable left out has its default, for the server and
    /// so for the cache (field keys, `@include` and `@skip`).
    public let variableDefaults: [String: JSONValue]
    /// Cache redirects of the query root's fields, by field name (from `graphql-codegen.json`'s `fieldPolicies`): a
    /// root field the cache has no answer of is read from the record its key arguments name.
    public let fieldPolicies: [String: GraphQLFieldPolicy]
    /// How the pages of the query root's paginated fields are one list, by field name (from `graphql-codegen.json`'s
    /// `listPolicies`): see ``GraphQLListPolicy``.
    public let listPolicies: [String: GraphQLListPolicy]
    /// How the pages of paginated fields of other types are one list, by type name then field name (from
    /// `graphql-codegen.json`'s `listPolicies` on a type other than the query root: `"User.friends"`): the pages of a
    /// field of one record (`User:ann`) are merged under that record's field key made of the key arguments alone (see
    /// ``GraphQLListPolicy``).
    public let objectListPolicies: [String: [String: GraphQLListPolicy]]
    /// The name of the schema's query root type, when the operation can meet an object of that type below its root (a
    /// Relay mutation payload's `query: Query!`, a query's field of type `Query`): such an object's fields are the
    /// query root's, written to the records a query's root fields are written to (``CacheRecord/rootFieldKey(_:)``).
    /// `nil`: for a query, its root selection's type; for another operation, none.
    public let queryTypeName: String?
    /// ``maxAges`` of fields, by type name then field name (looked up without making a coordinate string).
    private let fieldMaxAges: [String: [String: Duration]]
    /// What the normalizer needs of each type, made once (shared by copies of this metadata).
    let typeFacts = CacheTypeFactsMemo()

    /// The key fields of types not listed in ``keyFields``.
    public static let defaultKeyFields = ["id"]

    /// Creates the metadata of an operation.
    public init(
        selections: GraphQLSelectionSetMetadata, keyFields: [String: [String]] = [:],
        maxAges: [String: Duration] = [:], variableDefaults: [String: JSONValue] = [:],
        fieldPolicies: [String: GraphQLFieldPolicy] = [:], listPolicies: [String: GraphQLListPolicy] = [:],
        objectListPolicies: [String: [String: GraphQLListPolicy]] = [:], queryTypeName: String? = nil
    ) {
        self.queryTypeName = queryTypeName
        self.fieldPolicies = fieldPolicies
        self.listPolicies = listPolicies
        self.objectListPolicies = objectListPolicies
        self.selections = selections
        self.keyFields = keyFields
        self.maxAges = maxAges
        self.variableDefaults = variableDefaults
        var fieldMaxAges: [String: [String: Duration]] = [:]
        for (coordinate, maxAge) in maxAges {
            guard let dot = coordinate.firstIndex(of: ".") else { continue }
            fieldMaxAges[String(coordinate[..<dot]), default: [:]][
                String(coordinate[coordinate.index(after: dot)...])] =
                maxAge
        }
        self.fieldMaxAges = fieldMaxAges
    }

    /// The variables as the server coerces them: those given, and the default of each one left out.
    public func coercedVariables(_ given: [String: JSONValue]) -> [String: JSONValue] {
        guard !variableDefaults.isEmpty else { return given }
        return given.merging(variableDefaults) { given, _ in given }
    }

    /// The list policy of the field `name` of an object of type `typeName` (not the query root's:
    /// ``listPolicies``).
    func listPolicy(of typeName: String?, field name: String) -> GraphQLListPolicy? {
        guard let typeName, !objectListPolicies.isEmpty else { return nil }
        return objectListPolicies[typeName]?[name]
    }

    /// Whether an answer can hold the query root below its root (``queryTypeName``) with root fields that have a list
    /// policy: those pages are moved to their lists too, as a query's root fields' are.
    var meetsRootListsBelow: Bool { queryTypeName != nil && !listPolicies.isEmpty }

    /// Whether pages of lists can be met below the answer's root (an object's field with a list policy, or the query
    /// root's, ``meetsRootListsBelow``): the answer's tree is walked for them.
    var hasListsBelowRoot: Bool { !objectListPolicies.isEmpty || meetsRootListsBelow }

    /// Whether any field of the operation's may be a page of a list the cache keeps.
    var hasListPolicies: Bool { !listPolicies.isEmpty || !objectListPolicies.isEmpty }

    /// Whether the operation's pages (its queries with other variables) are pages of one list in the cache: it selects
    /// a root field with a list policy, or a field of another type with one whose pagination arguments are given by
    /// variables (a list that pages with the operation's variables, not one selected whole in each page of another).
    var pagesAListInTheCache: Bool {
        let set = selections
        if !listPolicies.isEmpty, set.fields(forType: set.typeName).contains(where: { listPolicies[$0.name] != nil }) {
            return true
        }
        guard !objectListPolicies.isEmpty else { return false }
        var seen: Set<ObjectIdentifier> = []
        func pages(_ set: GraphQLSelectionSetMetadata, typeName: String?) -> Bool {
            guard seen.insert(ObjectIdentifier(set)).inserted else { return false }
            for field in set.fields {
                let policies =
                    typeName.map { objectListPolicies[$0].map { [$0] } ?? [] } ?? Array(objectListPolicies.values)
                for policy in policies.compactMap({ $0[field.name] }) {
                    let paging = policy.paginationArguments.compactMap { field.arguments[$0] }
                    if paging.contains(where: { if case .literal = $0 { false } else { true } }) { return true }
                }
                if let sub = field.selections, pages(sub, typeName: sub.typeName) { return true }
            }
            return set.conditions.contains { condition in
                pages(
                    condition.selections,
                    typeName: condition.possibleTypes.count == 1 ? condition.possibleTypes.first : nil)
            }
        }
        return pages(set, typeName: set.typeName)
    }

    /// The key fields of `typeName`.
    func keyFields(of typeName: String) -> [String] {
        keyFields[typeName] ?? Self.defaultKeyFields
    }

    /// The configured lifetimes of `typeName`'s fields, by field name, and of the type itself.
    func maxAges(on typeName: String?) -> (fields: [String: Duration]?, type: Duration?) {
        guard let typeName, !maxAges.isEmpty else { return (nil, nil) }
        return (fieldMaxAges[typeName], maxAges[typeName])
    }
}
