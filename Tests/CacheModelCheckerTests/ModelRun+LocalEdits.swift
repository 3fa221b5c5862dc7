import Foundation
import GraphQLBridge

/// The model of the app's own edits and of cache redirects (issue 31): a local write is an answer at the current
/// version (fresh for the cache's `maxAge`, every field it wrote seen by the app at that version), whose marked values
/// (`ModelLocalValue`) explain what a fresh result shows until an answer requested after the write gives those fields.
extension ModelRun {
    func perform(_ edit: ModelLocalEdit) async throws {
        transport.state.withLock {
            $0.headers = .none
            $0.refuse = false
        }
        switch edit {
        case .write(let cache, let name, let variables, let marked):
            try await write(
                edit, cache: cache, operation: try Self.operation(name), variables: variables, marked: marked)
        case .evictObject(let cache, let user):
            let mark = transport.state.withLock { $0.executions.count }
            let before = await caches[cache].statistics
            try await caches[cache].withinReadWriteTransaction { $0.evictObject(typeName: "User", keyValues: [user]) }
            try await expectMiss(
                edit, cache: cache, operation: "UserName", variables: ["id": .string(user)], mark: mark,
                before: before)
        case .evictField(let cache, let user, let field):
            let mark = transport.state.withLock { $0.executions.count }
            let before = await caches[cache].statistics
            try await caches[cache].withinReadWriteTransaction {
                $0.evict(field: field, ofRecord: CacheRecord.objectKey(typeName: "User", keyValues: [user]))
            }
            let (operation, variables): (String, [String: JSONValue]) =
                field == "name" ? ("UserName", ["id": .string(user)]) : ("UserProfile", ["id": .string(user)])
            try await expectMiss(
                edit, cache: cache, operation: operation, variables: variables, mark: mark, before: before)
        case .open(let cache, let ids, let user):
            let users = try Self.operation("Users")
            let userName = try Self.operation("UserName")
            let listVariables: [String: JSONValue] = ["ids": .array(ids.map(JSONValue.string))]
            let before = transport.state.withLock { $0.executions.count }
            let list = await users.run(clients[cache], listVariables, ModelOperation.Options(fetchPolicy: .serverOnly))
            receiveAnswers()
            try check(list, operation: users, variables: listVariables, cache: cache)
            // `.cacheOnly`: whether the redirect finds the record (a miss would be a defect); its freshness is the
            // invariant's. (`.preferCache` may ask the server although the record is fresh: a result memoized from an
            // earlier read keeps its earlier expiry when an answer only received the same values again.)
            let opened = await userName.run(
                clients[cache], ["id": .string(user)], ModelOperation.Options(fetchPolicy: .cacheOnly))
            receiveAnswers()
            log.append("\(edit) -> list: \(Self.describe(list)); opened: \(Self.describe(opened))")
            try check(opened, operation: userName, variables: ["id": .string(user)], cache: cache)
            // The list's answer wrote the user's record (fresh: no Cache-Control, the cache's maxAge) in this very
            // step: unless the byte limit trimmed it, the detail is read from it. (A `UserName` request sent meanwhile
            // is not the open's, which is `.cacheOnly`: a watch of that user refetching after the list's write, as
            // seed 21208 did under load.)
            let listed = transport.state.withLock { $0.executions.count > before }
            guard listed, configuration.byteLimit == ModelConfiguration().byteLimit else { return }
            guard case .result(_?, .cache, _, _) = opened else {
                throw ModelFailure(
                    step: 0,
                    message: "user(id: \(user)) opened right after users(ids: \(ids)) was not read through the "
                        + "redirect from the list's record: " + Self.describe(opened))
            }
        }
    }

    /// A local write of the server's current answer to `operation` (marked or not), then a read through the same
    /// cache, which must give what was written (unless an answer reached the cache meanwhile).
    private func write(
        _ edit: ModelLocalEdit, cache: Int, operation: ModelOperation, variables: [String: JSONValue], marked: Bool
    ) async throws {
        guard let localWrite = operation.localWrite else { return log.append("\(edit): not a query") }
        let (current, epoch, mark, world) = transport.state.withLock {
            ($0.history.count - 1, $0.epoch, $0.executions.count, $0.history[$0.history.count - 1])
        }
        var copy = world
        let execution = try ModelServer.execute(operation.document, variables: variables, world: &copy)
        // What the app writes is what it could know: the server's answer (with its names marked); an answer with
        // errors is not one an app writes back.
        guard execution.errors.isEmpty, execution.data != .null, let canonical = operation.canonical(execution.data)
        else { return log.append("\(edit): skipped (the server's answer has errors)") }
        let data = marked ? Self.marking(canonical, path: [], sources: execution.sources) : canonical
        guard try await localWrite(caches[cache], variables, data) else {
            throw ModelFailure(step: 0, message: "\(edit): the data did not decode into the generated type")
        }
        // An answer that reached the server during the write may have been requested before it (a watcher the
        // transaction's look at the store signalled): only those after it certainly replace what it wrote.
        let after = transport.state.withLock { $0.executions.count }
        // The write's time: the cache looked at its clock to write (the checker's time is the latest look).
        let time = transport.state.withLock { $0.latest }
        answers.append((current, time.addingTimeInterval(TimeInterval(configuration.maxAge)), epoch))
        if operation.name == ModelFeed.operationName, case .string(let user)? = variables["id"],
            case .array(let items)? = ModelPager.member(["friendFeed"], of: data)
        {
            // A list written whole (the app's edit of what a read gave it), whatever its arguments.
            feed.writeLocally(
                user: user, ids: ModelPager.ids(items),
                expiry: time.addingTimeInterval(TimeInterval(configuration.maxAge)), epoch: epoch)
        }
        for source in execution.sources.values { known[source] = max(known[source] ?? 0, current) }
        if marked {
            var original: [String: String] = [:]
            var written: [String: String] = [:]
            Self.flatten(canonical, path: [], into: &original)
            Self.flatten(data, path: [], into: &written)
            for (path, value) in written where original[path] != value {
                guard let source = execution.sources[path] else { continue }
                localValues[source] = ModelLocalValue(value: value, mark: after, epoch: epoch)
            }
        }
        let read = await operation.run(clients[cache], variables, ModelOperation.Options(fetchPolicy: .cacheOnly))
        let answered = transport.state.withLock { $0.executions.count } > mark
        log.append("\(edit) -> read back: \(Self.describe(read))")
        if !answered, configuration.byteLimit == ModelConfiguration().byteLimit {
            guard case .result(let back?, .cache, _, _) = read, back == data else {
                throw ModelFailure(
                    step: 0,
                    message: "\(edit): a read right after the write does not give what was written (\(data.jsonText)): "
                        + Self.describe(read))
            }
        }
        // A watcher the edit signalled may have refetched meanwhile, its answer written before or after this read: the
        // model cannot place the read among them, so it is checked only when nothing reached the server (the watches
        // are checked after the step as always), up to the answers taken in here: one that reached the server after
        // `answered` was looked at supersedes the local values the read is explained by (seed 5557, a watch's refetch
        // after a clear in another process).
        receiveAnswers()
        if !Self.reachedServer(transport, since: mark) {
            try check(read, operation: operation, variables: variables, cache: cache)
        }
    }

