import Foundation

extension GraphQLHTTPClient {
    /// The one place where a subscription event enters the cache (one function, so that the cache's write path can
    /// be changed here alone).
    ///
    /// The event is written through the same path as a server result (`store`, then `GraphQLCache.write`): the body
    /// read once (`tape`: recorded by the decoder as it read the event), its objects merged into their records (`Draw:6x45-12345`), which signals the watchers that read
    /// them. The subscription's root field is not kept (an event is not the answer to a query): it goes under
    /// ``CacheKey/subscriptionRoot``, whose root fields the write path drops, as a mutation's. An event is newer than
    /// anything the cache holds: it is written over it (no request generation to check). An event with data and
    /// errors is written as a mutation's answer is (the errors' `null`s missing), whatever the error policy then makes
    /// of it; one whose data does not decode makes the stored fields it carries with other values stale.
    func writeSubscriptionEvent<Data: Sendable>(
        _ event: Fetched<Data>, metadata: GraphQLCacheMetadata, variables: [String: JSONValue], in cache: GraphQLCache
    ) async {
        await store(
            event, in: cache, metadata: metadata, variables: metadata.coercedVariables(variables),
            rootKey: CacheKey.subscriptionRoot)
    }

    /// A subscription event decoded for the cache: its partial data kept whatever `errorPolicy` (the error it makes
    /// of the event is the event's ``Fetched/failure``), the payload's tape recorded as the decoder reads it.
    static func decodeEvent<Subscription: GraphQLSubscription>(
        _ type: Subscription.Type, payload: Foundation.Data, errorPolicy: GraphQLErrorPolicy
    ) -> Fetched<Subscription.Data> {
        let response = HTTPResponse(status: 200)
        var tape: JSONTape?
        do throws(APIError) {
            let result = try GraphQLResponseDecoder.decode(
                Subscription.Data.self, operation: Subscription.operationName, response: response, body: payload,
                errorPolicy: .returnPartialData, recordingTape: true, tape: &tape)
            var failure: APIError?
            if errorPolicy == .failOnAnyError, !result.errors.isEmpty {
                failure = .graphQL(
                    operation: Subscription.operationName, status: response.status, errors: result.errors)
            }
            return Fetched(result: result, body: payload, tape: tape, failure: failure)
        } catch {
            return Fetched(
                result: GraphQLResult(data: nil, httpResponse: response, byteCount: payload.count), body: payload,
                failure: error)
        }
    }
}
