import Foundation
import GraphQLBridgeSupport

/// Executes generated operations over GraphQL over HTTP: encodes the request, runs it through the
/// middlewares and the transport, and decodes the response with the chosen error policy.
///
/// ```swift
/// let client = GraphQLHTTPClient(
///     endpoint: URL(string: "https://api.example/graphql")!,
///     middlewares: [BearerTokenMiddleware(token: { await auth.token })])
/// let result = try await client.execute(GameQuery(id: "6x45"), errorPolicy: .returnPartialData)
/// ```
///
/// Requests are `POST` with `Content-Type: application/json` and
/// `Accept: application/graphql-response+json, application/json;q=0.9`, as the GraphQL-over-HTTP draft
/// says; a 4xx response of the GraphQL media type is read as a GraphQL response (request errors).
/// With ``PersistedQueries`` (`persistedQueries:`), requests carry the operation's id in place of its document, and
/// queries may go by `GET`.
public struct GraphQLHTTPClient: Sendable {
    /// The `Accept` header the client sends.
    public static let acceptHeader = "application/graphql-response+json, application/json;q=0.9"

    /// The GraphQL endpoint.
    public let endpoint: URL
    /// How long the transport may wait for the server.
    public let timeout: Duration
    /// The client cache, if any: queries are read from and written to it as their fetch policy says, and
    /// mutation results are merged into it.
    public let cache: GraphQLCache?
    /// What requests carry in place of the document (``PersistedQueries``); the whole document by default.
    public let persistedQueries: PersistedQueries
    /// How subscriptions run (``subscribe(_:errorPolicy:)``): Server-Sent Events, multipart HTTP or a WebSocket.
    public let subscriptions: GraphQLSubscriptionTransport
    private let transport: any GraphQLTransport
    let middlewares: [any GraphQLMiddleware]
    /// The query requests in flight, shared by identical queries (a network concern: the client's, not the cache's).
    private let inFlight = InFlightRequests()
    /// Whether the server refused automatic persisted queries (`PersistedQueryNotSupported`): then documents go
    /// directly.
    let persistedQuerySupport = PersistedQuerySupport()

    /// Creates a client.
    /// - Parameters:
    ///   - endpoint: the GraphQL endpoint, such as `https://api.example/graphql`.
    ///   - transport: what sends requests; a ``URLSessionTransport`` by default.
    ///   - middlewares: applied in order, the first one outermost.
    ///   - timeout: the idle timeout of each request.
    ///   - cache: a client cache; without one every query goes to the server.
    ///   - persistedQueries: automatic persisted queries, or the ids of a registered manifest only, in place of the
    ///     document; ``PersistedQueries/disabled`` (the whole document, by `POST`) by default.
    ///   - subscriptions: how subscriptions run; ``GraphQLSubscriptionTransport/serverSentEvents`` at `endpoint` by
    ///     default.
    public init(
        endpoint: URL, transport: any GraphQLTransport = URLSessionTransport(),
        middlewares: [any GraphQLMiddleware] = [], timeout: Duration = .seconds(30), cache: GraphQLCache? = nil,
        persistedQueries: PersistedQueries = .disabled, subscriptions: GraphQLSubscriptionTransport = .serverSentEvents
    ) {
        self.endpoint = endpoint
        self.transport = transport
        self.middlewares = middlewares
        self.timeout = timeout
        self.cache = cache
        self.persistedQueries = persistedQueries
        self.subscriptions = subscriptions
    }

    /// The transport's streaming side, when it has one (``URLSessionTransport`` does): a query that asks for
    /// incremental delivery is read part by part through it.
    var streamingTransport: (any GraphQLStreamingTransport)? { transport as? any GraphQLStreamingTransport }

    /// Whether a query of type `type` is read as its parts arrive: it asks for incremental delivery and the transport
    /// streams.
    func streamsIncrementally<Operation: GraphQLOperation>(_ type: Operation.Type) -> Bool {
        OperationTypeCache.shared.asksForIncrementalDelivery(type) && streamingTransport != nil
    }

    /// The same client (transport, middlewares, timeout, cache, persisted queries, subscriptions) for another
    /// endpoint (a WebSocket transport keeps its own URL).
    public func withEndpoint(_ endpoint: URL) -> GraphQLHTTPClient {
        GraphQLHTTPClient(
            endpoint: endpoint, transport: transport, middlewares: middlewares, timeout: timeout, cache: cache,
            persistedQueries: persistedQueries, subscriptions: subscriptions)
    }

