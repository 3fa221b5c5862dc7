import GraphQLParser

extension GraphQLExecutor {
    /// Executes an operation with `@defer` and `@stream` honoured and returns its payloads in `format`: the initial
    /// result, then one payload per increment in the order they were announced. Merging every payload gives the
    /// result the operation has without the directives (what ``execute(_:root:)`` gives). An increment under an
    /// object that turned out `null` is never announced; a deferred fragment whose non-null field failed completes
    /// with its errors and no data.
    package mutating func executeIncrementally(
        _ selectionSet: SelectionSet, root: Resolvers.Object, format: GraphQLIncrementalFormat
    ) -> [JSONValue] {
        incrementalDelivery = true
        pending = []
        let data = execute(selectionSet, root: root)
        var merged = data
        var announced: [PendingIncrement] = []
        var initial: [(String, JSONValue)] = []
        if !errors.isEmpty { initial.append(("errors", .array(errors.map(\.json)))) }
        initial.append(("data", data))
        let first = Self.live(pending, in: merged)
        if format == .current, !first.isEmpty { initial.append(("pending", .array(first.map(Self.pendingJSON)))) }
        announced += first
        initial.append(("hasNext", .bool(!announced.isEmpty)))
        var payloads: [JSONValue] = [.object(initial)]
        var index = 0
        while index < announced.count {
            let increment = announced[index]
            index += 1
            errors = []
            pending = []
            var entry: [(String, JSONValue)] = [("id", .string(increment.id))]
            var apolloEntry: [(String, JSONValue)] = []
            var completedErrors: [GraphQLResponseError]?
            switch increment.work {
            case .deferred(let target, let selectionSets):
                do {
                    let object = try completeObject(target, selectionSets: selectionSets, path: increment.path)
                    entry.append(("data", object))
                    apolloEntry = [("data", object), ("path", .array(increment.path.map(\.json)))]
                    merged = Self.merge(object, into: merged, at: increment.path[...])
                } catch {
                    completedErrors = errors
                }
            case .stream(let items, let startIndex, let itemType, let field, let fields):
                // Each stream is one increment: its items start where the initial result's list ends.
                var completed: [JSONValue] = []
                var failed = false
                do {
                    completed = try completeItems(
                        items, startIndex: startIndex, itemType: itemType, field: field, fields: fields,
                        listPath: increment.path)
                } catch {
                    failed = true
                }
                if failed {
                    completedErrors = errors
                } else {
                    entry.append(("items", .array(completed)))
                    apolloEntry = [
                        ("items", .array(completed)),
                        ("path", .array((increment.path + [.index(startIndex)]).map(\.json))),
                    ]
                    merged = Self.append(completed, into: merged, at: increment.path[...])
                }
            }
            let fieldErrors = completedErrors == nil ? errors : []
            if !fieldErrors.isEmpty {
                entry.append(("errors", .array(fieldErrors.map(\.json))))
                apolloEntry.append(("errors", .array(fieldErrors.map(\.json))))
            }
            if let label = increment.label { apolloEntry.append(("label", .string(label))) }
            let next = completedErrors == nil ? Self.live(pending, in: merged) : []
            announced += next
            let hasNext = index < announced.count
            var payload: [(String, JSONValue)] = []
            switch format {
            case .current:
                if !next.isEmpty { payload.append(("pending", .array(next.map(Self.pendingJSON)))) }
                if completedErrors == nil { payload.append(("incremental", .array([.object(entry)]))) }
                var completion: [(String, JSONValue)] = [("id", .string(increment.id))]
                if let completedErrors { completion.append(("errors", .array(completedErrors.map(\.json)))) }
                payload.append(("completed", .array([.object(completion)])))
            case .apollo2022:
                if let completedErrors {
                    var failure: [(String, JSONValue)] = [
                        ("data", .null), ("path", .array(increment.path.map(\.json))),
                        ("errors", .array(completedErrors.map(\.json))),
                    ]
                    if let label = increment.label { failure.append(("label", .string(label))) }
                    payload.append(("incremental", .array([.object(failure)])))
                } else {
                    payload.append(("incremental", .array([.object(apolloEntry)])))
                }
            }
            payload.append(("hasNext", .bool(hasNext)))
            payloads.append(.object(payload))
        }
        incrementalDelivery = false
        return payloads
    }

    /// The increments whose place exists in the result so far (not under an object that turned out `null`).
    private static func live(_ increments: [PendingIncrement], in result: JSONValue) -> [PendingIncrement] {
        increments.filter { increment in
            guard let value = lookup(increment.path[...], in: result) else { return false }
            switch (increment.work, value) {
            case (.deferred, .object), (.stream, .array): return true
            default: return false
            }
        }
    }

    private static func pendingJSON(_ increment: PendingIncrement) -> JSONValue {
        var members: [(String, JSONValue)] = [
            ("id", .string(increment.id)), ("path", .array(increment.path.map(\.json))),
        ]
        if let label = increment.label { members.append(("label", .string(label))) }
        return .object(members)
    }

    /// The value at `path` of a result (`data` is its root).
    private static func lookup(_ path: ArraySlice<GraphQLResponsePathComponent>, in value: JSONValue) -> JSONValue? {
        guard let first = path.first else { return value }
        switch (first, value) {
        case (.key(let key), .object(let members)):
            guard let member = members.last(where: { $0.0 == key }) else { return nil }
            return lookup(path.dropFirst(), in: member.1)
        case (.index(let index), .array(let items)):
            guard items.indices.contains(index) else { return nil }
            return lookup(path.dropFirst(), in: items[index])
        default:
            return nil
        }
    }

    /// `object`'s members merged into the object at `path` (recursively, member by member).
    static func merge(
        _ object: JSONValue, into value: JSONValue, at path: ArraySlice<GraphQLResponsePathComponent>
    ) -> JSONValue {
        guard let first = path.first else { return deepMerge(value, object) }
        switch (first, value) {
        case (.key(let key), .object(var members)):
            if let index = members.lastIndex(where: { $0.0 == key }) {
                members[index].1 = merge(object, into: members[index].1, at: path.dropFirst())
            }
            return .object(members)
        case (.index(let index), .array(var items)) where items.indices.contains(index):
            items[index] = merge(object, into: items[index], at: path.dropFirst())
            return .array(items)
        default:
            return value
        }
    }

    /// `items` appended to the list at `path`.
    static func append(
        _ items: [JSONValue], into value: JSONValue, at path: ArraySlice<GraphQLResponsePathComponent>
    ) -> JSONValue {
        guard let first = path.first else {
            if case .array(let existing) = value { return .array(existing + items) }
            return value
        }
        switch (first, value) {
        case (.key(let key), .object(var members)):
            if let index = members.lastIndex(where: { $0.0 == key }) {
                members[index].1 = append(items, into: members[index].1, at: path.dropFirst())
            }
            return .object(members)
        case (.index(let index), .array(var list)) where list.indices.contains(index):
            list[index] = append(items, into: list[index], at: path.dropFirst())
            return .array(list)
        default:
            return value
        }
    }

    private static func deepMerge(_ base: JSONValue, _ addition: JSONValue) -> JSONValue {
        guard case .object(var members) = base, case .object(let added) = addition else { return addition }
        for (key, value) in added {
            if let index = members.lastIndex(where: { $0.0 == key }) {
                members[index].1 = deepMerge(members[index].1, value)
            } else {
                members.append((key, value))
            }
        }
        return .object(members)
    }
}
