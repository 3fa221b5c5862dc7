import Foundation

extension GraphQLHTTPClient {
    /// The one place where a subscription event enters the cache (one function, so that the cache's write path can
    /// be changed here alone).
    ///
    /// The event is written through the same path as a server result (``store(_:in:metadata:variables:rootKey:queryKey:replacingLayer:)``,
    /// then `GraphQLCache.write`): its objects are merged into their records (`Draw:6x45-12345`), which signals the
    /// watchers that read them. The subscription's root field is not kept as a root record (an event is not the
    /// answer to a query): the root key is the one whose root fields the write path drops
    /// (`GraphQLCache.mutationRootKey`, as for mutations).
    func writeSubscriptionEvent<Data: Sendable>(
        _ result: GraphQLResult<Data>, payload: Foundation.Data, metadata: GraphQLCacheMetadata,
        variables: [String: JSONValue], in cache: GraphQLCache
    ) async {
        await store(
            (result, payload), in: cache, metadata: metadata, variables: variables,
            rootKey: GraphQLCache.mutationRootKey)
    }
}