    /// Executes `operation` and decodes its result.
    /// - Parameters:
    ///   - operation: the generated query or mutation, with its variables.
    ///   - fetchPolicy: for a query on a client with a ``cache``: where the result comes from
    ///     (``GraphQLFetchPolicy/preferCache`` by default). Mutations always go to the server, and their
    ///     results are merged into the cache. Without a cache, every operation goes to the server.
    ///   - errorPolicy: whether GraphQL errors beside data fail the call (the default) or are returned with
    ///     the partial data. Either way, with a ``cache``, the data the server answered (for a mutation: what it
    ///     applied) is given to the cache first: written, with each error's `null` missing, or, when it cannot be
    ///     written (`Cache-Control: no-store`, a body that does not decode), the cached fields it contradicts made
    ///     stale.
    /// - Throws: ``APIError``, always; ``APIError/cacheMiss(operation:path:)`` for
    ///   ``GraphQLFetchPolicy/cacheOnly`` when the cache cannot answer.
    ///
    /// A query with `@defer` or `@stream` returns the complete result. With a ``cache`` and a transport that streams
    /// (``URLSessionTransport``), its answer is read as it arrives and each state written to the cache as it comes
    /// (the fields still pending absent, not missing); such a request is not shared with an identical one in flight.
    /// ``watch(_:fetchPolicy:errorPolicy:)`` and ``QueryRef`` show each state.
    public func execute<Operation: GraphQLOperation>(
        _ operation: Operation, fetchPolicy: GraphQLFetchPolicy = .preferCache,
        errorPolicy: GraphQLErrorPolicy = .failOnAnyError
    ) async throws(APIError) -> GraphQLResult<Operation.Data> {
        try await execute(operation, fetchPolicy: fetchPolicy, errorPolicy: errorPolicy, onState: nil)
    }

    /// ``execute(_:fetchPolicy:errorPolicy:)``, and for a query that asks for incremental delivery, answered by the
    /// server part by part: `onState` gets each state before the complete one (the initial payload, then each
    /// increment merged in), each written to the cache first (``IncrementalQueryFetch/State/cacheable``). A state the
    /// error policy fails is not given (the complete answer reports it).
    func execute<Operation: GraphQLOperation>(
        _ operation: Operation, fetchPolicy: GraphQLFetchPolicy, errorPolicy: GraphQLErrorPolicy,
        onState: (@Sendable (GraphQLResult<Operation.Data>) async -> Void)?
    ) async throws(APIError) -> GraphQLResult<Operation.Data> {
        guard let cache, let metadata = Operation.cacheMetadata, Operation.operationType != .subscription else {
            return try await executeUncached(operation, errorPolicy: errorPolicy, onState: onState)
        }
        let name = Operation.operationName
        // (Read once: the request's body is written from them too.)
        let given = operation.variablesJSON
        let variables: [String: JSONValue]
        if let given {
            variables = metadata.coercedVariables(given)
        } else {
            variables = metadata.coercedVariables(try Self.variablesJSON(operation))
        }
        if Operation.operationType == .mutation {
            return try await executeMutation(
                operation, errorPolicy: errorPolicy, cache: cache, metadata: metadata, variables: variables,
                given: given)
        }
        let queryKey = Self.cacheQueryKey(Operation.self, variables: variables)
        // A persistent cache's first read of the query: its stored response on this thread, without the hop to the
        // cache's queue (never waiting: `SQLiteResponseReader`). Served here, so that this frame holds none of the
        // other paths' generic state (each generic type's metadata is looked up at run time on every call).
        var staleRead = false
        if fetchPolicy == .cacheOnly || fetchPolicy == .preferCache,
            let direct = cache.directRead(Operation.Data.self, operationName: name, queryKey: queryKey)
        {
            if fetchPolicy == .cacheOnly || !direct.isStale { return direct }
            staleRead = true
        }
        return try await executeQuery(
            operation, fetchPolicy: fetchPolicy, errorPolicy: errorPolicy, onState: onState, staleRead: staleRead,
            cache: cache, metadata: metadata, variables: variables, queryKey: queryKey, given: given)
    }

