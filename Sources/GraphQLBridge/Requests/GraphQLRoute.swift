/// How one of an app's requests runs: a generated operation, with the request's parameters as its variables, and
/// the adapter that makes the app's model of its result. An app's request table (the `routes` of a
/// ``GraphQLRequestClient``) gives one per request.
///
/// ```swift
/// GraphQLRoute.query(ProductQuery(id: id)) { result throws(APIError) in
///     guard let product = result.data?.product else {
///         throw .notFound(operation: ProductQuery.operationName, path: "product(id: \"\(id)\")")
///     }
///     return try APIError.adapting("data.product", operation: ProductQuery.operationName) {
///         () throws(GraphQLDecodingError) in try Product(graphQL: product)
///     }
/// }
/// ```
///
/// The adapter sees the whole result (its data, and its errors under ``GraphQLErrorPolicy/returnPartialData``); what
/// it returns is the model the request produces, and its type is what the client checks a caller's `Response`
/// against.
public struct GraphQLRoute: Sendable {
    /// What the route runs.
    enum Kind: Sendable {
        case query(any QueryRunning)
        case mutation(any MutationRunning)
        case subscription(any SubscriptionRunning)
    }

    let kind: Kind

    /// The operation's name (`"Product"`).
    public var operationName: String {
        switch kind {
        case .query(let route): return route.operationName
        case .mutation(let route): return route.operationName
        case .subscription(let route): return route.operationName
        }
    }

    /// The Swift type of the model the route's adapter makes.
    public var modelType: any Sendable.Type {
        switch kind {
        case .query(let route): return route.modelType
        case .mutation(let route): return route.modelType
        case .subscription(let route): return route.modelType
        }
    }

    /// A query and the adapter of its result: fetched once (as the fetch policy says), or watched through the cache.
    public static func query<Query: GraphQLQuery, Model: Sendable>(
        _ query: Query, adapt: @escaping @Sendable (GraphQLResult<Query.Data>) throws(APIError) -> Model
    ) -> GraphQLRoute where Query.Data: Equatable {
        GraphQLRoute(kind: .query(QueryRoute(query: query, adapter: adapt)))
    }

    /// A mutation and the adapter of its result: always run at the server, its answer merged into the cache.
    public static func mutation<Mutation: GraphQLMutation, Model: Sendable>(
        _ mutation: Mutation, adapt: @escaping @Sendable (GraphQLResult<Mutation.Data>) throws(APIError) -> Model
    ) -> GraphQLRoute {
        let execute: MutationRoute<Mutation, Model>.Execute = { client, errorPolicy throws(APIError) in
            try await client.execute(mutation, errorPolicy: errorPolicy)
        }
        return GraphQLRoute(kind: .mutation(MutationRoute<Mutation, Model>(execute: execute, adapter: adapt)))
    }

    /// A mutation whose expected result is shown at once: with a cache, `optimisticData` is given to the cache's
    /// watchers before the request, then replaced by the server's answer, or rolled back if the mutation fails
    /// (``GraphQLHTTPClient/execute(_:optimisticData:errorPolicy:)``); `nil` (the cache does not hold what the
    /// expected result is made of) runs it as ``mutation(_:adapt:)`` does.
    public static func mutation<Mutation: GraphQLMutation, Model: Sendable>(
        _ mutation: Mutation, optimisticData: Mutation.Data?,
        adapt: @escaping @Sendable (GraphQLResult<Mutation.Data>) throws(APIError) -> Model
    ) -> GraphQLRoute where Mutation.Data: Encodable {
        let execute: MutationRoute<Mutation, Model>.Execute = { client, errorPolicy throws(APIError) in
            guard let optimisticData, client.cache != nil else {
                return try await client.execute(mutation, errorPolicy: errorPolicy)
            }
            return try await client.execute(mutation, optimisticData: optimisticData, errorPolicy: errorPolicy)
        }
        return GraphQLRoute(kind: .mutation(MutationRoute<Mutation, Model>(execute: execute, adapter: adapt)))
    }

    /// A subscription and the adapter of each event: a model per event (watch it; a fetch refuses it).
    public static func subscription<Subscription: GraphQLSubscription, Model: Sendable>(
        _ subscription: Subscription,
        adapt: @escaping @Sendable (GraphQLResult<Subscription.Data>) throws(APIError) -> Model
    ) -> GraphQLRoute {
        GraphQLRoute(kind: .subscription(SubscriptionRoute(subscription: subscription, adapter: adapt)))
    }
}

/// A query's route, its types erased for the request table.
protocol QueryRunning: Sendable {
    associatedtype Query: GraphQLQuery where Query.Data: Equatable
    associatedtype Model: Sendable
    var query: Query { get }
    func adapt(_ result: GraphQLResult<Query.Data>) throws(APIError) -> Model
}

extension QueryRunning {
    var operationName: String { Query.operationName }
    var modelType: any Sendable.Type { Model.self }
}

/// A mutation's route, its types erased for the request table.
protocol MutationRunning: Sendable {
    associatedtype Mutation: GraphQLMutation
    associatedtype Model: Sendable
    /// Runs the mutation (optimistically when its route says so).
    func execute(_ client: GraphQLHTTPClient, errorPolicy: GraphQLErrorPolicy) async throws(APIError)
        -> GraphQLResult<Mutation.Data>
    func adapt(_ result: GraphQLResult<Mutation.Data>) throws(APIError) -> Model
}

extension MutationRunning {
    var operationName: String { Mutation.operationName }
    var modelType: any Sendable.Type { Model.self }
}

/// A subscription's route, its types erased for the request table.
protocol SubscriptionRunning: Sendable {
    associatedtype Subscription: GraphQLSubscription
    associatedtype Model: Sendable
    var subscription: Subscription { get }
    func adapt(_ result: GraphQLResult<Subscription.Data>) throws(APIError) -> Model
}

extension SubscriptionRunning {
    var operationName: String { Subscription.operationName }
    var modelType: any Sendable.Type { Model.self }
}

struct QueryRoute<Query: GraphQLQuery, Model: Sendable>: QueryRunning where Query.Data: Equatable {
    let query: Query
    let adapter: @Sendable (GraphQLResult<Query.Data>) throws(APIError) -> Model
    func adapt(_ result: GraphQLResult<Query.Data>) throws(APIError) -> Model { try adapter(result) }
}

struct MutationRoute<Mutation: GraphQLMutation, Model: Sendable>: MutationRunning {
    typealias Execute =
        @Sendable (GraphQLHTTPClient, GraphQLErrorPolicy) async throws(APIError) -> GraphQLResult<
            Mutation.Data
        >
    let execute: Execute
    let adapter: @Sendable (GraphQLResult<Mutation.Data>) throws(APIError) -> Model

    func execute(_ client: GraphQLHTTPClient, errorPolicy: GraphQLErrorPolicy) async throws(APIError)
        -> GraphQLResult<Mutation.Data>
    {
        try await execute(client, errorPolicy)
    }
    func adapt(_ result: GraphQLResult<Mutation.Data>) throws(APIError) -> Model { try adapter(result) }
}

struct SubscriptionRoute<Subscription: GraphQLSubscription, Model: Sendable>: SubscriptionRunning {
    let subscription: Subscription
    let adapter: @Sendable (GraphQLResult<Subscription.Data>) throws(APIError) -> Model
    func adapt(_ result: GraphQLResult<Subscription.Data>) throws(APIError) -> Model { try adapter(result) }
}
