import GraphQLSchema

extension PlanningSession {
    /// The configuration's `cache.listPolicies` checked against the schema: each names a field of the query root type
    /// whose every argument is in its `keyArgs` or its `paginationArgs` (and each of those is an argument of the
    /// field); an `offset` continuation is an `Int` argument; a `connection` field returns an object type with
    /// `pageInfo` and `edges` or `nodes`, and has the `after` or `before` argument it pages with; any other returns a
    /// list. A policy that does not hold is an error that says which and why.
    func planListPolicies() -> [String: ListPolicyConfiguration] {
        var plans: [String: ListPolicyConfiguration] = [:]
        for coordinate in configuration.cache.listPolicies.keys.sorted() {
            guard let policy = configuration.cache.listPolicies[coordinate] else { continue }
            let prefix = "graphql-codegen.json: 'cache.listPolicies.\(coordinate)'"
            guard let field = rootQueryField(coordinate, prefix: prefix, kind: "a list policy", example: "items") else {
                continue
            }
            let fieldName = field.name
            let declared = policy.keyArgs + policy.paginationArgs
            if let unknown = declared.first(where: { name in !field.arguments.contains { $0.name == name } }) {
                let names = field.arguments.map(\.name).joined(separator: ", ")
                error(
                    "\(prefix): '\(fieldName)' has no argument '\(unknown)' (its arguments: \(names.isEmpty ? "none" : names)).",
                    at: field.location)
                continue
            }
            if let left = field.arguments.first(where: { !declared.contains($0.name) }) {
                error(
                    "\(prefix): the argument '\(left.name)' of '\(fieldName)' is in neither keyArgs nor paginationArgs; "
                        + "say whether it keys the list or pages it.", at: field.location)
                continue
            }
            switch policy.merge {
            case .connection:
                guard let returned = schema.namedType(of: field.type), returned.kind == .object,
                    returned.field(named: "pageInfo") != nil,
                    returned.field(named: "edges") != nil || returned.field(named: "nodes") != nil
                else {
                    error(
                        "\(prefix): a connection must return an object type with 'pageInfo' and 'edges' or 'nodes', "
                            + "not \(field.type).", at: field.location)
                    continue
                }
            case .append, .prepend, .offset:
                guard Self.returnsList(field.type) else {
                    error(
                        "\(prefix): '\(policy.merge.rawValue)' merges the pages of a list; '\(fieldName)' returns "
                            + "\(field.type).", at: field.location)
                    continue
                }
                if policy.merge == .offset, let name = policy.continuation,
                    let argument = field.arguments.first(where: { $0.name == name }),
                    schema.namedType(of: argument.type)?.name != "Int" || Self.returnsList(argument.type)
                {
                    error(
                        "\(prefix): the offset argument '\(name)' must be an Int, not \(argument.type).",
                        at: field.location)
                    continue
                }
            }
            plans[fieldName] = policy
        }
        return plans
    }

    /// Whether `type` is a list (nullable or not).
    private static func returnsList(_ type: TypeRef) -> Bool {
        switch type {
        case .list: return true
        case .nonNull(let wrapped): return returnsList(wrapped)
        case .named: return false
        }
    }
}