    /// ``execute(_:fetchPolicy:errorPolicy:onState:)`` without a cache (or for a subscription's operation): from the
    /// server. (Each path has a function of its own, so that a frame holds only its own path's generic state.)
    private func executeUncached<Operation: GraphQLOperation>(
        _ operation: Operation, errorPolicy: GraphQLErrorPolicy,
        onState: (@Sendable (GraphQLResult<Operation.Data>) async -> Void)?
    ) async throws(APIError) -> GraphQLResult<Operation.Data> {
        if let onState, Operation.operationType == .query, streamsIncrementally(Operation.self) {
            return try await readIncrementally(operation, errorPolicy: errorPolicy, onState: onState)
        }
        var fetched = try await fetch(operation, errorPolicy: errorPolicy)
        return try fetched.take()
    }

    /// ``execute(_:fetchPolicy:errorPolicy:onState:)`` for a mutation on a client with a cache: what the server
    /// applied is written (or made stale) whatever the error policy then makes of the answer. `variables`: coerced;
    /// `given`: as the operation gave them.
    private func executeMutation<Operation: GraphQLOperation>(
        _ operation: Operation, errorPolicy: GraphQLErrorPolicy, cache: GraphQLCache, metadata: GraphQLCacheMetadata,
        variables: [String: JSONValue], given: [String: JSONValue]?
    ) async throws(APIError) -> GraphQLResult<Operation.Data> {
        var fetched = try await fetch(operation, errorPolicy: errorPolicy, variablesJSON: given)
        await store(fetched, in: cache, metadata: metadata, variables: variables)
        return try fetched.take()
    }

    /// ``execute(_:fetchPolicy:errorPolicy:onState:)`` for a query on a client with a cache, once its direct read (if
    /// any) did not answer: `staleRead` when it read a stale result (``GraphQLFetchPolicy/preferCache`` then asks the
    /// server); `variables`: coerced, `given`: as the operation gave them.
    private func executeQuery<Operation: GraphQLOperation>(
        _ operation: Operation, fetchPolicy: GraphQLFetchPolicy, errorPolicy: GraphQLErrorPolicy,
        onState: (@Sendable (GraphQLResult<Operation.Data>) async -> Void)?, staleRead: Bool, cache: GraphQLCache,
        metadata: GraphQLCacheMetadata, variables: [String: JSONValue], queryKey: String, given: [String: JSONValue]?
    ) async throws(APIError) -> GraphQLResult<Operation.Data> {
        let name = Operation.operationName
        /// The cache's answer; `nil` on a miss, whose path `missing` receives. `inPlaceOfFailure`: a stale answer the
        /// server said `must-revalidate` or `no-cache` of is a miss.
        func cached(missing: ((String) -> Void)? = nil, inPlaceOfFailure: Bool = false) async throws(APIError)
            -> GraphQLResult<Operation.Data>?
        {
            // A first read in place of a failure (the direct read above was not tried), then the queue.
            if inPlaceOfFailure,
                let direct = cache.directRead(
                    Operation.Data.self, operationName: name, queryKey: queryKey, inPlaceOfFailure: true)
            {
                return direct
            }
            let outcome = await cache.read(
                Operation.Data.self, operationName: name, metadata: metadata, variables: variables,
                queryKey: queryKey, inPlaceOfFailure: inPlaceOfFailure)
            switch outcome {
            case .hit(let data, let isStale, _):
                var result = GraphQLResult(data: data)
                result.source = .cache
                result.isStale = isStale
                return result
            case .miss(let path, _):
                missing?(path)
                return nil
            case .undecodable(let error):
                throw error
            }
        }
        func fromServer() async throws(APIError) -> GraphQLResult<Operation.Data> {
            if streamsIncrementally(Operation.self) {
                return try await readIncrementally(
                    operation, errorPolicy: errorPolicy, onState: onState,
                    storingIn: (cache, metadata, variables, queryKey))
            }
            var fetched = try await fetch(operation, errorPolicy: errorPolicy, sharedAs: queryKey, variablesJSON: given)
            await store(fetched, in: cache, metadata: metadata, variables: variables, queryKey: queryKey)
            return try fetched.take()
        }
        switch fetchPolicy {
        case .cacheOnly:
            var missingPath = "data"
            guard let result = try await cached(missing: { missingPath = $0 }) else {
                throw .cacheMiss(operation: name, path: missingPath)
            }
            return result
        case .preferCache:
            if !staleRead, let result = try await cached(), !result.isStale { return result }
            return try await fromServer()
        case .serverOnly:
            return try await fromServer()
        case .serverFirst:
            do throws(APIError) {
                return try await fromServer()
            } catch {
                switch error {
                case .transport, .timedOut:
                    guard var result = try await cached(inPlaceOfFailure: true) else { throw error }
                    result.isStale = true
                    return result
                default:
                    throw error
                }
            }
        }
    }

