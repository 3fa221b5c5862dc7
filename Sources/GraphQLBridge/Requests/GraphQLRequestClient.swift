import Foundation
import GraphQLBridgeSupport

/// An app's client over its own request enum: each request (a case with its parameters as associated values) is
/// routed to a generated operation and an adapter that makes the app's model, so that the screens keep asking for
/// their models as they did from REST.
///
/// ```swift
/// enum ShopRequest: OverridableRequest, Hashable {
///     case product(id: String)
///     case addToBasket(productID: String)
///
///     var operationName: String {
///         switch self {
///         case .product: "Product"
///         case .addToBasket: "AddToBasket"
///         }
///     }
/// }
///
/// let shop = GraphQLRequestClient<ShopRequest>(client: runtime) { request throws(APIError) in
///     switch request {
///     case .product(let id):
///         return .query(ProductQuery(id: id)) { result throws(APIError) in try Product(result, id: id) }
///     case .addToBasket(let productID):
///         return .mutation(AddToBasketMutation(productID: productID)) { result throws(APIError) in try Basket(result) }
///     }
/// }
/// let product: Product = try await shop.fetch(.product(id: "p1"))
/// for try await basket in shop.watch(.basket, as: Basket.self) { show(basket) }
/// ```
///
/// The client asks its ``overrides`` first (a test's or a debug menu's answers, per request; none by default), then
/// runs the request's route: a query as the fetch policy says, through the runtime client's cache; a mutation at
/// the server (optimistic when its route gives the data to show); a subscription only by ``watch(_:as:fetchPolicy:)``.
/// Asking for a `Response` type the request does not produce fails with
/// ``APIError/unexpectedResponseType(operation:expected:actual:)``, before any request; an app's typed methods
/// (`func product(id:) async throws(APIError) -> Product`) make that a compile-time matter.
public final class GraphQLRequestClient<Request: OverridableRequest>: OverridableClient, Sendable {
    /// The routes: each request's operation and adapter.
    public typealias Routes = @Sendable (Request) throws(APIError) -> GraphQLRoute

    /// The runtime client that executes the operations (pointed elsewhere by ``useEndpoint(_:)``).
    public var client: GraphQLHTTPClient { runtime.withLock { $0 } }
    private let runtime: Locked<GraphQLHTTPClient>
    /// What GraphQL errors beside data do: ``GraphQLErrorPolicy/returnPartialData`` by default (the fields they
    /// name are `nil`, as REST's `null`, and the errors are the response's ``GraphQLBridgeResponse/warnings``).
    public let errorPolicy: GraphQLErrorPolicy
    /// The answers given in place of the server, asked first.
    public let overrides: RequestOverrides<Request>
    private let routes: Routes

    /// Creates a client.
    /// - Parameters:
    ///   - client: the runtime client (its endpoint, transport, middlewares, cache).
    ///   - errorPolicy: what GraphQL errors beside data do.
    ///   - overrides: answers asked before the server; none by default (a test's `unimplemented()` double passes
    ///     GraphQLBridgeTesting's unimplemented overrides).
    ///   - routes: the request table.
    public init(
        client: GraphQLHTTPClient, errorPolicy: GraphQLErrorPolicy = .returnPartialData,
        overrides: RequestOverrides<Request> = RequestOverrides(unimplemented: false),
        routes: @escaping Routes
    ) {
        self.runtime = Locked(client)
        self.errorPolicy = errorPolicy
        self.overrides = overrides
        self.routes = routes
    }

    /// Sends every later request to `endpoint` (a local backend during development, as Firebase Data Connect's
    /// `useEmulator`), with the same transport, middlewares and cache.
    public func useEndpoint(_ endpoint: URL) {
        runtime.withLock { $0 = $0.withEndpoint(endpoint) }
    }

    /// The route of `request`, as the request table gives it.
    public func route(for request: Request) throws(APIError) -> GraphQLRoute {
        try routes(request)
    }