    /// Whether a request reached the server since `mark` (the count of its executions then).
    static func reachedServer(_ transport: ModelTransport, since mark: Int) -> Bool {
        transport.state.withLock { $0.executions.count } > mark
    }

    /// A `.cacheOnly` read of `operation` right after an eviction misses, unless an answer reached the cache meanwhile.
    private func expectMiss(
        _ edit: ModelLocalEdit, cache: Int, operation name: String, variables: [String: JSONValue], mark: Int,
        before: GraphQLCache.Statistics
    ) async throws {
        let operation = try Self.operation(name)
        let read = await operation.run(clients[cache], variables, ModelOperation.Options(fetchPolicy: .cacheOnly))
        let answered = transport.state.withLock { $0.executions.count } > mark
        log.append("\(edit) -> \(name)\(JSONObject(variables)): \(Self.describe(read))")
        if !answered, case .result(_?, .cache, _, _) = read {
            let after = await caches[cache].statistics
            // Where the read came from, and what was written from the eviction to it, the eviction's own records
            // included (diagnostics).
            let written = after.recordsWritten - before.recordsWritten
            let recent = transport.state.withLock { state in
                state.executions.suffix(6).map { "\($0.id) \($0.operationName)\(JSONObject($0.variables))" }
            }
            throw ModelFailure(
                step: 0,
                message: "\(edit): \(name) still read from the cache after the eviction: \(Self.describe(read)) "
                    + "(since the eviction: \(written) records written, \(after.overtakenAnswers - before.overtakenAnswers) "
                    + "answers overtaken; the read: \(after.memoizedHits - before.memoizedHits) memoized hits, "
                    + "\(after.storedResponseHits - before.storedResponseHits) stored-response hits, "
                    + "\(after.recordHits - before.recordHits) record hits; the server's last requests, the eviction after "
                    + "\(mark): \(recent); retired caches: \(retiredCaches.count))")
        }
        // A watcher the edit signalled may have refetched meanwhile, its answer written before or after this read: the
        // model cannot place the read among them, so it is checked only when nothing reached the server (the watches
        // are checked after the step as always), up to the answers taken in here.
        receiveAnswers()
        if !Self.reachedServer(transport, since: mark) {
            try check(read, operation: operation, variables: variables, cache: cache)
        }
    }

    /// `data` with every string read from a `name` or `title` field of the world changed (under any alias, so that
    /// one record field is written one value): values the server never holds.
    static func marking(_ data: JSONValue, path: [String], sources: [String: String]) -> JSONValue {
        switch data {
        case .object(let members):
            var marked = JSONObject()
            for (key, value) in members { marked[key] = marking(value, path: path + [key], sources: sources) }
            return .object(marked)
        case .array(let items):
            return .array(
                items.enumerated().map { marking($0.element, path: path + [String($0.offset)], sources: sources) })
        case .string(let text):
            guard let source = sources[path.joined(separator: ".")],
                source.hasSuffix(".name") || source.hasSuffix(".title")
            else { return data }
            return .string(text + "+local")
        default: return data
        }
    }

    /// Whether `value` at `path` of a fresh result is one the app wrote itself, still in force (no answer requested
    /// after it gave its field).
    func isLocalValue(
        _ value: String, at path: String, truths: [Int: (leaves: [String: String], sources: [String: String])],
        epoch: Int
    ) -> Bool {
        guard !localValues.isEmpty else { return false }
        return truths.values.contains { truth in
            guard let source = truth.sources[path], let local = localValues[source] else { return false }
            return local.epoch == epoch && local.value == value
        }
    }

    /// An answer requested after a local write replaces the values it gives.
    func supersedeLocalValues(by execution: ModelTransport.Execution) {
        guard !localValues.isEmpty else { return }
        for source in execution.result.sources.values {
            if let local = localValues[source], execution.id >= local.mark { localValues[source] = nil }
        }
    }
}