    /// A query that asks for incremental delivery, read part by part through the streaming transport: `onState` gets
    /// each state before the complete one (a state the error policy fails is not given); with `storingIn`, each state
    /// is written to that cache first (such a request is not shared with identical queries in flight). A function of
    /// its own, so that the plain fetch's frame holds none of this one's generic state.
    func readIncrementally<Operation: GraphQLOperation>(
        _ operation: Operation, errorPolicy: GraphQLErrorPolicy,
        onState: (@Sendable (GraphQLResult<Operation.Data>) async -> Void)?,
        storingIn target: (
            cache: GraphQLCache, metadata: GraphQLCacheMetadata, variables: [String: JSONValue], queryKey: String
        )? = nil
    ) async throws(APIError) -> GraphQLResult<Operation.Data> {
        let incremental = IncrementalQueryFetch(client: self, operation: operation, errorPolicy: errorPolicy)
        while let state = try await incremental.next() {
            if let target {
                await storeIncrementally(
                    state, in: target.cache, metadata: target.metadata, variables: target.variables,
                    queryKey: target.queryKey)
            }
            if state.isFinal { return try state.fetched.get() }
            if state.fetched.failure == nil, let onState { await onState(state.fetched.result) }
        }
        throw Self.endedEarly(Operation.operationName)
    }

    /// A server's answer: the decoded result, the body it was decoded from, the body's tape when the generated
    /// decoder recorded it for the cache, with a cache the store version the request started at (a shared query's, a
    /// mutation's; none for a subscription event), and what the call throws once the cache has taken the answer
    /// (``get()``).
    struct Fetched<Data: Sendable>: Sendable {
        /// The result as decoded, partial data and errors included (no data when the answer could not be read).
        var result: GraphQLResult<Data>
        var body: Foundation.Data
        var tape: JSONTape? = nil
        var startedAt: UInt64?
        /// Its place among the requests sent through the cache (``GraphQLCache/nextRequestSequence()``).
        var sentSequence: UInt64? = nil
        /// When the request was sent, on the cache's clock: the answer's age counts from then (RFC 9111 §4.2.3).
        /// `nil`: no request (a subscription event), its age counts from its write.
        var requestTime: Date? = nil
        /// What the call throws instead of returning ``result``: the caller's error policy's error for an answer with
        /// errors, or why the answer could not be read (no data, a refusing status, a body that does not decode).
        var failure: APIError? = nil

        /// The result, or the error the caller gets.
        func get() throws(APIError) -> GraphQLResult<Data> {
            if let failure { throw failure }
            return result
        }

        /// ``get()`` for the answer's last use: the result is moved out, an empty one left in its place (a copy would
        /// retain, and its end release, every reference in the decoded data; a `consuming` method copies its result out
        /// of `self` all the same, and a `let` in an async function's frame is copied to be consumed).
        mutating func take() throws(APIError) -> GraphQLResult<Data> {
            if let failure { throw failure }
            var taken = GraphQLResult<Data>(data: nil)
            swap(&taken, &result)
            return taken
        }
    }