    /// Runs `request` and returns its model.
    /// - Parameters:
    ///   - request: one of the app's requests.
    ///   - responseType: the model it produces (inferred from the call's context when not given).
    ///   - fetchPolicy: for a query, where the result comes from when the runtime client has a cache
    ///     (``GraphQLFetchPolicy/preferCache`` by default); mutations always go to the server.
    /// - Throws: ``APIError``; ``APIError/unexpectedResponseType(operation:expected:actual:)`` when `Response` is not
    ///   what the request produces, or the request is a subscription.
    public func fetch<Response: Sendable>(
        _ request: Request, as responseType: Response.Type = Response.self,
        fetchPolicy: GraphQLFetchPolicy = .preferCache
    ) async throws(APIError) -> Response {
        try await fetchResponse(request, as: responseType, fetchPolicy: fetchPolicy).value
    }

    /// Runs `request` and calls `completion` with its model, on an arbitrary thread.
    /// - Returns: the task doing the work; cancel it to cancel the request.
    @discardableResult
    public func fetch<Response: Sendable>(
        _ request: Request, fetchPolicy: GraphQLFetchPolicy = .preferCache,
        completion: @escaping @Sendable (Result<Response, APIError>) -> Void
    ) -> Task<Void, Never> {
        Task {
            do throws(APIError) {
                completion(.success(try await fetch(request, as: Response.self, fetchPolicy: fetchPolicy)))
            } catch {
                completion(.failure(error))
            }
        }
    }

    /// Runs `request` and returns its model with the response's warnings, size, source and staleness.
    public func fetchResponse<Response: Sendable>(
        _ request: Request, as responseType: Response.Type = Response.self,
        fetchPolicy: GraphQLFetchPolicy = .preferCache
    ) async throws(APIError) -> GraphQLBridgeResponse<Response> {
        if let overridden = try overrides.answer(request, as: responseType) {
            return GraphQLBridgeResponse(value: overridden)
        }
        let route = try routes(request)
        try Self.check(route, produces: responseType, for: request)
        switch route.kind {
        case .query(let query):
            return try await fetch(query, as: responseType, fetchPolicy: fetchPolicy)
        case .mutation(let mutation):
            return try await perform(mutation, as: responseType)
        case .subscription:
            throw .unexpectedResponseType(
                operation: request.operationName, expected: "\(Response.self)",
                actual: "a stream of \(request.responseTypeDescription) (a subscription: watch it)")
        }
    }

    /// Watches `request`'s model: the model at once (as `fetchPolicy` says), then again each time the client cache
    /// changes what it is made of, without a request. For a subscription's route, the models are the events, as they
    /// arrive; `fetchPolicy` does not apply. A mutation's route, or an override, gives one model and ends; so does a
    /// query's without a cache.
    public func watch<Response: Sendable>(
        _ request: Request, as responseType: Response.Type = Response.self,
        fetchPolicy: GraphQLWatchFetchPolicy = .cacheAndServer
    ) -> ModelWatch<Response, APIError> {
        ModelWatch { [self] in
            do throws(APIError) {
                return try source(request, as: responseType, fetchPolicy: fetchPolicy)
            } catch {
                return FailingModelSource(error: error)
            }
        }
    }

    private func source<Response: Sendable>(
        _ request: Request, as responseType: Response.Type, fetchPolicy: GraphQLWatchFetchPolicy
    ) throws(APIError) -> any ModelWatchSource<Response, APIError> {
        if let overridden = try overrides.answer(request, as: responseType) {
            return OnceModelSource(value: overridden)
        }
        let route = try routes(request)
        try Self.check(route, produces: responseType, for: request)
        let client = client
        let errorPolicy = errorPolicy
        switch route.kind {
        case .query(let query):
            return Self.querySource(query, client: client, errorPolicy: errorPolicy, fetchPolicy: fetchPolicy)
        case .mutation(let mutation):
            return MutationModelSource(run: { () async throws(APIError) -> Response in
                try await self.perform(mutation, as: responseType).value
            })
        case .subscription(let subscription):
            return Self.subscriptionSource(subscription, client: client, errorPolicy: errorPolicy)
        }
    }

