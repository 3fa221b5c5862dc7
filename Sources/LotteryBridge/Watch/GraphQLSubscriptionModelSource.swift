import GraphQLBridge

/// Models adapted from a subscription's events (`.drawUpdates`).
struct GraphQLSubscriptionModelSource<Subscription: GraphQLSubscription, Model: Sendable>: ModelWatchSource {
    var events: GraphQLSubscriptionSequence<Subscription>.Iterator
    let adapt: @Sendable (GraphQLResult<Subscription.Data>) throws(APIError) -> Model

    mutating func nextModel() async throws(APIError) -> Model? {
        guard let event = try await events.next() else { return nil }
        return try adapt(event)
    }
}