    /// Executes `operation` on the server (or with a request in flight for the same query, started at the cache's
    /// current store version) and decodes it. Throws only when no answer arrived (the request could not be made or
    /// sent, the transport failed, the task was cancelled); an answer that the caller gets as an error (`errorPolicy`,
    /// a refusing status, a body that does not decode) is returned with its ``Fetched/failure``, for the cache to take
    /// what the server applied before the call throws it.
    func fetch<Operation: GraphQLOperation>(
        _ operation: Operation, errorPolicy: GraphQLErrorPolicy, sharedAs queryKey: String? = nil,
        variablesJSON: [String: JSONValue]? = nil
    ) async throws(APIError) -> Fetched<Operation.Data> {
        let name = Operation.operationName
        // The request (or, with persisted queries, the requests): GraphQLRequestBuilder.
        var builder = GraphQLRequestBuilder(endpoint: endpoint, timeout: timeout, persistedQueries: persistedQueries)
        builder.variablesJSON = variablesJSON
        if OperationTypeCache.shared.asksForIncrementalDelivery(Operation.self) {
            builder.accept = Self.incrementalAcceptHeader
        }
        let plan = try builder.plan(for: operation)

        let response: HTTPResponse
        let responseBody: Data
        var startedAt: UInt64?
        var requestTime: Date?
        var sentSequence: UInt64?
        do {
            if let queryKey, let cache {
                let client = self
                // The store's version now: a shared store's is read from the file (another process may have written).
                let start = cache.isShared ? await cache.requestVersion() : cache.generation.current
                let shared = try await inFlight.response(for: queryKey, generation: start) {
                    // When this request is sent: a caller that joins it later shares its answer's age.
                    let sentAt = cache.currentTime()
                    let sequence = cache.nextRequestSequence()
                    let (response, body) = try await client.send(plan, operationName: name)
                    return (response, body, sentAt, sequence)
                }
                (response, responseBody, requestTime, sentSequence) = shared.response
                startedAt = shared.startedAt
            } else {
                if let cache, Operation.cacheMetadata != nil {
                    // A mutation's answer, too, does not overwrite a field written after it was sent (by an answer the
                    // app saw, in any process): the store's version now, read from the file when it is shared.
                    startedAt = cache.isShared ? await cache.requestVersion() : cache.generation.current
                }
                requestTime = cache?.currentTime()
                if Operation.cacheMetadata != nil { sentSequence = cache?.nextRequestSequence() }
                (response, responseBody) = try await send(plan, operationName: name)
            }
        } catch {
            throw GraphQLHTTPClient.translate(error, operation: name)
        }
        // With a cache that keeps the operation's answers, the decoder records the body's tape as it reads it, but
        // for a query whose last answer the cache only refreshed or patched: it compares this one's body in place.
        var recordsTape = false
        if let cache {
            // (A shared query has metadata: checked without copying it.)
            if let queryKey {
                recordsTape = !cache.expectsRefresh(ofQuery: queryKey)
            } else {
                recordsTape = Operation.cacheMetadata != nil
            }
        }
        var fetched = Self.decodeAnswer(
            Operation.Data.self, operation: name, response: response, body: responseBody, errorPolicy: errorPolicy,
            recordingTape: recordsTape, startedAt: startedAt, requestTime: requestTime)
        fetched.sentSequence = sentSequence
        return fetched
    }

    /// A server's answer decoded (partial data whatever `errorPolicy`: the cache takes what the server applied
    /// first), with what the call throws in its ``Fetched/failure``; `recordingTape`: the decoder records the body's
    /// tape for the cache as it reads it.
    static func decodeAnswer<Data: Decodable & Sendable>(
        _ type: Data.Type, operation name: String, response: HTTPResponse, body responseBody: Foundation.Data,
        errorPolicy: GraphQLErrorPolicy, recordingTape: Bool, startedAt: UInt64?, requestTime: Date?
    ) -> Fetched<Data> {
        var tape: JSONTape?
        let result: GraphQLResult<Data>
        do throws(APIError) {
            result = try GraphQLResponseDecoder.decode(
                Data.self, operation: name, response: response, body: responseBody,
                errorPolicy: .returnPartialData, recordingTape: recordingTape, tape: &tape)
        } catch {
            return Fetched(
                result: GraphQLResult(data: nil, httpResponse: response, byteCount: responseBody.count),
                body: responseBody, startedAt: startedAt, requestTime: requestTime, failure: error)
        }
        var failure: APIError?
        if errorPolicy == .failOnAnyError, !result.errors.isEmpty {
            failure = .graphQL(operation: name, status: response.status, errors: result.errors)
        }
        return Fetched(
            result: consume result, body: responseBody, tape: tape, startedAt: startedAt, requestTime: requestTime,
            failure: failure)
    }