    private static func querySource<Route: QueryRunning, Response: Sendable>(
        _ route: Route, client: GraphQLHTTPClient, errorPolicy: GraphQLErrorPolicy,
        fetchPolicy: GraphQLWatchFetchPolicy
    ) -> any ModelWatchSource<Response, APIError> {
        GraphQLModelSource(
            results: client.watch(route.query, fetchPolicy: fetchPolicy, errorPolicy: errorPolicy).makeAsyncIterator(),
            adapt: { result throws(APIError) in try cast(route.adapt(result), operation: Route.Query.operationName) })
    }

    private static func subscriptionSource<Route: SubscriptionRunning, Response: Sendable>(
        _ route: Route, client: GraphQLHTTPClient, errorPolicy: GraphQLErrorPolicy
    ) -> any ModelWatchSource<Response, APIError> {
        GraphQLSubscriptionModelSource(
            events: client.subscribe(route.subscription, errorPolicy: errorPolicy).makeAsyncIterator(),
            adapt: { result throws(APIError) in
                try cast(route.adapt(result), operation: Route.Subscription.operationName)
            })
    }

    private func fetch<Route: QueryRunning, Response: Sendable>(
        _ route: Route, as responseType: Response.Type, fetchPolicy: GraphQLFetchPolicy
    ) async throws(APIError) -> GraphQLBridgeResponse<Response> {
        let result = try await client.execute(route.query, fetchPolicy: fetchPolicy, errorPolicy: errorPolicy)
        let model: Response = try Self.cast(try route.adapt(result), operation: Route.Query.operationName)
        return GraphQLBridgeResponse(
            value: model, warnings: result.errors, byteCount: result.byteCount, source: result.source,
            isStale: result.isStale)
    }

    private func perform<Route: MutationRunning, Response: Sendable>(
        _ route: Route, as responseType: Response.Type
    ) async throws(APIError) -> GraphQLBridgeResponse<Response> {
        let result = try await route.execute(client, errorPolicy: errorPolicy)
        let model: Response = try Self.cast(try route.adapt(result), operation: Route.Mutation.operationName)
        return GraphQLBridgeResponse(
            value: model, warnings: result.errors, byteCount: result.byteCount, source: result.source,
            isStale: result.isStale)
    }

    /// Fails before anything is sent when the route's model is not the type the caller asked for.
    private static func check<Response>(
        _ route: GraphQLRoute, produces responseType: Response.Type, for request: Request
    )
        throws(APIError)
    {
        guard route.modelType == Response.self else {
            throw .unexpectedResponseType(
                operation: request.operationName, expected: "\(Response.self)",
                actual: request.responseTypeDescription)
        }
    }

    /// The adapter's model as `Response` (checked before the request: this cannot fail unless a route's adapter
    /// changes type, which its signature forbids).
    private static func cast<Model, Response>(_ model: Model, operation: String) throws(APIError) -> Response {
        guard let response = model as? Response else {
            throw .unexpectedResponseType(operation: operation, expected: "\(Response.self)", actual: "\(Model.self)")
        }
        return response
    }
}

/// A mutation's model, once, for a watch (a mutation is not watched: it runs once).
struct MutationModelSource<Model: Sendable>: ModelWatchSource {
    let run: @Sendable () async throws(APIError) -> Model
    private var done = false

    init(run: @escaping @Sendable () async throws(APIError) -> Model) {
        self.run = run
    }

    mutating func nextModel() async throws(APIError) -> Model? {
        guard !done else { return nil }
        done = true
        return try await run()
    }
}
