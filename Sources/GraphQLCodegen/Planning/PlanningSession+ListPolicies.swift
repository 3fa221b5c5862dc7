import GraphQLParser
import GraphQLSchema

extension PlanningSession {
    /// The configuration's `cache.listPolicies` checked against the schema: each names a field of the query root type,
    /// or of an object or interface type (`User.friends`: the pages of that field of one object merged in the object's
    /// record), whose every argument is in its `keyArgs` or its `paginationArgs` (and each of those is an argument of
    /// the field); an `offset` continuation is an `Int` argument; a `connection` field returns an object type with
    /// `pageInfo` and `edges` or `nodes`, and has the `after` or `before` argument it pages with; any other returns a
    /// list. A policy that does not hold is an error that says which and why. Returns the root's policies by field
    /// name, and the others by object type name then field name (an interface's given to each object type implementing
    /// it that has none of its own).
    func planListPolicies() -> (
        root: [String: ListPolicyConfiguration], objects: [String: [String: ListPolicyConfiguration]]
    ) {
        var plans: [String: ListPolicyConfiguration] = [:]
        var objects: [String: [String: ListPolicyConfiguration]] = [:]
        var fromInterfaces: [String: [String: ListPolicyConfiguration]] = [:]
        let queryName = schema.rootType(for: .query)?.name
        for coordinate in configuration.cache.listPolicies.keys.sorted() {
            guard let policy = configuration.cache.listPolicies[coordinate] else { continue }
            let prefix = "graphql-codegen.json: 'cache.listPolicies.\(coordinate)'"
            let parts = coordinate.split(separator: ".", omittingEmptySubsequences: false)
            if parts.count == 2, let queryName, String(parts[0]) == queryName {
                guard
                    let field = rootQueryField(coordinate, prefix: prefix, kind: "a list policy", example: "items"),
                    check(policy, of: field, prefix: prefix)
                else { continue }
                plans[field.name] = policy
                continue
            }
            guard let (type, field) = objectField(coordinate, prefix: prefix), check(policy, of: field, prefix: prefix)
            else { continue }
            if type.kind == .object {
                objects[type.name, default: [:]][field.name] = policy
            } else {
                for object in schema.possibleTypes(of: type) {
                    fromInterfaces[object.name, default: [:]][field.name] = policy
                }
            }
        }
        // An object type's own policy wins over its interface's.
        for (typeName, fields) in fromInterfaces {
            objects[typeName, default: [:]].merge(fields) { own, _ in own }
        }
        return (plans, objects)
    }

    /// The type and field a list policy's coordinate names when it is not the query root's: an object or interface
    /// type, not a root type, that has the field; else an error that says what to write instead.
    private func objectField(_ coordinate: String, prefix: String) -> (SchemaType, SchemaField)? {
        let example = "'\(schema.rootType(for: .query)?.name ?? "Query").items' or 'User.friends'"
        let parts = coordinate.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 2, !parts[0].isEmpty, !parts[1].isEmpty else {
            error(
                "\(prefix): a list policy names a field as 'Type.field', such as \(example).", at: .unknown)
            return nil
        }
        let typeName = String(parts[0])
        let fieldName = String(parts[1])
        guard let type = schema.type(named: typeName) else {
            error(
                "\(prefix): the schema has no type '\(typeName)'; a list policy names a field of the query root type "
                    + "or of an object or interface type, such as \(example).", at: .unknown)
            return nil
        }
        for root in [OperationType.mutation, .subscription] where schema.rootType(for: root) === type {
            error(
                "\(prefix): '\(typeName)' is the \(root.rawValue) root type, whose fields are not kept in the cache; "
                    + "a list policy names a field of the query root type or of an object or interface type, such as "
                    + "\(example).", at: type.location)
            return nil
        }
        guard type.kind == .object || type.kind == .interface else {
            error(
                "\(prefix): '\(typeName)' is \(type.kind == .union ? "a union" : "not an object type"); a list "
                    + "policy names a field of an object or interface type, such as \(example).", at: type.location)
            return nil
        }
        guard let field = type.field(named: fieldName) else {
            let names = type.fields.map(\.name).joined(separator: ", ")
            error("\(prefix): '\(typeName)' has no field '\(fieldName)' (its fields: \(names)).", at: type.location)
            return nil
        }
        return (type, field)
    }

    /// Whether `policy` holds for `field` (else an error that says why).
    private func check(_ policy: ListPolicyConfiguration, of field: SchemaField, prefix: String) -> Bool {
        let fieldName = field.name
        let declared = policy.keyArgs + policy.paginationArgs
        if let unknown = declared.first(where: { name in !field.arguments.contains { $0.name == name } }) {
            let names = field.arguments.map(\.name).joined(separator: ", ")
            error(
                "\(prefix): '\(fieldName)' has no argument '\(unknown)' (its arguments: \(names.isEmpty ? "none" : names)).",
                at: field.location)
            return false
        }
        if let left = field.arguments.first(where: { !declared.contains($0.name) }) {
            error(
                "\(prefix): the argument '\(left.name)' of '\(fieldName)' is in neither keyArgs nor paginationArgs; "
                    + "say whether it keys the list or pages it.", at: field.location)
            return false
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
                return false
            }
        case .append, .prepend, .offset:
            guard Self.returnsList(field.type) else {
                error(
                    "\(prefix): '\(policy.merge.rawValue)' merges the pages of a list; '\(fieldName)' returns "
                        + "\(field.type).", at: field.location)
                return false
            }
            if let name = policy.continuationField, !checkContinuationField(name, of: field, prefix: prefix) {
                return false
            }
            if policy.merge == .offset, let name = policy.continuation,
                let argument = field.arguments.first(where: { $0.name == name }),
                schema.namedType(of: argument.type)?.name != "Int" || Self.returnsList(argument.type)
            {
                error(
                    "\(prefix): the offset argument '\(name)' must be an Int, not \(argument.type).",
                    at: field.location)
                return false
            }
        }
        return true
    }

    /// Whether `name` is a key field of the object type of `field`'s items (a `continuationField`: the item a page
    /// continues after is found by its reference, which holds its key fields' values), else an error that says why.
    private func checkContinuationField(_ name: String, of field: SchemaField, prefix: String) -> Bool {
        guard let item = schema.namedType(of: field.type), item.kind == .object else {
            error(
                "\(prefix): 'continuationField' names a field of the list's items, which must be of an object type, "
                    + "not \(field.type).", at: field.location)
            return false
        }
        guard item.field(named: name) != nil else {
            let names = item.fields.map(\.name).joined(separator: ", ")
            error(
                "\(prefix): 'continuationField': '\(item.name)' has no field '\(name)' (its fields: \(names)).",
                at: field.location)
            return false
        }
        let keyFields = configuration.cache.keyFields[item.name] ?? ["id"]
        guard keyFields.contains(name) else {
            error(
                "\(prefix): 'continuationField' '\(name)' must be one of the key fields of '\(item.name)' "
                    + "(\(keyFields.joined(separator: ", "))): the item a page continues after is found by its key; "
                    + "add it to cache.keyFields.\(item.name) or name a key field.", at: field.location)
            return false
        }
        return true
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
