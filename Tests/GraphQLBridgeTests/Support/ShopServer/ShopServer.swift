import Foundation
import GraphQLBridgeSupport
import GraphQLParser
import GraphQLSchema
import GraphQLServer

/// The runtime tests' one GraphQL server: ShopAPI's schema (`Tests/ShopAPI/graphql/schema.graphqls`) executed by
/// `GraphQLServer`'s executor over a ``ShopCatalog``, on `GraphQLServer`'s loopback HTTP server (real sockets, so the
/// client's own `URLSessionTransport` is what the tests exercise). `POST` and `GET` at `/graphql`, the response media
/// type from `Accept`, subscriptions (`offerUpdated`, published by ``advance(productId:)``) over Server-Sent Events,
/// multipart HTTP and `graphql-transport-ws`, and, as a test asks: bearer tokens, failing mutations, `Long` written as
/// strings, `Cache-Control: max-age` on query answers, persisted queries (automatic or a trusted list),
/// `@defer`/`@stream` delivered incrementally. It counts what it received, and its realtime connections can be dropped
/// or closed (as a network failure or a server would).
final class ShopServer: Sendable {
    /// The persisted-query protocol the server speaks.
    enum PersistedQueryMode: Sendable, Equatable {
        /// An id without a document: `PersistedQueryNotSupported`.
        case disabled
        /// Automatic persisted queries: a document sent with its id is stored; an unknown id alone is
        /// `PersistedQueryNotFound`.
        case automatic
        /// Only these documents (id → document) run, by id or by document (`PersistedQueryNotInList` otherwise).
        case trustedDocuments([String: String])
    }

    /// What the server is started with.
    struct Options: Sendable {
        /// Every mutation fails with a field error and changes nothing.
        var failMutations = false
        /// Executed queries are answered with `Cache-Control: max-age=<cacheMaxAge>`.
        var cacheMaxAge: Int? = nil
        /// The persisted-query protocol.
        var persistedQueries = PersistedQueryMode.disabled
        /// When set, the schema declares `@defer` and `@stream`, and a query that uses them, sent with
        /// `Accept: multipart/mixed`, is answered incrementally in this format (when the request accepts both).
        var incrementalFormat: GraphQLIncrementalFormat? = nil
        /// When set, each part of an incrementally delivered answer after the first waits for the gate to open.
        var partGate: PartGate? = nil
        /// The accepted bearer tokens; empty when none is required (a request without one of them is refused: 401,
        /// or 4403 on a WebSocket).
        var tokens: Set<String> = []
        /// `Long` values are written as decimal strings.
        var longAsString = false
        /// Whether a WebSocket's `connection_init` is acknowledged (`false`: never, for the client's timeout).
        var acknowledgesWebSockets = true
        /// How long a WebSocket may take to send `connection_init` (the hang detector's minutes by default).
        var webSocketInitTimeout: Duration = .seconds(300)
        /// How often a quiet subscription stream gets a heartbeat.
        var heartbeatInterval: Duration = .seconds(15)
    }

    /// What the server received.
    struct Counts: Sendable, Equatable {
        /// Requests at `/graphql` (not the realtime ones).
        var requests = 0
        var gets = 0
        var posts = 0
        /// Requests with a persisted-query id and no document.
        var idOnly = 0
        /// Requests answered `PersistedQueryNotFound`.
        var notFound = 0
        /// Documents stored by automatic persisted queries.
        var registered = 0
        /// Requests that ran a stored document by its id.
        var persistedHits = 0
        /// Executed operations by name.
        var operations: [String: Int] = [:]
    }

    private struct State {
        var counts = Counts()
        var stored: [String: String] = [:]
    }

    /// `http://127.0.0.1:<port>/graphql`.
    let graphQLURL: URL
    /// `ws://127.0.0.1:<port>/graphql`.
    let webSocketURL: URL
    private let http: HTTPServer
    private let catalog: Locked<ShopCatalog>
    private let state: Locked<State>
    private let hub: RealtimeHub<ShopCatalog.Offer>

