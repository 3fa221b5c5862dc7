import Foundation
import GraphQLBridge
import LegacyModels
import LotteryAPI

/// The result type of the completion-handler API.
public typealias QLRequestResult<Response> = Result<Response, APIError>

/// The lottery app's GraphQL client: takes a ``GraphQLRequest`` and returns the app's legacy models
/// (`GameInfo`, `DrawInfo`, `ImageInfo`), so the screens that use them never notice the change of API.
///
/// ```swift
/// let client = GraphQLClient(endpoint: url, token: token)
/// let game: GameInfo = try await client.fetch(requestType: .gameInfo(gameId: "6x45"))
/// client.fetch(requestType: .draws(gameId: "6x45")) { (result: QLRequestResult<[DrawInfo]>) in ... }
/// ```
///
/// Asking for a `Response` type the request does not produce fails with
/// ``APIError/unexpectedResponseType(operation:expected:actual:)``; the typed methods
/// (``gameInfo(gameId:)``, ``games(type:activeOnly:)``, ...) make that a compile-time matter.
///
/// Field errors beside data (a prize ledger that is down) are not failures by default: the affected
/// fields are `nil`, as REST's `null`, and the errors are in ``GraphQLBridgeResponse/warnings``.
///
/// In tests, ``unimplemented(errorPolicy:)`` gives a client that fails on any request the test did not override
/// with `override(_:with:)` (`GraphQLClient+Overrides.swift`, on GraphQLBridgeTesting's `RequestOverrides`).
public final class GraphQLClient: Sendable {
    /// The library's client over ``GraphQLRequest``: the overrides, the request table (`route(for:)`), fetch and
    /// watch.
    let requests: GraphQLRequestClient<GraphQLRequest>
    /// The runtime client that executes the operations (pointed elsewhere by ``useLocalBackend(host:port:)``).
    public var client: GraphQLHTTPClient { requests.client }
    /// What GraphQL errors beside data do: ``GraphQLErrorPolicy/returnPartialData`` by default.
    public var errorPolicy: GraphQLErrorPolicy { requests.errorPolicy }
    /// The answers a test gave in place of the server, asked before it (`GraphQLClient+Overrides.swift`); none on a
    /// live client until a test overrides a request.
    public var overrides: RequestOverrides<GraphQLRequest> { requests.overrides }

    /// Creates a client on top of a configured runtime client.
    public convenience init(client: GraphQLHTTPClient, errorPolicy: GraphQLErrorPolicy = .returnPartialData) {
        self.init(client: client, errorPolicy: errorPolicy, overrides: RequestOverrides(unimplemented: false))
    }

    /// Creates a client whose answers come from `overrides` first.
    init(client: GraphQLHTTPClient, errorPolicy: GraphQLErrorPolicy, overrides: RequestOverrides<GraphQLRequest>) {
        self.requests = GraphQLRequestClient(
            client: client, errorPolicy: errorPolicy, overrides: overrides, routes: Self.route(for:))
    }

    /// Creates a client for `endpoint`, sending `Authorization: Bearer <token>` when a token is given.
    /// - Parameters:
    ///   - cache: a client cache (see ``GraphQLCache``): queries are then read from it as their fetch policy says,
    ///     and subscription events are written through it; without one, every request goes to the server.
    ///   - persistedQueries: automatic persisted queries or a registered manifest's ids in place of the documents
    ///     (``PersistedQueries``); the whole documents by default.
    ///   - subscriptions: how `.drawUpdates` runs (Server-Sent Events by default; see
    ///     ``GraphQLSubscriptionTransport``).
    public convenience init(
        endpoint: URL, token: String? = nil, transport: any GraphQLTransport = URLSessionTransport(),
        middlewares: [any GraphQLMiddleware] = [], timeout: Duration = .seconds(30),
        errorPolicy: GraphQLErrorPolicy = .returnPartialData, cache: GraphQLCache? = nil,
        persistedQueries: PersistedQueries = .disabled, subscriptions: GraphQLSubscriptionTransport = .serverSentEvents
    ) {
        var all = middlewares
        if let token { all.insert(BearerTokenMiddleware(token: token), at: 0) }
        self.init(
            client: GraphQLHTTPClient(
                endpoint: endpoint, transport: transport, middlewares: all, timeout: timeout, cache: cache,
                persistedQueries: persistedQueries, subscriptions: subscriptions),
            errorPolicy: errorPolicy)
    }

