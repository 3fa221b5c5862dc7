extension SwiftRenderer {
    /// `extension <Operation> { static let cacheMetadata = ... }`: the selection tree, key fields and lifetimes
    /// the client cache needs, as static values (the runtime never parses a document).
    func writeCacheMetadata(
        _ selections: CacheSelectionPlan, of swiftName: String, variableDefaults: [String: String], isQuery: Bool,
        isFragment: Bool = false, to writer: inout CodeWriter
    ) {
        writer.blankLine()
        writer.open("extension \(swiftName)")
        let shared = sharedSelectionSets()
        if isFragment {
            // The fragment's tree once, under a name the operations and fragments that spread it reference.
            writer.doc("The fragment's selection tree, for the cache: what selects this fragment alone references it.")
            writer.line("static let \(Self.sharedSelectionsName): GraphQLSelectionSetMetadata =")
            writer.level += 1
            writeSelectionSet(selections, prefix: "", suffix: "", shared: shared, isTop: true, to: &writer)
            writer.level -= 1
            writer.blankLine()
            writer.doc(
                "What the client cache needs to know of the fragment: its selection tree, key fields and lifetimes.")
        } else {
            writer.doc(
                "What the client cache needs to know of the operation: its selection tree, key fields and lifetimes.")
        }
        writer.line("\(access)static let cacheMetadata: GraphQLCacheMetadata? = GraphQLCacheMetadata(")
        writer.level += 1
        if isFragment {
            writer.line("selections: \(Self.sharedSelectionsName),")
        } else {
            writeSelectionSet(selections, prefix: "selections: ", suffix: ",", shared: shared, to: &writer)
        }
        let keyFields = plan.cache.keyFields.keys.sorted().map { type -> String in
            let fields = (plan.cache.keyFields[type] ?? []).map { "\"\(SwiftNames.stringLiteralContents($0))\"" }
            return "\"\(SwiftNames.stringLiteralContents(type))\": [\(fields.joined(separator: ", "))]"
        }
        writer.line("keyFields: [\(keyFields.isEmpty ? ":" : keyFields.joined(separator: ", "))],")
        let maxAges = plan.cache.maxAgeMilliseconds.keys.sorted().map { coordinate -> String in
            "\"\(SwiftNames.stringLiteralContents(coordinate))\": .milliseconds(\(plan.cache.maxAgeMilliseconds[coordinate] ?? 0))"
        }
        let selectedRootFields = Set(selections.fields.map(\.name))
        // The list policies of other types' fields this operation (or fragment) selects somewhere in its tree.
        var selectedNames: Set<String> = []
        Self.collectFieldNames(selections, into: &selectedNames)
        let meetsQueryType =
            plan.queryTypeName.map {
                Self.meetsQueryType(
                    below: selections, queryType: $0, orAbstract: plan.queryTypeIsAbstractMember, isTop: !isFragment)
            } ?? false
        // The redirects of the root fields this query selects, and of those selected on the query root met below the
        // operation's root (a field of the query type), which a read redirects as the root's.
        let policies = plan.fieldPolicies.keys.sorted().filter { name in
            (isQuery && selectedRootFields.contains(name)) || (meetsQueryType && selectedNames.contains(name))
        }.compactMap { name -> String? in
            guard let policy = plan.fieldPolicies[name] else { return nil }
            let arguments = policy.keyArguments.map { "\"\(SwiftNames.stringLiteralContents($0))\"" }
            var text =
                "\"\(SwiftNames.stringLiteralContents(name))\": GraphQLFieldPolicy(typeName: "
                + "\"\(SwiftNames.stringLiteralContents(policy.typeName))\", keyArguments: "
                + "[\(arguments.joined(separator: ", "))]"
            if let list = policy.listArgument {
                text += ", listArgument: \"\(SwiftNames.stringLiteralContents(list))\""
            }
            return text + ")"
        }
        // The list policies of the root fields this query selects, and of those selected on the query root met below
        // the operation's root (a mutation payload's `query`), whose pages are merged into their lists too.
        let lists = plan.listPolicies.keys.sorted().filter { name in
            (isQuery && selectedRootFields.contains(name)) || (meetsQueryType && selectedNames.contains(name))
        }.compactMap { name -> String? in
            plan.listPolicies[name].map { "\"\(SwiftNames.stringLiteralContents(name))\": \(Self.listPolicy($0))" }
        }
        let objectLists = plan.objectListPolicies.keys.sorted().compactMap { typeName -> String? in
            guard let fields = plan.objectListPolicies[typeName] else { return nil }
            let entries = fields.keys.sorted().filter(selectedNames.contains).compactMap { name -> String? in
                fields[name].map { "\"\(SwiftNames.stringLiteralContents(name))\": \(Self.listPolicy($0))" }
            }
            guard !entries.isEmpty else { return nil }
            return "\"\(SwiftNames.stringLiteralContents(typeName))\": [\(entries.joined(separator: ", "))]"
        }
        var tail: [String] = []
        if !variableDefaults.isEmpty { tail.append("variableDefaults: \(dictionary(variableDefaults))") }
        if !policies.isEmpty { tail.append("fieldPolicies: [\(policies.joined(separator: ", "))]") }
        if !lists.isEmpty { tail.append("listPolicies: [\(lists.joined(separator: ", "))]") }
        if !objectLists.isEmpty { tail.append("objectListPolicies: [\(objectLists.joined(separator: ", "))]") }
        if let queryType = plan.queryTypeName, meetsQueryType {
            tail.append("queryTypeName: \"\(SwiftNames.stringLiteralContents(queryType))\"")
        }
        let maxAgesLine = "maxAges: [\(maxAges.isEmpty ? ":" : maxAges.joined(separator: ", "))]"
        if tail.isEmpty {
            writer.line(maxAgesLine + ")")
        } else {
            writer.line(maxAgesLine + ",")
            for (index, line) in tail.enumerated() { writer.line(line + (index == tail.count - 1 ? ")" : ",")) }
        }
        writer.level -= 1
        writer.close()
    }

    /// Whether an object of the query root type `queryType` can be met in `set`'s tree below its root (`isTop`: `set` is
    /// an operation's root selection, itself on the root type): a selection on that type, or a type condition naming
    /// it, or (`orAbstract`, when the query type implements an interface or is a union's member) a selection on an
    /// abstract type.
    static func meetsQueryType(
        below set: CacheSelectionPlan, queryType: String, orAbstract: Bool, isTop: Bool
    ) -> Bool {
        if !isTop, set.typeName == queryType || (orAbstract && set.typeName == nil) { return true }
        for field in set.fields {
            if let sub = field.selections,
                meetsQueryType(below: sub, queryType: queryType, orAbstract: orAbstract, isTop: false)
            {
                return true
            }
        }
        for condition in set.conditions {
            if !isTop, condition.possibleTypes.contains(queryType) { return true }
            if meetsQueryType(below: condition.selections, queryType: queryType, orAbstract: orAbstract, isTop: isTop) {
                return true
            }
        }
        return false
    }

    /// Adds the names of the fields `set` selects, at any depth and in any type condition, to `names`.
    static func collectFieldNames(_ set: CacheSelectionPlan, into names: inout Set<String>) {
        for field in set.fields {
            names.insert(field.name)
            if let selections = field.selections { collectFieldNames(selections, into: &names) }
        }
        for condition in set.conditions { collectFieldNames(condition.selections, into: &names) }
    }

    /// `GraphQLListPolicy(keyArguments: [...], paginationArguments: [...], merge: .append(continuation: "before"))`.
    static func listPolicy(_ policy: ListPolicyConfiguration) -> String {
        func literal(_ text: String) -> String { "\"\(SwiftNames.stringLiteralContents(text))\"" }
        func list(_ names: [String]) -> String { "[\(names.map(literal).joined(separator: ", "))]" }
        let continuation = literal(policy.continuation ?? "")
        let merge: String
        switch policy.merge {
        case .append:
            if let field = policy.continuationField {
                merge = ".appendAfter(continuation: \(continuation), field: \(literal(field)))"
            } else {
                merge = ".append(continuation: \(continuation))"
            }
        case .prepend: merge = ".prepend(continuation: \(continuation))"
        case .offset: merge = ".offset(argument: \(continuation))"
        case .connection: merge = ".connection(after: \"after\", before: \"before\")"
        }
        return "GraphQLListPolicy(keyArguments: \(list(policy.keyArgs)), paginationArguments: "
            + "\(list(policy.paginationArgs)), merge: \(merge))"
    }

    /// The name of a fragment's selection tree for the cache (`GameDetails.graphQLCacheSelections`).
    static let sharedSelectionsName = "graphQLCacheSelections"

    /// The selection trees written once, by value: each fragment's, named by its fragment (the first by name when
    /// two fragments select the same). A selection set equal to one of them, in an operation or in another fragment,
    /// references it instead of repeating it (a field that selects `...GameDetails` alone, or the same fields).
    func sharedSelectionSets() -> [CacheSelectionPlan: String] {
        var shared: [CacheSelectionPlan: String] = [:]
        for fragment in plan.fragments.sorted(by: { $0.swiftName < $1.swiftName }) {
            guard let cache = fragment.cache, shared[cache] == nil else { continue }
            shared[cache] = "\(fragment.swiftName).\(Self.sharedSelectionsName)"
        }
        return shared
    }

    /// Writes `set`, or the name of the shared tree equal to it (never for `isTop`: a fragment's own tree).
    private func writeSelectionSet(
        _ set: CacheSelectionPlan, prefix: String, suffix: String, shared: [CacheSelectionPlan: String],
        isTop: Bool = false, to writer: inout CodeWriter
    ) {
        if !isTop, let name = shared[set] {
            writer.line("\(prefix)\(name)\(suffix)")
            return
        }
        let typeName = set.typeName.map { "\"\(SwiftNames.stringLiteralContents($0))\"" } ?? "nil"
        if set.fields.isEmpty, set.conditions.isEmpty {
            writer.line("\(prefix)GraphQLSelectionSetMetadata(typeName: \(typeName), [])\(suffix)")
            return
        }
        writer.line("\(prefix)GraphQLSelectionSetMetadata(")
        writer.level += 1
        writer.line("typeName: \(typeName),")
        writer.line("[")
        writer.level += 1
        for field in set.fields { writeField(field, shared: shared, to: &writer) }
        writer.level -= 1
        if set.conditions.isEmpty {
            writer.line("])\(suffix)")
        } else {
            writer.line("],")
            writer.line("conditions: [")
            writer.level += 1
            for condition in set.conditions {
                let types = condition.possibleTypes.map { "\"\(SwiftNames.stringLiteralContents($0))\"" }
                writer.line("GraphQLTypeConditionMetadata(")
                writer.level += 1
                writer.line("possibleTypes: [\(types.joined(separator: ", "))],")
                writeSelectionSet(condition.selections, prefix: "", suffix: "),", shared: shared, to: &writer)
                writer.level -= 1
            }
            writer.level -= 1
            writer.line("])\(suffix)")
        }
        writer.level -= 1
    }

    private func writeField(
        _ field: CacheFieldPlan, shared: [CacheSelectionPlan: String], to writer: inout CodeWriter
    ) {
        var head = "GraphQLFieldMetadata(\"\(SwiftNames.stringLiteralContents(field.name))\""
        if let alias = field.alias { head += ", alias: \"\(SwiftNames.stringLiteralContents(alias))\"" }
        if !field.arguments.isEmpty {
            let arguments = field.arguments.keys.sorted().map { name -> String in
                "\"\(SwiftNames.stringLiteralContents(name))\": \(argument(field.arguments[name] ?? .literal(".null")))"
            }
            head += ", arguments: [\(arguments.joined(separator: ", "))]"
        }
        if !field.argumentDefaults.isEmpty { head += ", argumentDefaults: \(dictionary(field.argumentDefaults))" }
        if !field.includeIf.isEmpty {
            head +=
                ", includeIf: [\(field.includeIf.map { "\"\(SwiftNames.stringLiteralContents($0))\"" }.joined(separator: ", "))]"
        }
        if !field.skipIf.isEmpty {
            head +=
                ", skipIf: [\(field.skipIf.map { "\"\(SwiftNames.stringLiteralContents($0))\"" }.joined(separator: ", "))]"
        }
        guard let selections = field.selections else {
            writer.line(head + "),")
            return
        }
        if let name = shared[selections] {
            writer.line(head + ", selections: \(name)),")
            return
        }
        writer.line(head + ",")
        writer.level += 1
        writeSelectionSet(selections, prefix: "selections: ", suffix: "),", shared: shared, to: &writer)
        writer.level -= 1
    }

    /// `["name": <expression>, …]` with the names sorted.
    private func dictionary(_ expressions: [String: String]) -> String {
        let members = expressions.keys.sorted().map {
            "\"\(SwiftNames.stringLiteralContents($0))\": \(expressions[$0] ?? ".null")"
        }
        return "[" + (members.isEmpty ? ":" : members.joined(separator: ", ")) + "]"
    }

    private func argument(_ value: CacheArgumentPlan) -> String {
        switch value {
        case .literal(let json): return ".literal(\(json))"
        case .variable(let name): return ".variable(\"\(SwiftNames.stringLiteralContents(name))\")"
        case .list(let items): return ".list([" + items.map(argument).joined(separator: ", ") + "])"
        case .object(let members):
            let rendered = members.keys.sorted().map {
                "\"\(SwiftNames.stringLiteralContents($0))\": \(argument(members[$0] ?? .literal(".null")))"
            }
            return ".object([" + (rendered.isEmpty ? ":" : rendered.joined(separator: ", ")) + "])"
        }
    }
}
