import Foundation

/// The engine of a live query, shared by ``GraphQLQueryWatch`` and ``QueryRef``: the first result as the
/// policy says, then a result read from the cache each time a record it depends on changes, a refetch when
/// the cache can no longer answer (unless the network is forbidden), and no repeat of an equal result.
struct WatchDriver<Query: GraphQLQuery>: Sendable where Query.Data: Equatable {
    /// How the first result is obtained.
    enum Start: Sendable, Hashable {
        /// As a ``GraphQLWatchFetchPolicy`` says.
        case policy(GraphQLWatchFetchPolicy)
        /// From the cache if it can answer, else nothing until a change (a ``QueryRef`` that has just executed).
        case observeOnly
    }

    private enum Phase: Sendable {
        /// `prepared`: the watcher is registered, the first result not read yet. `streaming`: the server's answer is
        /// arriving part by part (``incremental``), its next state still to give.
        case start, prepared, server, streaming, watching, finished
    }

    /// What watching needs once the cache is known.
    private struct Context: Sendable {
        let cache: GraphQLCache
        let metadata: GraphQLCacheMetadata
        let variables: [String: JSONValue]
        let queryKey: String
        let watcher: CacheWatcher
    }

    let client: GraphQLHTTPClient
    let query: Query
    let start: Start
    let errorPolicy: GraphQLErrorPolicy
    private var phase = Phase.start
    private var context: Context?
    private var lastEmitted: GraphQLResult<Query.Data>?
    /// Whether the server's last answer could not be cached at all (`no-store`, an error without a path): the cache
    /// cannot answer the query, and a miss is not a reason to refetch, or the watcher would loop.
    private var lastAnswerUncached = false
    /// The errors of the server's last answer (partial data), each with the record field its `null` was written to:
    /// those fields are never cached, so a cache read that reaches that record's field gives it as `null`, with its
    /// error, as the server did. An error belongs to the object it was reported on: when the path leads to another
    /// object, the old error is not shown, and the other object's missing field is a miss.
    private var knownErrors: [(error: GraphQLError, null: ErrorNull?)] = []
    /// The record fields of ``knownErrors``.
    private var errorNulls: Set<ErrorNull> = []
    /// A refetch's failure still to be thrown: the result shown before it, which the cache no longer gives, was given
    /// first, marked stale.
    private var pendingError: APIError?
    /// The server's answer being read part by part (a query that asks for incremental delivery): each state is
    /// written to the cache and given as it arrives, the complete one last.
    private var incremental: IncrementalQueryFetch<Query>?

    init(client: GraphQLHTTPClient, query: Query, start: Start, errorPolicy: GraphQLErrorPolicy) {
        self.client = client
        self.query = query
        self.start = start
        self.errorPolicy = errorPolicy
    }

    /// Ends the watch: later calls of ``next()`` return `nil`.
    mutating func finish() {
        phase = .finished
        context = nil
        incremental?.cancel()
        incremental = nil
    }

    /// Registers the watcher with the cache now, before the first ``next()`` (a ``QueryRef``'s `execute` returns with
    /// the ref following the cache: no task still to be scheduled stands between it and the cache's changes). `nil`
    /// when there is nothing to watch (no cache, no cache metadata) or the watch already started.
    mutating func prepare() async throws(APIError) -> CacheWatcher? {
        guard case .start = phase, let context = try await makeContext() else { return nil }
        self.context = context
        phase = .prepared
        return context.watcher
    }

    /// The next result to show; `nil` when the watch ended (the task was cancelled, or there is no cache to
    /// watch and the one result was given).
    mutating func next() async throws(APIError) -> GraphQLResult<Query.Data>? {
        do {
            return try await step()
        } catch {
            if case .cancelled = error, Task.isCancelled {
                finish()
                return nil
            }
            throw error
        }
    }