    /// Writes a server's answer into the cache, whatever the caller's error policy then makes of it (an answer with
    /// data is what the server applied, errors or not): the records read through the tape the decoder recorded (the
    /// body read once), with the decoded result for the memo; under the query root with `queryKey`, else under
    /// `rootKey` (a mutation's by default, whose root fields are not kept). With `queryKey`, a query's whole answer is
    /// also kept as its response; with `watcher`, the records it is made of become the watcher's dependencies in the
    /// same step; with `replacingLayer`, the optimistic layer is replaced by the answer in the same step; with
    /// `replacingLists`, a first page of a list replaces it whatever it holds
    /// (``CacheListMergeStep/firstPagesReplace``).
    ///
    /// An answer with data that is not written (`Cache-Control: no-store`, a body that did not decode or came with a
    /// refusing status) is not "nothing happened": the stored fields it carries with other values are made stale, and
    /// an optimistic layer ends as applied (removed, the fields it changed stale). Only an answer without data (a
    /// refusal) rolls the layer back.
    @discardableResult
    func store<Data: Sendable>(
        _ fetched: Fetched<Data>, in cache: GraphQLCache, metadata: GraphQLCacheMetadata,
        variables: [String: JSONValue], queryKey: String? = nil, rootKey: String? = nil, watcher: CacheWatcher? = nil,
        replacingLayer layer: UInt64? = nil, replacingLists: Bool = false
    ) async -> WriteOutcome? {
        let headers = fetched.result.httpResponse.headers
        let control = CacheControl(
            Self.fieldValue(headers, "Cache-Control"), expires: Self.fieldValue(headers, "Expires"),
            date: Self.fieldValue(headers, "Date"))
        guard !control.noStore,
            let data = Self.responseData(
                fetched.body, tape: fetched.tape, hasErrors: !fetched.result.errors.isEmpty,
                hasData: fetched.result.data != nil)
        else {
            // Not written. An answer with a `data` object (no-store, or not decoded) still says what the server holds.
            var unwritten: ResponseData?
            if let tape = fetched.tape, let data = ResponseData.dataObject(on: tape) {
                unwritten = .tape(tape, data: data)
            } else {
                unwritten = ResponseData.tree(parsing: GraphQLResponseDecoder.utf8(fetched.body))
            }
            guard let unwritten else {
                if let layer { await cache.removeOptimisticLayer(layer, ending: .rolledBack) }
                return nil
            }
            await cache.markStale(
                carriedBy: ResponseWrite(
                    data: unwritten, errors: [], metadata: metadata, variables: variables,
                    rootKey: rootKey ?? (queryKey != nil ? CacheKey.queryRoot : CacheKey.mutationRoot),
                    firstPagesReplace: replacingLists),
                endingLayer: layer, sparing: watcher)
            return nil
        }
        let isQuery = queryKey != nil
        // The answer's age counts from its request (RFC 9111 §4.2.3): it was generated `Age` seconds before then.
        // An `Age` that is not a number of seconds leaves the age unknown: stale at once.
        let age = CacheControl.age(Self.fieldValue(headers, "Age"))
        let write = ResponseWrite(
            data: data, errors: fetched.result.errors, metadata: metadata, variables: variables,
            rootKey: rootKey ?? (isQuery ? CacheKey.queryRoot : CacheKey.mutationRoot),
            serverMaxAge: age == nil ? .zero : control.lifetime, mustRevalidate: control.mustRevalidate,
            receivedAt: fetched.requestTime.map { $0.addingTimeInterval(-(age ?? .zero).timeInterval) },
            startedAt: fetched.startedAt, queryKey: queryKey,
            result: fetched.result.errors.isEmpty ? fetched.result.data : nil, sentSequence: fetched.sentSequence,
            firstPagesReplace: replacingLists)
        if let layer {
            await cache.write(write, replacingLayer: layer)
            return nil
        }
        return await cache.write(write, watcher: watcher)
    }

    /// Every value of the header field `name`, joined with commas (RFC 9110 §5.3); `nil` without one.
    static func fieldValue(_ headers: HTTPHeaders, _ name: String) -> String? {
        var joined: String?
        for field in headers where HTTPHeaders.sameName(field.name, name) {
            if let earlier = joined { joined = earlier + ", " + field.value } else { joined = field.value }
        }
        return joined
    }

    /// The body's `data` object for the cache: without errors, the tape the decoder recorded as it read the body
    /// (its bytes read once, for the result and the records), or else the body itself (the cache compares it with the
    /// answer it holds, and tapes it when it differs); with errors (whose `null`s are placed on a tree), the parsed
    /// tree. `nil` when the body has no `data` object (`hasData`: the decoded result has data).
    static func responseData(_ body: Foundation.Data, tape: JSONTape? = nil, hasErrors: Bool, hasData: Bool)
        -> ResponseData?
    {
        if !hasErrors {
            guard hasData else { return nil }
            if let tape, let data = ResponseData.dataObject(on: tape) { return .tape(tape, data: data) }
            return .body(GraphQLResponseDecoder.utf8(body))
        }
        return ResponseData.tree(parsing: GraphQLResponseDecoder.utf8(body))
    }