    private init(
        http: HTTPServer, urls: (URL, URL), catalog: Locked<ShopCatalog>, state: Locked<State>,
        hub: RealtimeHub<ShopCatalog.Offer>
    ) {
        self.http = http
        (graphQLURL, webSocketURL) = urls
        self.catalog = catalog
        self.state = state
        self.hub = hub
    }

    /// Why the server could not start.
    struct StartError: Error, CustomStringConvertible {
        var description: String
    }

    /// `@defer` and `@stream` as the incremental-delivery draft declares them.
    static let incrementalDirectives = """
        directive @defer(label: String, if: Boolean! = true) on FRAGMENT_SPREAD | INLINE_FRAGMENT
        directive @stream(label: String, if: Boolean! = true, initialCount: Int = 0) on FIELD
        """

    /// ShopAPI's schema file.
    static let schemaURL = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent(
            "ShopAPI/graphql/schema.graphqls")

    /// Starts a server on 127.0.0.1 (a free port).
    static func start(_ options: Options = Options()) throws -> ShopServer {
        let sdl = try String(contentsOf: schemaURL, encoding: .utf8)
        var sources = [Source(sdl, name: "schema.graphqls")]
        if options.incrementalFormat != nil { sources.append(Source(incrementalDirectives, name: "incremental")) }
        let built = SchemaBuilder.build(sources: sources)
        guard let schema = built.schema else {
            throw StartError(description: "ShopAPI's schema does not build: \(built.diagnostics)")
        }
        let catalog = Locked(ShopCatalog())
        let state = Locked(State())
        let hub = RealtimeHub<ShopCatalog.Offer>(topic: { $0.productId })
        let execution = ShopExecution(
            preparer: GraphQLRequestPreparer(schema: .success(schema)),
            resolvers: ShopResolvers(catalog: catalog, failMutations: options.failMutations),
            longAsString: options.longAsString)
        let documents = Documents(mode: options.persistedQueries, state: state)
        let handler = Handler(
            execution: execution, options: options, state: state, documents: documents,
            realtime: RealtimeHTTPHandler(
                service: execution, hub: hub,
                options: RealtimeOptions(
                    tokens: options.tokens, realm: "shop", heartbeatInterval: options.heartbeatInterval,
                    acknowledgesWebSockets: options.acknowledgesWebSockets,
                    webSocketInitTimeout: options.webSocketInitTimeout),
                document: { documents.streamDocument($0) }))
        let http = try HTTPServer.start(port: 0, name: "ShopServer") { handler.respond(to: $0) }
        guard let url = URL(string: "http://127.0.0.1:\(http.port)/graphql"),
            let webSocket = URL(string: "ws://127.0.0.1:\(http.port)/graphql")
        else {
            http.stop()
            throw StartError(description: "no URL for port \(http.port)")
        }
        return ShopServer(http: http, urls: (url, webSocket), catalog: catalog, state: state, hub: hub)
    }

    /// Stops the server (safe to call more than once).
    func stop() { http.stop() }

    /// What the server received so far.
    var counts: Counts { state.withLock { $0.counts } }

    /// Marks a product as a favourite, or unmarks it, behind the client's back (as another client would).
    func setFavorite(productId: String, favorite: Bool) {
        catalog.withLock { catalog in
            if favorite { catalog.favorites.insert(productId) } else { catalog.favorites.remove(productId) }
        }
    }

    /// Moves a product's offers on (``ShopCatalog/advance(productId:)``) and publishes the offers that changed to
    /// their subscribers, in order; returns them.
    @discardableResult
    func advance(productId: String) -> [ShopCatalog.Offer] {
        let changed = catalog.withLock { $0.advance(productId: productId) }
        hub.publish(changed)
        return changed
    }

    /// How many `offerUpdated` subscriptions are open now, over every transport.
    var openSubscriptionCount: Int { hub.openSubscriptionCount }

    /// How many realtime connections (subscription streams and WebSockets) are open now.
    var openRealtimeConnectionCount: Int { hub.openConnectionCount }

    /// How many WebSocket `ping` messages the server has received (and answered), over every socket.
    var webSocketPingCount: Int { hub.pingCount }

    /// Every realtime connection attempt so far, in order.
    var realtimeConnections: [RealtimeConnectionAttempt] { hub.connectionRecords }