    private mutating func step() async throws(APIError) -> GraphQLResult<Query.Data>? {
        if let error = pendingError {
            pendingError = nil
            throw error
        }
        while true {
            switch phase {
            case .finished:
                return nil
            case .start:
                guard let context = try await makeContext() else {
                    guard case .policy(let policy) = start else {
                        finish()
                        return nil
                    }
                    if client.streamsIncrementally(Query.self) {
                        // No cache to watch: the server's answer, state by state as it arrives, then the end.
                        phase = .watching
                        incremental = IncrementalQueryFetch(client: client, operation: query, errorPolicy: errorPolicy)
                        if let result = try await nextState(nil) { return result }
                        continue
                    }
                    finish()
                    return try await client.execute(query, fetchPolicy: policy.oneShotPolicy, errorPolicy: errorPolicy)
                }
                self.context = context
                phase = .watching
                if let result = try await first(context) { return result }
            case .prepared:
                phase = .watching
                guard let context else { continue }
                if let result = try await first(context) { return result }
            case .server:
                phase = .watching
                guard let context else { continue }
                if let result = try await fromServer(context) { return result }
            case .streaming:
                phase = .watching
                if let result = try await nextState(context) { return result }
            case .watching:
                guard let context else {
                    finish()
                    return nil
                }
                guard await context.watcher.waitForChange() else {
                    finish()
                    return nil
                }
                let read = try await read(context)
                // What the consumer shows was replaced from outside since the last result (a ref's `execute`): this
                // read is shown even when equal to that result, and a miss is no reason to refetch (the execute has
                // just asked, or answered from the cache: see `unvouched`).
                let resync = context.watcher.takeResync()
                if resync.requested { lastEmitted = nil }
                switch read {
                case .hit(let result):
                    if let emitted = emit(result) { return emitted }
                case .miss(let path):
                    if start == .policy(.cacheOnly) {
                        finish()
                        throw .cacheMiss(operation: Query.operationName, path: path)
                    }
                    if lastAnswerUncached || resync.requested || context.watcher.ownerIsFetching {
                        // Not asked again, but what the cache showed is not there any more (an optimistic layer it
                        // was read from ended, say): it is not shown as fresh (seed 932 of the model checker), nor is
                        // what a ref's `execute` read from the cache (the resync hole of issue 28). A ref's `execute`
                        // in flight asks the server already: its answer resyncs this follower, and the cache's
                        // changes meanwhile still reach it.
                        let shown = resync.requested ? resync.shown as? GraphQLResult<Query.Data> : lastEmitted
                        if let shown, let emitted = emit(unvouched(shown)) { return emitted }
                        continue
                    }
                    do throws(APIError) {
                        if let result = try await fromServer(context) { return result }
                    } catch {
                        // The cache cannot give what was shown any more and the server did not answer: what was shown
                        // is not shown as fresh while the error is reported (a ref keeps showing it, marked stale).
                        guard !Task.isCancelled, let shown = lastEmitted, let emitted = emit(unvouched(shown)) else {
                            throw error
                        }
                        pendingError = error
                        return emitted
                    }
                }
            }
        }
    }

    private func makeContext() async throws(APIError) -> Context? {
        guard let cache = client.cache, let metadata = Query.cacheMetadata else { return nil }
        let variables = metadata.coercedVariables(try GraphQLHTTPClient.variablesJSON(query))
        return Context(
            cache: cache, metadata: metadata, variables: variables,
            queryKey: GraphQLHTTPClient.cacheQueryKey(Query.self, variables: variables),
            watcher: await cache.makeWatcher())
    }

    /// The first result (or `nil` when the next phase gives it).
    private mutating func first(_ context: Context) async throws(APIError) -> GraphQLResult<Query.Data>? {
        let policy: GraphQLWatchFetchPolicy
        switch start {
        case .observeOnly:
            let read = try await read(context)
            // This first read is after any resync asked so far (it is shown whatever the last result was).
            let resync = context.watcher.takeResync()
            switch read {
            case .hit(let result):
                return emit(result)
            case .miss:
                // What the ref's `execute` showed, if read from the cache, is not there any more (an optimistic layer
                // it was read from ended before this read): shown again, marked stale. Not asked again: the ref's
                // `execute` chose its policy.
                guard let shown = resync.shown as? GraphQLResult<Query.Data> else { return nil }
                return emit(unvouched(shown))
            }
        case .policy(let chosen):
            policy = chosen
        }
        switch policy {
        case .cacheOnly:
            switch try await read(context) {
            case .hit(let result): return emit(result)
            case .miss(let path):
                finish()
                throw .cacheMiss(operation: Query.operationName, path: path)
            }
        case .preferCache:
            if case .hit(let result) = try await read(context), !result.isStale { return emit(result) }
            phase = .server
            return nil
        case .cacheAndServer:
            phase = .server
            if case .hit(let result) = try await read(context) { return emit(result) }
            return nil
        case .serverOnly:
            phase = .server
            return nil
        case .serverFirst:
            do throws(APIError) {
                return try await fromServer(context)
            } catch {
                switch error {
                case .transport, .timedOut:
                    guard case .hit(var result) = try await read(context, inPlaceOfFailure: true) else { throw error }
                    result.isStale = true
                    return emit(result)
                default:
                    throw error
                }
            }
        }
    }

    private enum Read {
        case hit(GraphQLResult<Query.Data>)
        case miss(path: String)
    }

    /// Reads the cache (registering what the result depends on, and `kept` as well). `inPlaceOfFailure`: a stale
    /// result the server said `must-revalidate` or `no-cache` of is a miss.
    private func read(_ context: Context, inPlaceOfFailure: Bool = false, keeping kept: Set<String> = [])
        async throws(APIError) -> Read
    {
        await context.cache.watchReadGate.pass()
        let read = await context.cache.readForWatcher(
            Query.Data.self, operationName: Query.operationName, metadata: context.metadata,
            variables: context.variables, queryKey: context.queryKey, errorNulls: errorNulls, watcher: context.watcher,
            inPlaceOfFailure: inPlaceOfFailure, alsoDependingOn: kept)
        switch read.outcome {
        case .hit(let data, let isStale, _):
            // The errors whose `null`s this read gave (at the records they were reported on).
            let errors = knownErrors.compactMap { known in
                known.null.map(read.errorNullsRead.contains) == true ? known.error : nil
            }
            var result = GraphQLResult(data: data, errors: errors)
            result.source = .cache
            result.isStale = isStale
            return .hit(result)
        case .miss(let path, _):
            return .miss(path: path)
        case .undecodable(let error):
            throw error
        }
    }

