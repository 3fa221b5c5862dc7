import Foundation

/// Merges an incrementally delivered result (`@defer`, `@stream`) payload by payload into one response, in either
/// format a server sends over `multipart/mixed`:
///
/// - the incremental delivery draft's current format (graphql-js 17, graphql-core 3.3, Apollo Router): the initial
///   payload `{data, errors?, pending: [{id, path, label?}], hasNext}`, then `{incremental: [{id, data, subPath?,
///   errors?} | {id, items, errors?}], completed: [{id, errors?}], pending?, hasNext}`;
/// - Apollo's 2022 format (`deferSpec=20220824`): the initial `{data, errors?, hasNext}`, then `{incremental: [{data,
///   path, label?, errors?} | {items, path, label?, errors?}], hasNext}` (a stream's path is its first item's).
///
/// A deferred fragment's `data` is merged deeply into the object at its path (objects key by key, lists of the same
/// length item by item); a stream's `items` are appended to the list at its path; every error (of the initial payload,
/// of an increment, of a `completed` entry) is kept, with its own path. A payload that does not fit (a path that
/// leads nowhere, an unknown `id`, a payload after `hasNext: false`) is refused with a ``GraphQLDecodingError`` that
/// says where; nothing is merged from it. An object that an error made `null` takes nothing more.
struct IncrementalResultMerger: Sendable {
    /// The merged `data` (`nil` before the initial payload, or when the server sent none).
    private(set) var data: JSONValue?
    /// Every error so far, as the server sent them.
    private(set) var errors: [JSONValue] = []
    /// The initial payload's `extensions`, and later ones' merged over them.
    private(set) var extensions = JSONObject()
    /// Whether more payloads are announced (`hasNext`).
    private(set) var hasNext = true
    /// How many payloads were merged.
    private(set) var payloadCount = 0
    /// The current format's announced, not yet completed, deferred fragments and streams: their paths by `id`.
    private(set) var pending: [String: [JSONValue]] = [:]
    /// Whether a payload announced pending results (`pending`): the current format, which says what is still to come.
    private(set) var announcesPending = false

    /// The merged response, `{"data": ..., "errors": [...], "extensions": {...}}` (without the members that are empty).
    var response: JSONValue {
        var object: JSONObject = ["data": data ?? .null]
        if !errors.isEmpty { object["errors"] = .array(errors) }
        if !extensions.isEmpty { object["extensions"] = .object(extensions) }
        return .object(object)
    }

    /// Merges the payload a `multipart/mixed` part holds (strict JSON); `false` for an empty part (a heartbeat), which
    /// carries nothing.
    mutating func apply(part: Data) throws(GraphQLDecodingError) -> Bool {
        if part.allSatisfy({ $0 == 0x20 || $0 == 0x0A || $0 == 0x0D || $0 == 0x09 }) { return false }
        try apply(try JSONValue(parsing: part))
        return true
    }

    /// Merges the next payload (the first one is the initial result).
    mutating func apply(_ payload: JSONValue) throws(GraphQLDecodingError) {
        let where_ = "payload \(payloadCount + 1)"
        guard case .object(let members) = payload else {
            throw Self.refusal(where_, expected: "a JSON object", found: payload, reason: "a payload is an object")
        }
        guard hasNext else {
            throw Self.refusal(
                where_, expected: "no more payloads", found: payload,
                reason: "the previous payload said hasNext: false")
        }
        var next = self
        try next.merge(members, at: where_)
        self = next
    }