    /// Drops the open realtime connections without a word, as a network failure would.
    func dropRealtimeConnections() { hub.dropConnections() }

    /// Closes every open WebSocket with a `graphql-transport-ws` close code.
    func closeWebSockets(code: Int, reason: String) { hub.closeWebSockets(code: code, reason: reason) }

    /// Why a request has no document to run.
    enum Refusal: Error {
        /// A request error (400).
        case invalid(String)
        /// A persisted-query refusal, answered 200 with this error.
        case refused(message: String, code: String)
    }

    /// The documents requests run: their `query`, or the one their persisted-query id names (automatic persisted
    /// queries store documents; trusted documents are a fixed list).
    private struct Documents: Sendable {
        let mode: PersistedQueryMode
        let state: Locked<State>

        /// The document a subscription stream's JSON body runs, or the answer refusing it (400 for a request error;
        /// 200 with the error for a refused persisted query, as a server answers one: the client reports it).
        func streamDocument(_ body: JSONValue) -> RealtimeDocument {
            switch document(query: body["query"]?.stringValue, persistedQuery: body["extensions"]?["persistedQuery"]) {
            case .success(let document): return .query(document)
            case .failure(.invalid(let message)):
                return .response(.graphQLError(status: 400, message: message, mediaType: .json))
            case .failure(.refused(let message, let code)):
                let error = GraphQLResponseError(message, extensions: [("code", .string(code))])
                return .response(.json(status: 200, .object([("errors", .array([error.json]))])))
            }
        }

        /// The document a request runs: its `query`, or the one its persisted-query id names.
        func document(query: String?, persistedQuery: JSONValue?) -> Result<String, Refusal> {
            guard let persistedQuery else {
                guard let query else { return .failure(.invalid("the request has no query")) }
                if case .trustedDocuments(let documents) = mode, documents[SHA256.hex(query)] == nil {
                    return .failure(.refused(message: "PersistedQueryNotInList", code: "PERSISTED_QUERY_NOT_IN_LIST"))
                }
                return .success(query)
            }
            if query == nil { state.withLock { $0.counts.idOnly += 1 } }
            guard let hash = persistedQuery["sha256Hash"]?.stringValue, persistedQuery["version"] == .number("1")
            else { return .failure(.invalid("extensions.persistedQuery needs version 1 and a sha256Hash")) }
            if let query, SHA256.hex(query) != hash { return .failure(.invalid("provided sha does not match query")) }
            switch mode {
            case .disabled:
                if let query { return .success(query) }
                return .failure(.refused(message: "PersistedQueryNotSupported", code: "PERSISTED_QUERY_NOT_SUPPORTED"))
            case .trustedDocuments(let documents):
                guard let document = documents[hash] else {
                    return query == nil
                        ? notFound()
                        : .failure(
                            .refused(message: "PersistedQueryNotInList", code: "PERSISTED_QUERY_NOT_IN_LIST"))
                }
                if query == nil { state.withLock { $0.counts.persistedHits += 1 } }
                return .success(document)
            case .automatic:
                if let query {
                    state.withLock { state in
                        if state.stored[hash] == nil {
                            state.stored[hash] = query
                            state.counts.registered += 1
                        }
                    }
                    return .success(query)
                }
                guard let document = state.withLock({ $0.stored[hash] }) else { return notFound() }
                state.withLock { $0.counts.persistedHits += 1 }
                return .success(document)
            }
        }

        private func notFound() -> Result<String, Refusal> {
            state.withLock { $0.counts.notFound += 1 }
            return .failure(.refused(message: "PersistedQueryNotFound", code: "PERSISTED_QUERY_NOT_FOUND"))
        }
    }

    /// Answers the requests.
    private struct Handler: Sendable {
        let execution: ShopExecution
        let options: Options
        let state: Locked<State>
        let documents: Documents
        let realtime: RealtimeHTTPHandler<ShopExecution>

        /// The request's bearer token, when the server requires one.
        func caller(of request: HTTPRequest) -> String? {
            guard !options.tokens.isEmpty, let header = request.header("Authorization"), header.hasPrefix("Bearer ")
            else { return nil }
            return String(header.dropFirst("Bearer ".count))
        }