    /// The client as the lottery app builds it: a persistent cache per signed-in user in `cacheDirectory`
    /// (30 s before a result is asked for again; draws' prize pools are fresher, see `graphql-codegen.json`),
    /// or a memory cache when no folder is given.
    public static func app(
        endpoint: URL, token: String?, userID: String, cacheDirectory: URL? = nil,
        transport: any GraphQLTransport = URLSessionTransport()
    ) -> GraphQLClient {
        let cache = GraphQLCache(
            storage: cacheDirectory.map { .persistent(directory: $0) } ?? .memory, maxAge: .seconds(30),
            namespace: userID)
        return GraphQLClient(endpoint: endpoint, token: token, transport: transport, cache: cache)
    }

    /// Points the client at a backend on this machine (the embedded backend `EmbeddedLotteryServer`, or the
    /// reference backend) during development, as Firebase Data Connect's `useEmulator(host:port:)` does: every
    /// later request goes to `http://host:port/graphql`, with the same token, middlewares and cache.
    public func useLocalBackend(host: String = "127.0.0.1", port: Int = 8080) {
        var components = URLComponents()
        components.scheme = "http"
        components.host = host
        components.port = port
        components.path = "/graphql"
        guard let url = components.url else { return }
        requests.useEndpoint(url)
    }

    /// Runs `requestType` and returns its legacy model.
    /// - Throws: ``APIError``; ``APIError/unexpectedResponseType(operation:expected:actual:)`` when
    ///   `Response` is not what the request produces.
    /// - Parameter fetchPolicy: where the result comes from when the client has a cache
    ///   (``GraphQLFetchPolicy/preferCache`` by default; see ``GraphQLCache``).
    public func fetch<Response: Sendable>(
        requestType: GraphQLRequest, as responseType: Response.Type = Response.self,
        fetchPolicy: GraphQLFetchPolicy = .preferCache
    ) async throws(APIError) -> Response {
        try await fetchResponse(requestType: requestType, as: responseType, fetchPolicy: fetchPolicy).value
    }

    /// Runs `requestType` and calls `completion` with its legacy model, on an arbitrary thread.
    /// - Returns: the task doing the work; cancel it to cancel the request.
    @discardableResult
    public func fetch<Response: Sendable>(
        requestType: GraphQLRequest, fetchPolicy: GraphQLFetchPolicy = .preferCache,
        completion: @escaping @Sendable (QLRequestResult<Response>) -> Void
    ) -> Task<Void, Never> {
        requests.fetch(
            requestType, fetchPolicy: Self.fetchPolicy(for: requestType, asked: fetchPolicy), completion: completion)
    }

    /// Runs `requestType` and returns its legacy model with the response's warnings and size.
    public func fetchResponse<Response: Sendable>(
        requestType: GraphQLRequest, as responseType: Response.Type = Response.self,
        fetchPolicy: GraphQLFetchPolicy = .preferCache
    ) async throws(APIError) -> GraphQLBridgeResponse<Response> {
        try await requests.fetchResponse(
            requestType, as: responseType, fetchPolicy: Self.fetchPolicy(for: requestType, asked: fetchPolicy))
    }

    /// The fetch policy `requestType` runs with when the caller asks for `asked`: the same, except for a page of a
    /// game's archive (`.draws`), which ``GraphQLFetchPolicy/preferCache`` asks the server for. Its pages are one list
    /// in the cache (`draws` has a list policy), whose read is the whole list: a page can be cut from it only when the
    /// list holds it whole, and the cache cannot tell the end of the archive from pages not loaded, while the
    /// server's answer is exactly the page (REST's `limit`/`before` page). The other policies stay (a watch, or
    /// ``GraphQLFetchPolicy/cacheOnly``, reads the page from the cached list: see `drawsResponse`).
    static func fetchPolicy(for requestType: GraphQLRequest, asked: GraphQLFetchPolicy) -> GraphQLFetchPolicy {
        guard case .draws = requestType, asked == .preferCache else { return asked }
        return .serverOnly
    }

    /// Executes a generated operation with this client's error policy.
    func execute<Operation: GraphQLOperation>(
        _ operation: Operation, fetchPolicy: GraphQLFetchPolicy = .preferCache
    ) async throws(APIError) -> GraphQLResult<Operation.Data> {
        try await client.execute(operation, fetchPolicy: fetchPolicy, errorPolicy: errorPolicy)
    }
}
