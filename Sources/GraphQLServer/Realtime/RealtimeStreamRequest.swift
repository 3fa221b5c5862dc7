/// What a request turned out to be, for a streaming transport (``RealtimeService/prepareStream(query:operationName:variables:caller:)``).
package enum RealtimeStreamRequest<Subscription: Sendable>: Sendable {
    /// A subscription, ready to stream.
    case subscription(Subscription)
    /// A query or a mutation (served as a single result).
    case operation(GraphQLRequestPreparer.PreparedOperation)
    /// A request error (syntax, validation, variables, an unusable root field argument).
    case failure(GraphQLOutcome)
}
