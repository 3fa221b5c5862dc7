import Foundation

extension GraphQLHTTPClient {
    /// The one place where a subscription event enters the cache (one function, so that the cache's write path can
    /// be changed here alone).
    ///
    /// The event is written through the same path as a server result (`store`, then `GraphQLCache.write`): the body
    /// read once (`tape`: recorded by the decoder as it read the event), its objects merged into their records (`Draw:6x45-12345`), which signals the watchers that read
    /// them. The subscription's root field is not kept (an event is not the answer to a query): it goes under
    /// ``CacheKey/subscriptionRoot``, whose root fields the write path drops, as a mutation's. An event is newer than
    /// anything the cache holds: it is written over it (no request generation to check).
    func writeSubscriptionEvent<Data: Sendable>(
        _ result: GraphQLResult<Data>, payload: Foundation.Data, tape: JSONTape? = nil, metadata: GraphQLCacheMetadata,
        variables: [String: JSONValue], in cache: GraphQLCache
    ) async {
        await store(
            Fetched(result: result, body: payload, tape: tape), in: cache, metadata: metadata,
            variables: metadata.coercedVariables(variables), rootKey: CacheKey.subscriptionRoot)
    }
}
