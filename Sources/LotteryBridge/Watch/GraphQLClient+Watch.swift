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
        let runtime = self.client
        let errorPolicy = self.errorPolicy
        func source<Query: GraphQLQuery, Model: Sendable>(
            _ query: Query, _ adapt: @escaping @Sendable (GraphQLResult<Query.Data>) throws(APIError) -> Model
        ) -> any ModelWatchSource<Model, APIError> where Query.Data: Equatable {
            GraphQLModelSource(
                results: runtime.watch(query, fetchPolicy: fetchPolicy, errorPolicy: errorPolicy).makeAsyncIterator(),
                adapt: adapt)
        }
        let erased: any Sendable
        switch requestType {
        case .gameInfo(let gameId):
            erased = source(GameQuery(id: gameId)) { [self] result throws(APIError) in
                try gameInfoResponse(result, gameId: gameId).value
            }
        case .games(let type, let activeOnly):
            erased = source(try gamesQuery(type: type, activeOnly: activeOnly)) { [self] result throws(APIError) in
                try gamesResponse(result).value
            }
        case .draws(let gameId, let last, let before):
            let query = DrawsQuery(gameId: gameId, last: .some(last), before: GraphQLNullable(before))
            erased = source(query) { [self] result throws(APIError) in try drawsResponse(result).value }
        case .drawInfo(let gameId, let number):
            erased = source(DrawQuery(gameId: gameId, number: number)) { [self] result throws(APIError) in
                try drawInfoResponse(result, gameId: gameId, number: number).value
            }
        case .image(let id):
            guard let id else { throw .notFound(operation: ImageQuery.operationName, path: "image(id: nil)") }
            erased = source(ImageQuery(id: id)) { [self] result throws(APIError) in
                try imageResponse(result, id: id).value
            }
        case .drawUpdates(let gameId):
            erased = GraphQLSubscriptionModelSource(
                events: runtime.subscribe(DrawUpdatedSubscription(gameId: gameId), errorPolicy: errorPolicy)
                    .makeAsyncIterator(),
                adapt: { [self] result throws(APIError) in try drawUpdateResponse(result) })
        }
        guard let typed = erased as? any ModelWatchSource<Response, APIError> else {
            throw .unexpectedResponseType(
                operation: requestType.operationName, expected: "\(Response.self)",
                actual: requestType.responseTypeDescription)
        }
        return typed
    }
}