    private mutating func merge(_ members: JSONObject, at where_: String) throws(GraphQLDecodingError) {
        let isInitial = payloadCount == 0
        payloadCount += 1
        if isInitial {
            switch members["data"] {
            case .object?, .null?, nil: data = members["data"]
            case let other?:
                throw Self.refusal(where_ + ".data", expected: "an object or null", found: other, reason: "not data")
            }
        } else if let stray = members["data"] {
            throw Self.refusal(
                where_ + ".data", expected: "data only in increments", found: stray,
                reason: "a later payload carries its data in `incremental`")
        }
        try appendErrors(members["errors"], at: where_ + ".errors")
        if case .object(let more)? = members["extensions"] { extensions.merge(more) { $1 } }
        if let announced = members["pending"] {
            try announce(announced, at: where_ + ".pending")
            announcesPending = true
        }
        if let incremental = members["incremental"] {
            guard case .array(let entries) = incremental else {
                throw Self.refusal(
                    where_ + ".incremental", expected: "a list", found: incremental, reason: "not a list of increments")
            }
            for (index, entry) in entries.enumerated() {
                try mergeIncrement(entry, at: where_ + ".incremental[\(index)]")
            }
        }
        if let completed = members["completed"] { try complete(completed, at: where_ + ".completed") }
        switch members["hasNext"] {
        case .bool(let flag)?: hasNext = flag
        case nil:
            // A result without `hasNext` is a whole one (a server that ignored `@defer`); a later payload says it.
            guard isInitial else {
                throw Self.refusal(
                    where_ + ".hasNext", expected: "a boolean", found: nil, reason: "a later payload says hasNext")
            }
            hasNext = false
        case let other?:
            throw Self.refusal(where_ + ".hasNext", expected: "a boolean", found: other, reason: "not a boolean")
        }
        if !hasNext, !pending.isEmpty {
            throw Self.refusal(
                where_ + ".hasNext", expected: "true while something is pending", found: .bool(false),
                reason: "pending ids \(pending.keys.sorted()) were never completed")
        }
    }

    private mutating func appendErrors(_ value: JSONValue?, at where_: String) throws(GraphQLDecodingError) {
        guard let value else { return }
        guard case .array(let list) = value else {
            throw Self.refusal(where_, expected: "a list of errors", found: value, reason: "not a list")
        }
        errors += list
    }

    private mutating func announce(_ value: JSONValue, at where_: String) throws(GraphQLDecodingError) {
        guard case .array(let entries) = value else {
            throw Self.refusal(where_, expected: "a list", found: value, reason: "not a list of pending results")
        }
        for (index, entry) in entries.enumerated() {
            let at = where_ + "[\(index)]"
            guard case .string(let id)? = entry["id"], case .array(let path)? = entry["path"] else {
                throw Self.refusal(
                    at, expected: "{id, path, label?}", found: entry, reason: "a pending result has an id and a path")
            }
            guard pending[id] == nil else {
                throw Self.refusal(at + ".id", expected: "a new id", found: .string(id), reason: "already pending")
            }
            pending[id] = path
        }
    }

    private mutating func complete(_ value: JSONValue, at where_: String) throws(GraphQLDecodingError) {
        guard case .array(let entries) = value else {
            throw Self.refusal(where_, expected: "a list", found: value, reason: "not a list of completed results")
        }
        for (index, entry) in entries.enumerated() {
            let at = where_ + "[\(index)]"
            guard case .string(let id)? = entry["id"] else {
                throw Self.refusal(at, expected: "{id, errors?}", found: entry, reason: "a completed result has an id")
            }
            guard pending.removeValue(forKey: id) != nil else {
                throw Self.refusal(at + ".id", expected: "a pending id", found: .string(id), reason: "not pending")
            }
            try appendErrors(entry["errors"], at: at + ".errors")
        }
    }