    /// The key under which a query's memoized result, stored response and in-flight request are kept: its type,
    /// the SHA-256 of its document (another version of the app's operation is another query) and its variables as
    /// the server coerces them, non-ASCII characters escaped (``CacheKey/escapingNonASCII(_:)``: Swift's `String`
    /// equality would make one key of two values that differ only in their Unicode normalization).
    static func cacheQueryKey<Operation: GraphQLOperation>(_ type: Operation.Type, variables: [String: JSONValue])
        -> String
    {
        // Written into one array after the type's part, made into a string once.
        let typeKey = OperationTypeCache.shared.key(of: type)
        var text: [UInt8] = []
        text.reserveCapacity(typeKey.utf8.count + 64)
        text.append(contentsOf: typeKey.utf8)
        let start = text.count
        JSONValue.writeObjectText(variables, to: &text)
        if text[start...].contains(where: { $0 >= 0x80 }) {
            let escaped = CacheKey.escapingNonASCII(Array(text[start...]))
            text.removeSubrange(start...)
            text.append(contentsOf: escaped)
        }
        return String(decoding: text, as: UTF8.self)
    }

    /// How many callers wait on shared query requests not finished yet (for tests).
    @_spi(Testing) public var inFlightWaiterCount: Int { inFlight.waiterCount }

    /// For tests: `observer` is called in the task of each caller of a shared query request as it registers, with
    /// `true` when it joined a request in flight and `false` when it started one.
    @_spi(Testing) public func observeSharedRequests(_ observer: @escaping @Sendable (_ joined: Bool) -> Void) {
        inFlight.registrations.withLock { $0 = observer }
    }

    /// How many shared query requests are in flight (for tests), those a newer request for the same query replaced
    /// too.
    @_spi(Testing) public var inFlightRequestCount: Int { inFlight.requestCount }

    /// The operation's variables as JSON, for cache keys and field arguments.
    static func variablesJSON<Operation: GraphQLOperation>(_ operation: Operation) throws(APIError)
        -> [String: JSONValue]
    {
        if let json = operation.variablesJSON { return json }
        do {
            // As sent (dates as RFC 3339), and read back exactly with the runtime's own parser.
            let data = try sharedVariablesEncoder.encode(operation.variables)
            if case .object(let members) = try JSONValue(parsing: data) { return members.dictionary }
            return [:]
        } catch {
            throw .encoding(operation: Operation.operationName, reason: "\(error)")
        }
    }

    /// One ``variablesEncoder()`` for request bodies and the cache's reads of the variables (an encoder is made once,
    /// not per call).
    static let sharedVariablesEncoder = variablesEncoder()

    /// The encoder of request bodies: a `Date` anywhere in the variables (hand-written ones included) is sent as
    /// a ``DateTime`` (RFC 3339 in UTC), not as Foundation's default seconds since 2001.
    static func variablesEncoder() -> JSONEncoder {
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .custom { date, encoder in
            var container = encoder.singleValueContainer()
            try container.encode(DateTimeScalar.format(date))
        }
        return encoder
    }

    /// Executes `operation` and calls `completion` with the result, on an arbitrary thread.
    /// - Returns: the task doing the work; cancel it to cancel the request (`completion` then gets
    ///   ``APIError/cancelled(operation:)``).
    @discardableResult
    public func execute<Operation: GraphQLOperation>(
        _ operation: Operation, fetchPolicy: GraphQLFetchPolicy = .preferCache,
        errorPolicy: GraphQLErrorPolicy = .failOnAnyError,
        completion: @escaping @Sendable (Result<GraphQLResult<Operation.Data>, APIError>) -> Void
    ) -> Task<Void, Never> {
        Task {
            do throws(APIError) {
                completion(.success(try await execute(operation, fetchPolicy: fetchPolicy, errorPolicy: errorPolicy)))
            } catch {
                completion(.failure(error))
            }
        }
    }

    /// Runs one request through the middlewares and the transport.
    func send(_ request: HTTPRequest, body: Data, operationName: String) async throws -> (HTTPResponse, Data) {
        let transport = self.transport
        let (response, answer) = try await runMiddlewares(request, body: body, operationName: operationName) {
            request, body, name in
            try await transport.send(request, body: body, operationName: name)
        }
        // An incrementally delivered result (`@defer`, `@stream`): its payloads merged into one.
        return try Self.mergingIncrementalDelivery(response, answer, operation: operationName)
    }

