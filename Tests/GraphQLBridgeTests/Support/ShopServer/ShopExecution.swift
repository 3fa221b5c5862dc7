import GraphQLParser
import GraphQLServer

/// How ``ShopServer`` runs a request: prepared against ShopAPI's schema, executed by `GraphQLServer`'s executor with
/// ``ShopResolvers`` (with `Long` written as strings when asked), and for a streaming transport, a subscription's
/// source (`offerUpdated`'s product) and each event's result (the ``RealtimeService`` of `GraphQLServer`'s realtime
/// transports).
struct ShopExecution: RealtimeService {
    let preparer: GraphQLRequestPreparer
    let resolvers: ShopResolvers
    let longAsString: Bool

    /// A subscription ready to stream: the operation and the product whose offers it listens to.
    struct Subscription: Sendable {
        let operation: GraphQLRequestPreparer.PreparedOperation
        let productId: String
    }

    /// An executor for a prepared operation.
    func makeExecutor(_ prepared: GraphQLRequestPreparer.PreparedOperation) -> GraphQLExecutor<ShopResolvers> {
        GraphQLExecutor(
            schema: prepared.schema, resolvers: resolvers, integerScalarsAsStrings: longAsString ? ["Long"] : [],
            fragments: prepared.fragments, variables: prepared.variables)
    }

    /// Prepares a request for a streaming transport: a subscription's one root field, `offerUpdated`, and its
    /// coerced `productId`. The shop has no per-caller data: `caller` is not used.
    func prepareStream(query: String, operationName: String?, variables: [(String, JSONValue)]?, caller: String?)
        -> RealtimeStreamRequest<Subscription>
    {
        let prepared: GraphQLRequestPreparer.PreparedOperation
        switch preparer.prepare(query: query, operationName: operationName, variables: variables) {
        case .ready(let operation): prepared = operation
        case .failed(let outcome): return .failure(outcome)
        }
        guard prepared.operation.operation == .subscription else { return .operation(prepared) }
        do {
            guard let root = try makeExecutor(prepared).subscriptionRootField(prepared.operation.selectionSet),
                root.name == "offerUpdated", case .string(let productId)? = root.arguments["productId"]
            else {
                return .failure(
                    .requestError([
                        GraphQLResponseError(
                            "The subscription's root field has no source stream: subscribe to offerUpdated(productId:).",
                            locations: [prepared.operation.location])
                    ]))
            }
            return .subscription(Subscription(operation: prepared, productId: productId))
        } catch {
            return .failure(
                .requestError([GraphQLResponseError(error.message, locations: [prepared.operation.location])]))
        }
    }

    /// A subscription's topic: its product (offers are published by their `productId`).
    func topic(of subscription: Subscription) -> String { subscription.productId }

    /// One event's result: the subscription's selection set executed on the offer that changed.
    func executeEvent(_ subscription: Subscription, event offer: ShopCatalog.Offer) -> JSONValue {
        var executor = makeExecutor(subscription.operation)
        return executor.result(subscription.operation.operation.selectionSet, root: .subscription(offer))
    }

    /// A query's or a mutation's result, for a stream that gives it as one event.
    func executeOnce(_ prepared: GraphQLRequestPreparer.PreparedOperation, caller: String?) -> JSONValue {
        var executor = makeExecutor(prepared)
        return executor.result(
            prepared.operation.selectionSet, root: prepared.operation.operation == .mutation ? .mutation : .query)
    }
}