        func respond(to request: HTTPRequest) -> HTTPResponse {
            guard request.path == "/graphql" || request.path == "/graphql/" else {
                return .text(status: 404, "not found: the GraphQL endpoint is /graphql")
            }
            let caller = caller(of: request)
            let authorized = options.tokens.isEmpty || caller.map { options.tokens.contains($0) } == true
            if let kind = RealtimeRequestKind(request),
                let response = realtime.respond(to: request, kind: kind, authorized: authorized, caller: caller)
            {
                return response
            }
            let mediaType = GraphQLMediaType.negotiate(accept: request.header("Accept"))
            guard authorized else {
                return .graphQLError(
                    status: 401, message: "missing or wrong bearer token", mediaType: mediaType,
                    headers: [("WWW-Authenticate", "Bearer realm=\"shop\"")])
            }
            state.withLock { state in
                state.counts.requests += 1
                if request.method == "GET" { state.counts.gets += 1 }
                if request.method == "POST" { state.counts.posts += 1 }
            }
            let parameters: GraphQLRequestParameters
            switch GraphQLRequestParameters.read(request) {
            case .success(let read): parameters = read
            case .failure(let problem):
                return .graphQLError(
                    status: problem.status, message: problem.message, mediaType: mediaType, headers: problem.headers)
            }
            let query: String
            switch documents.document(query: parameters.query, persistedQuery: parameters.persistedQuery) {
            case .success(let document): query = document
            case .failure(.invalid(let message)):
                return .graphQLError(status: 400, message: message, mediaType: mediaType)
            case .failure(.refused(let message, let code)):
                // 200, as Apollo's servers answer it: the client sends the document next (or reports the id).
                let error = GraphQLResponseError(message, extensions: [("code", .string(code))])
                return .json(status: 200, .object([("errors", .array([error.json]))]), contentType: mediaType.rawValue)
            }
            let prepared: GraphQLRequestPreparer.PreparedOperation
            switch execution.preparer.prepare(
                query: query, operationName: parameters.operationName, variables: parameters.variables)
            {
            case .failed(let outcome):
                let status = mediaType == .graphQLResponseJSON ? 400 : 200
                return .json(status: status, outcome.body, contentType: mediaType.rawValue)
            case .ready(let ready): prepared = ready
            }
            if let name = prepared.operation.name?.value {
                state.withLock { $0.counts.operations[name, default: 0] += 1 }
            }
            let kind = prepared.operation.operation
            let executor = execution.makeExecutor(prepared)
            let root: (OperationType) -> ShopObject = { $0 == .mutation ? .mutation : .query }
            if let preferred = options.incrementalFormat,
                let format = GraphQLIncrementalFormat.negotiate(accept: request.header("Accept"), preferred: preferred),
                kind == .query || (kind == .mutation && request.method == "POST")
            {
                var incremental = executor
                let payloads = incremental.executeIncrementally(
                    prepared.operation.selectionSet, root: root(kind), format: format)
                if payloads.count > 1 {
                    var beforePart: (@Sendable (Int) -> Void)?
                    if let gate = options.partGate {
                        beforePart = { index in if index > 0 { gate.pass() } }
                    }
                    return .incremental(payloads, format: format, beforePart: beforePart)
                }
            }
            let outcome = GraphQLOutcome.run(
                prepared, readOnly: request.method == "GET", executor: executor, root: root)
            if outcome.refusedAsReadOnly {
                return .graphQLError(
                    status: 405, message: "mutations are POST only: POST this request", mediaType: mediaType,
                    headers: [("Allow", "POST")])
            }
            let status = outcome.isRequestError && mediaType == .graphQLResponseJSON ? 400 : 200
            var headers: [(name: String, value: String)] = []
            if let maxAge = options.cacheMaxAge, outcome.executedOperation == .query {
                headers.append(("Cache-Control", "max-age=\(maxAge)"))
            }
            return .json(status: status, outcome.body, contentType: mediaType.rawValue, extraHeaders: headers)
        }
    }
}