    /// Runs one request through the middlewares, `innermost` in place of the transport.
    func runMiddlewares(
        _ request: HTTPRequest, body: Data, operationName: String, innermost: @escaping GraphQLMiddleware.Next
    ) async throws -> (HTTPResponse, Data) {
        var next = innermost
        for middleware in middlewares.reversed() {
            let inner = next
            next = { request, body, name in
                try await middleware.intercept(request, body: body, operationName: name, next: inner)
            }
        }
        try Task.checkCancellation()
        return try await next(request, body, operationName)
    }

    static func translate(_ error: any Error, operation: String) -> APIError {
        if let apiError = error as? APIError { return apiError }
        if error is CancellationError { return .cancelled(operation: operation) }
        if let urlError = error as? URLError { return translate(TransportError(urlError), operation: operation) }
        if let transportError = error as? TransportError {
            switch transportError.kind {
            case .cancelled: return .cancelled(operation: operation)
            case .timedOut: return .timedOut(operation: operation, message: transportError.message)
            case .responseTooLarge(let limit): return .responseTooLarge(operation: operation, limit: limit)
            case .connection, .other:
                return .transport(
                    operation: operation, message: transportError.message,
                    requestCertainlyNotSent: transportError.requestCertainlyNotSent)
            }
        }
        if Task.isCancelled { return .cancelled(operation: operation) }
        return .transport(operation: operation, message: "\(error)")
    }
}

/// The JSON body of a GraphQL-over-HTTP request.
struct RequestBody<Variables: Encodable>: Encodable {
    var query: String
    var operationName: String
    var variables: Variables
}

/// What the client computes once per operation type and keeps: its full name (`String(reflecting:)`, which the
/// runtime computes slowly; the first part of every cache key) and the start of its request body (the document
/// and the operation name as JSON text, which would otherwise be escaped again for every request).
final class OperationTypeCache: Sendable {
    static let shared = OperationTypeCache()
    private let keys = Locked<[ObjectIdentifier: String]>([:])
    private let bodyPrefixes = Locked<[ObjectIdentifier: [UInt8]]>([:])
    private let incremental = Locked<[ObjectIdentifier: Bool]>([:])

    /// `<type's full name>#<operation identifier (the SHA-256 of its document)>`: the start of its cache keys.
    func key<Operation: GraphQLOperation>(of type: Operation.Type) -> String {
        let id = ObjectIdentifier(type)
        if let key = keys.withLock({ $0[id] }) { return key }
        let key = String(reflecting: type) + "#" + Operation.operationIdentifier
        keys.withLock { $0[id] = key }
        return key
    }

    /// Whether an operation of type `type` asks for incremental delivery (``GraphQLHTTPClient``'s scan of its
    /// document for `@defer`/`@stream`, made once per type rather than for every request).
    func asksForIncrementalDelivery<Operation: GraphQLOperation>(_ type: Operation.Type) -> Bool {
        let id = ObjectIdentifier(type)
        if let asks = incremental.withLock({ $0[id] }) { return asks }
        let asks = GraphQLHTTPClient.asksForIncrementalDelivery(Operation.document)
        incremental.withLock { $0[id] = asks }
        return asks
    }

    /// The request body `{"query":…,"operationName":…,"variables":…}` of an operation of type `type`.
    func requestBody<Operation: GraphQLOperation>(_ type: Operation.Type, variables: [String: JSONValue]) -> Data {
        let id = ObjectIdentifier(type)
        var prefix = bodyPrefixes.withLock { $0[id] }
        if prefix == nil {
            let text =
                "{\"query\":" + JSONStringWriter.quoted(Operation.document) + ",\"operationName\":"
                + JSONStringWriter.quoted(Operation.operationName) + ",\"variables\":"
            prefix = Array(text.utf8)
            bodyPrefixes.withLock { $0[id] = prefix }
        }
        // The whole body written into one array, allocated once at about its size, then copied once into `Data`
        // (whose appends cost more than the bytes they copy).
        let start = prefix ?? []
        var text: [UInt8] = []
        text.reserveCapacity(start.count + 64)
        text.append(contentsOf: start)
        JSONValue.writeObjectText(variables, to: &text)
        text.append(UInt8(ascii: "}"))
        return text.withUnsafeBytes { Data($0) }
    }
}