    /// Fetches from the server and writes the result, which registers the records it is made of as the watcher's
    /// dependencies in the same step: a later change to any of them signals the watcher, and an answer the cache
    /// already had newer data for signals it at once.
    ///
    /// The answer is what the watcher shows, except when pages of it were merged into lists the cache keeps
    /// (``GraphQLListPolicy``): a read of the query gives each whole list, which may keep items after the page's last
    /// (seeds 306 and 942 of the model checker), so the cache is read back and its result shown. The same for an
    /// answer not written (`no-store`) when the read is fresh: its pages agree with the lists kept. When that read
    /// cannot answer (an item the list kept lacks a field), the answer is shown, and the watcher depends on what the
    /// read reached as well: the item's completion signals it, and it then shows the cache's list.
    private mutating func fromServer(_ context: Context) async throws(APIError) -> GraphQLResult<Query.Data>? {
        if client.streamsIncrementally(Query.self) {
            incremental?.cancel()
            incremental = IncrementalQueryFetch(client: client, operation: query, errorPolicy: errorPolicy)
            return try await nextState(context)
        }
        let fetched = try await client.fetch(query, errorPolicy: errorPolicy, sharedAs: context.queryKey)
        // The cache takes what the server answered before the error policy fails the watch.
        let outcome = await client.store(
            fetched, in: context.cache, metadata: context.metadata, variables: context.variables,
            queryKey: context.queryKey, watcher: context.watcher)
        let result = try fetched.get()
        noteAnswer(result, outcome: outcome)
        if let outcome, outcome.mergedLists,
            case .hit(let read) = try await read(context, keeping: outcome.dependencies)
        {
            return emit(read)
        }
        if outcome == nil, context.metadata.hasListPolicies, result.errors.isEmpty, result.data != nil,
            case .hit(let read)? = try? await read(context), !read.isStale
        {
            // Not written (`no-store`), its pages agreeing with the lists the cache keeps (a page that would change
            // one made it stale): those lists, whole, are what a read gives (model checker seed 20817). A read that
            // fails leaves the answer shown, as before.
            return emit(read)
        }
        return emit(result)
    }

    /// The next state of the answer arriving part by part (``incremental``), written to the cache first (with the
    /// watcher: what it is made of becomes the watcher's dependencies): a state before the complete one leaves the
    /// phase `streaming`, for the next call to read on; a state the error policy fails is not given (the complete
    /// answer reports it); `nil` when the states say nothing new. Without a `context` (no cache to watch), nothing is
    /// written.
    private mutating func nextState(_ context: Context?) async throws(APIError) -> GraphQLResult<Query.Data>? {
        guard let fetch = incremental else { return nil }
        while true {
            let state: IncrementalQueryFetch<Query>.State?
            do throws(APIError) {
                state = try await fetch.next()
            } catch {
                incremental = nil
                throw error
            }
            guard let state else {
                incremental = nil
                return nil
            }
            var outcome: WriteOutcome?
            if let context {
                outcome = await client.storeIncrementally(
                    state, in: context.cache, metadata: context.metadata, variables: context.variables,
                    queryKey: context.queryKey, watcher: context.watcher)
            }
            if state.isFinal {
                incremental = nil
                let result = try state.fetched.get()
                noteAnswer(result, outcome: outcome)
                return emit(result)
            }
            guard state.fetched.failure == nil else { continue }
            phase = .streaming
            if let emitted = emit(state.fetched.result) { return emitted }
        }
    }

    /// Notes the server's complete answer: its errors and where their `null`s were written, and whether it was cached.
    private mutating func noteAnswer(_ result: GraphQLResult<Query.Data>, outcome: WriteOutcome?) {
        // Where the server's errors put a null, the cache has no value: a watcher reads null there, as the server said,
        // while its read reaches the record the error was reported on.
        let nulls = outcome?.errorNulls ?? []
        knownErrors = result.errors.enumerated().map { index, error in
            (error, nulls.indices.contains(index) ? nulls[index] : nil)
        }
        errorNulls = Set(knownErrors.compactMap(\.null))
        lastAnswerUncached = outcome?.dependencies.isEmpty ?? true
    }

    /// A result shown earlier that a read of the cache no longer gives (a miss): marked stale when it came from the
    /// cache (the cache cannot vouch for it now); the server's own answer is shown as it was.
    private func unvouched(_ shown: GraphQLResult<Query.Data>) -> GraphQLResult<Query.Data> {
        var shown = shown
        if shown.source == .cache { shown.isStale = true }
        return shown
    }

    /// `result`, unless it equals the last one given (same data, same staleness, same errors).
    private mutating func emit(_ result: GraphQLResult<Query.Data>) -> GraphQLResult<Query.Data>? {
        if let last = lastEmitted, last.data == result.data, last.isStale == result.isStale,
            last.errors == result.errors
        {
            return nil
        }
        lastEmitted = result
        return result
    }
}
