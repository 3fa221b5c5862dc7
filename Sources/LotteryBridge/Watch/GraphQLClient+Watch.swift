import GraphQLBridge
import LegacyModels
import LotteryAPI

extension GraphQLClient {
    /// Watches `requestType`'s legacy model: the model at once (as `fetchPolicy` says), then again each time the
    /// client cache changes what it is made of (a favourite set on another screen, a refresh by another query),
    /// without a request; the same adapters as ``fetch(requestType:as:fetchPolicy:)`` make it. For `.drawUpdates`
    /// (a subscription) the models are the events, as they arrive (each one also written through the cache, so the
    /// watches of the draw's queries update too); `fetchPolicy` does not apply.
    ///
    /// ```swift
    /// for try await games in client.watch(requestType: .games(), as: [GameInfo].self) {
    ///     screen.show(games)                      // again when any listed game changes
    /// }
    /// ```
    ///
    /// Without a cache the sequence gives one model and ends. Asking for a type the request does not produce
    /// fails with ``APIError/unexpectedResponseType(operation:expected:actual:)``.
    public func watch<Response: Sendable>(
        requestType: GraphQLRequest, as responseType: Response.Type = Response.self,
        fetchPolicy: GraphQLWatchFetchPolicy = .cacheAndServer
    ) -> ModelWatch<Response, APIError> {
        let client = self
        return ModelWatch {
            do throws(APIError) {
                return try client.watchSource(requestType: requestType, as: responseType, fetchPolicy: fetchPolicy)
            } catch {
                return FailingModelSource(error: error)
            }
        }
    }

    private func watchSource<Response: Sendable>(
        requestType: GraphQLRequest, as responseType: Response.Type, fetchPolicy: GraphQLWatchFetchPolicy
    ) throws(APIError) -> any ModelWatchSource<Response, APIError> {
        if let overridden = try overridden(requestType, as: responseType) {
            return OnceModelSource(value: overridden.value)
        }
        switch try route(for: requestType) {
        case .query(let route):
            return try querySource(route, of: requestType, as: responseType, fetchPolicy: fetchPolicy)
        case .subscription(let route):
            return try subscriptionSource(route, of: requestType, as: responseType)
        }
    }

    /// The models of a query's route, as the client cache changes them.
    private func querySource<Route: GraphQLQueryRouting, Response: Sendable>(
        _ route: Route, of request: GraphQLRequest, as responseType: Response.Type,
        fetchPolicy: GraphQLWatchFetchPolicy
    ) throws(APIError) -> any ModelWatchSource<Response, APIError> {
        try Self.checkModel(Route.Model.self, is: responseType, of: request)
        return GraphQLModelSource(
            results: client.watch(route.query, fetchPolicy: fetchPolicy, errorPolicy: errorPolicy).makeAsyncIterator(),
            adapt: { result throws(APIError) in try Self.model(route.adapt(result).value, as: responseType, of: request)
            }
        )
    }

    /// The models of a subscription's route: one per event.
    private func subscriptionSource<Route: GraphQLSubscriptionRouting, Response: Sendable>(
        _ route: Route, of request: GraphQLRequest, as responseType: Response.Type
    ) throws(APIError) -> any ModelWatchSource<Response, APIError> {
        try Self.checkModel(Route.Model.self, is: responseType, of: request)
        return GraphQLSubscriptionModelSource(
            events: client.subscribe(route.subscription, errorPolicy: errorPolicy).makeAsyncIterator(),
            adapt: { result throws(APIError) in try Self.model(route.adapt(result), as: responseType, of: request) })
    }

    /// Fails before anything is watched when the request's model is not the type asked for.
    private static func checkModel<Model, Response>(
        _ model: Model.Type, is responseType: Response.Type, of request: GraphQLRequest
    ) throws(APIError) {
        guard model == responseType else {
            throw .unexpectedResponseType(
                operation: request.operationName, expected: "\(Response.self)",
                actual: request.responseTypeDescription)
        }
    }
}
