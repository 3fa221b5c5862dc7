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
        requests.watch(requestType, as: responseType, fetchPolicy: fetchPolicy)
    }
}
