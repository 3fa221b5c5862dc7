import GraphQLServer

/// The lottery's subscriptions for `GraphQLServer`'s realtime transports: `drawUpdated(gameId:)`, whose events are
/// the draws the clock changes.
extension GraphQLService: RealtimeService {
    /// Prepares a request for a streaming transport: the spec's `CreateSourceEventStream` for a subscription (its
    /// one root field, `drawUpdated`, and its coerced `gameId`).
    func prepareStream(
        query: String, operationName: String?, variables: [(String, JSONValue)]?, caller: String?
    ) -> RealtimeStreamRequest<PreparedSubscription> {
        let prepared: PreparedOperation
        switch preparer.prepare(query: query, operationName: operationName, variables: variables) {
        case .ready(let operation): prepared = operation
        case .failed(let outcome): return .failure(outcome)
        }
        guard prepared.operation.operation == .subscription else { return .operation(prepared) }
        let executor = makeExecutor(prepared, caller: caller)
        do {
            guard let root = try executor.subscriptionRootField(prepared.operation.selectionSet),
                root.name == "drawUpdated", case .string(let gameId)? = root.arguments["gameId"]
            else {
                return .failure(
                    .requestError([
                        GraphQLResponseError(
                            "The subscription's root field has no source stream: subscribe to drawUpdated(gameId:).",
                            locations: [prepared.operation.location])
                    ]))
            }
            return .subscription(PreparedSubscription(operation: prepared, gameId: gameId, caller: caller))
        } catch {
            return .failure(
                .requestError([GraphQLResponseError(error.message, locations: [prepared.operation.location])]))
        }
    }

    /// A subscription's topic: its game (``RealtimeHub``'s draws are published by their `gameId`).
    func topic(of subscription: PreparedSubscription) -> String { subscription.gameId }

    /// One event's execution result: the subscription's selection set executed on the draw that changed
    /// (`{"data": …}`, with `errors` when a field failed).
    func executeEvent(_ subscription: PreparedSubscription, event draw: DataSetDraw) -> JSONValue {
        var executor = makeExecutor(subscription.operation, caller: subscription.caller)
        return executor.result(subscription.operation.operation.selectionSet, root: .subscription(draw))
    }

    /// A query's or a mutation's result, for a stream that gives it as one event.
    func executeOnce(_ prepared: PreparedOperation, caller: String?) -> JSONValue {
        var executor = makeExecutor(prepared, caller: caller)
        return executor.result(
            prepared.operation.selectionSet, root: prepared.operation.operation == .mutation ? .mutation : .query)
    }
}