    private mutating func mergeIncrement(_ entry: JSONValue, at where_: String) throws(GraphQLDecodingError) {
        guard case .object(let members) = entry else {
            throw Self.refusal(where_, expected: "an object", found: entry, reason: "an increment is an object")
        }
        try appendErrors(members["errors"], at: where_ + ".errors")
        var path: [JSONValue]
        var isStreamStart = false
        if case .string(let id)? = members["id"] {
            guard let announced = pending[id] else {
                throw Self.refusal(where_ + ".id", expected: "a pending id", found: .string(id), reason: "not pending")
            }
            path = announced
            if case .array(let subPath)? = members["subPath"] { path += subPath }
        } else if case .array(let given)? = members["path"] {
            path = given
            isStreamStart = members["items"] != nil
        } else {
            throw Self.refusal(
                where_, expected: "an id (current format) or a path (Apollo's 2022 format)", found: entry,
                reason: "an increment says where it goes")
        }
        if let items = members["items"] {
            guard case .array(let list) = items else {
                throw Self.refusal(where_ + ".items", expected: "a list", found: items, reason: "not a list of items")
            }
            // Apollo's 2022 path is the first item's: its index is where the items go.
            var index: Int?
            if isStreamStart {
                guard let last = path.popLast(), let first = Self.index(last) else {
                    throw Self.refusal(
                        where_ + ".path", expected: "a path ending with an index", found: .array(path),
                        reason: "a stream's path is its first item's")
                }
                index = first
            }
            try update(&data, along: path[...], at: where_ + ".path") { target throws(GraphQLDecodingError) in
                guard case .array(var existing) = target else {
                    throw Self.refusal(
                        where_ + ".path", expected: "a list there", found: target, reason: "items go into a list")
                }
                if let index, index != existing.count {
                    throw Self.refusal(
                        where_ + ".path", expected: "index \(existing.count) (the list's length)",
                        found: .number(String(index)), reason: "items are appended in order")
                }
                existing += list
                target = .array(existing)
            }
        } else if let increment = members["data"] {
            guard case .object = increment else {
                throw Self.refusal(where_ + ".data", expected: "an object", found: increment, reason: "not data")
            }
            try update(&data, along: path[...], at: where_ + ".path") { target throws(GraphQLDecodingError) in
                guard case .object = target else {
                    throw Self.refusal(
                        where_ + ".path", expected: "an object there", found: target,
                        reason: "a deferred fragment's data goes into an object")
                }
                target = Self.merged(target, increment)
            }
        }
        // Neither data nor items: an increment that only carries errors (its object was made null).
    }

    /// Runs `body` on the value at `path` inside `value`; a `null` on the way (made so by an error) takes nothing.
    private func update(
        _ value: inout JSONValue?, along path: ArraySlice<JSONValue>, at where_: String,
        _ body: (inout JSONValue) throws(GraphQLDecodingError) -> Void
    ) throws(GraphQLDecodingError) {
        guard var current = value else {
            throw Self.refusal(where_, expected: "data to merge into", found: nil, reason: "the initial data was null")
        }
        if current == .null { return }
        try Self.update(&current, along: path, at: where_, body)
        value = current
    }

    private static func update(
        _ value: inout JSONValue, along path: ArraySlice<JSONValue>, at where_: String,
        _ body: (inout JSONValue) throws(GraphQLDecodingError) -> Void
    ) throws(GraphQLDecodingError) {
        if value == .null { return }
        guard let step = path.first else { return try body(&value) }
        let rest = path.dropFirst()
        switch (value, step) {
        case (.object(var object), .string(let key)):
            guard var child = object[key] else {
                throw refusal(
                    where_, expected: "a field '\(key)' on the way", found: value, reason: "the path leads nowhere")
            }
            object[key] = nil
            try update(&child, along: rest, at: where_, body)
            object[key] = child
            value = .object(object)
        case (.array(var list), _):
            guard let index = Self.index(step), list.indices.contains(index) else {
                throw refusal(
                    where_, expected: "an index below \(list.count) on the way", found: step,
                    reason: "the path leads nowhere")
            }
            var child = list[index]
            list[index] = .null
            try update(&child, along: rest, at: where_, body)
            list[index] = child
            value = .array(list)
        default:
            throw refusal(where_, expected: "a field name or an index", found: step, reason: "the path leads nowhere")
        }
    }

    /// `base` with `increment` merged in: objects key by key, lists of the same length item by item; otherwise the
    /// increment's value.
    static func merged(_ base: JSONValue, _ increment: JSONValue) -> JSONValue {
        switch (base, increment) {
        case (.object(var object), .object(let more)):
            for (key, value) in more { object[key] = object[key].map { merged($0, value) } ?? value }
            return .object(object)
        case (.array(let list), .array(let more)) where list.count == more.count:
            return .array(zip(list, more).map { merged($0, $1) })
        default:
            return increment
        }
    }

    private static func index(_ value: JSONValue) -> Int? {
        if case .number(let text) = value, let index = Int(text), index >= 0 { return index }
        return nil
    }

    private static func refusal(_ where_: String, expected: String, found: JSONValue?, reason: String)
        -> GraphQLDecodingError
    {
        var text = found?.jsonText
        if let shown = text, shown.count > 200 { text = String(shown.prefix(200)) + "..." }
        return GraphQLDecodingError(
            path: "incremental delivery, " + where_, expected: expected, found: text, reason: reason)
    }
}
