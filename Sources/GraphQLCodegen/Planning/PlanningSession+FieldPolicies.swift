import GraphQLSchema

extension PlanningSession {
    /// The configuration's `cache.fieldPolicies` checked against the schema: each names a field of the query root
    /// type returning an object type (or a list of one) whose key fields (`cache.keyFields`, else `id`) the key
    /// arguments match one to one; for a list field exactly one key argument is a list, for an object field none.
    /// A policy that does not hold is an error that says which and why.
    func planFieldPolicies() -> [String: FieldPolicyPlan] {
        var plans: [String: FieldPolicyPlan] = [:]
        for coordinate in configuration.cache.fieldPolicies.keys.sorted() {
            guard let keyArguments = configuration.cache.fieldPolicies[coordinate] else { continue }
            let prefix = "graphql-codegen.json: 'cache.fieldPolicies.\(coordinate)'"
            guard let field = rootQueryField(coordinate, prefix: prefix, kind: "a field policy", example: "game") else {
                continue
            }
            let fieldName = field.name
            let isList = Self.isList(field.type)
            guard let returned = schema.namedType(of: field.type), returned.kind == .object else {
                error(
                    "\(prefix): '\(fieldName)' must return an object type or a list of one, not \(field.type).",
                    at: field.location)
                continue
            }
            let keyFields = configuration.cache.keyFields[returned.name] ?? ["id"]
            guard keyArguments.count == keyFields.count else {
                error(
                    "\(prefix): '\(returned.name)' is keyed by \(keyFields.joined(separator: ", ")), so keyArgs "
                        + "needs \(keyFields.count) argument\(keyFields.count == 1 ? "" : "s"), one per key field in "
                        + "order; found \(keyArguments.joined(separator: ", ")).", at: field.location)
                continue
            }
            var listArguments: [String] = []
            var failed = false
            for name in keyArguments {
                guard let argument = field.arguments.first(where: { $0.name == name }) else {
                    error("\(prefix): '\(fieldName)' has no argument '\(name)'.", at: field.location)
                    failed = true
                    break
                }
                if Self.isList(argument.type) { listArguments.append(name) }
            }
            if failed { continue }
            if isList, listArguments.count != 1 {
                error(
                    "\(prefix): '\(fieldName)' returns a list, so exactly one of its key arguments must be a list "
                        + "(one object per item); found \(listArguments.count).", at: field.location)
                continue
            }
            if !isList, !listArguments.isEmpty {
                error(
                    "\(prefix): '\(fieldName)' returns one object, so no key argument may be a list; "
                        + "'\(listArguments[0])' is.", at: field.location)
                continue
            }
            plans[fieldName] = FieldPolicyPlan(
                typeName: returned.name, keyArguments: keyArguments, listArgument: listArguments.first)
        }
        return plans
    }

    /// Whether `type` is a list (nullable or not).
    private static func isList(_ type: TypeRef) -> Bool {
        switch type {
        case .list: return true
        case .nonNull(let wrapped): return isList(wrapped)
        case .named: return false
        }
    }

    /// The field of the query root type a policy's coordinate (`Query.game`) names; `nil` (with an error that says
    /// why, after `prefix`) when the schema has no query type, the coordinate is not `QueryType.field`, or the field
    /// does not exist. `kind` and `example` word the error (`a field policy`, `game`).
    func rootQueryField(_ coordinate: String, prefix: String, kind: String, example: String) -> SchemaField? {
        guard let queryType = schema.rootType(for: .query) else {
            error("\(prefix): the schema has no query type.", at: .unknown)
            return nil
        }
        let parts = coordinate.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 2, String(parts[0]) == queryType.name else {
            error(
                "\(prefix): \(kind) names a field of the query root type, such as '\(queryType.name).\(example)'.",
                at: .unknown)
            return nil
        }
        let fieldName = String(parts[1])
        guard let field = queryType.field(named: fieldName) else {
            error("\(prefix): '\(queryType.name)' has no field '\(fieldName)'.", at: .unknown)
            return nil
        }
        return field
    }
}
