/// What a realtime server needs of an application's GraphQL service: preparing a streaming request (a subscription
/// and the topic whose events it listens to), and executing an event, or a query or mutation sent over a stream.
/// ``RealtimeHTTPHandler``, ``HTTPStreamSession`` and ``WebSocketSession`` do the rest.
package protocol RealtimeService: Sendable {
    /// A subscription ready to stream (the prepared operation and what it listens to).
    associatedtype Subscription: Sendable
    /// What the hub publishes (a changed object, the root value of a subscription's event).
    associatedtype Event: Sendable

    /// Prepares a request for a streaming transport: the spec's `CreateSourceEventStream` for a subscription.
    /// - Parameter caller: the request's bearer token, or `nil`.
    func prepareStream(query: String, operationName: String?, variables: [(String, JSONValue)]?, caller: String?)
        -> RealtimeStreamRequest<Subscription>

    /// The topic a subscription listens to (``RealtimeHub``'s events of that topic are delivered to it).
    func topic(of subscription: Subscription) -> String

    /// One event's execution result (`{"data": …}`, with `errors` when a field failed).
    func executeEvent(_ subscription: Subscription, event: Event) -> JSONValue

    /// A query's or a mutation's result, for a stream that gives it as one event.
    func executeOnce(_ prepared: GraphQLRequestPreparer.PreparedOperation, caller: String?) -> JSONValue
}
