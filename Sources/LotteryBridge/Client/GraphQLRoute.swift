import GraphQLBridge

/// How a ``GraphQLRequest`` runs: its GraphQL operation and the adapter that makes its legacy model from the
/// operation's result, typed. ``GraphQLClient``'s one request table (`route(for:)`) gives it, and both
/// ``GraphQLClient/fetchResponse(requestType:as:fetchPolicy:)`` and ``GraphQLClient/watch(requestType:as:fetchPolicy:)``
/// run it.
enum GraphQLRoute: Sendable {
    /// A query: fetched once, or watched through the client cache.
    case query(any GraphQLQueryRouting)
    /// A subscription: each event is a model.
    case subscription(any GraphQLSubscriptionRouting)
}

/// A query and the adapter of its result.
protocol GraphQLQueryRouting: Sendable {
    /// The generated query.
    associatedtype Query: GraphQLQuery where Query.Data: Equatable
    /// The legacy model the adapter makes.
    associatedtype Model: Sendable
    /// The query, with the request's parameters as its variables.
    var query: Query { get }
    /// The legacy model of one of the query's results, with the result's warnings, size and source.
    func adapt(_ result: GraphQLResult<Query.Data>) throws(APIError) -> GraphQLBridgeResponse<Model>
}

/// A subscription and the adapter of its events.
protocol GraphQLSubscriptionRouting: Sendable {
    /// The generated subscription.
    associatedtype Subscription: GraphQLSubscription
    /// The legacy model the adapter makes of each event.
    associatedtype Model: Sendable
    /// The subscription, with the request's parameters as its variables.
    var subscription: Subscription { get }
    /// The legacy model of one event.
    func adapt(_ result: GraphQLResult<Subscription.Data>) throws(APIError) -> Model
}

/// A query's route: the query and its adapter.
struct GraphQLQueryRoute<Query: GraphQLQuery, Model: Sendable>: GraphQLQueryRouting where Query.Data: Equatable {
    let query: Query
    let adapter: @Sendable (GraphQLResult<Query.Data>) throws(APIError) -> GraphQLBridgeResponse<Model>

    func adapt(_ result: GraphQLResult<Query.Data>) throws(APIError) -> GraphQLBridgeResponse<Model> {
        try adapter(result)
    }
}

/// A subscription's route: the subscription and its adapter.
struct GraphQLSubscriptionRoute<Subscription: GraphQLSubscription, Model: Sendable>: GraphQLSubscriptionRouting {
    let subscription: Subscription
    let adapter: @Sendable (GraphQLResult<Subscription.Data>) throws(APIError) -> Model

    func adapt(_ result: GraphQLResult<Subscription.Data>) throws(APIError) -> Model {
        try adapter(result)
    }
}
