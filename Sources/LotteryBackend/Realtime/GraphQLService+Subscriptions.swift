import GraphQLServer

extension GraphQLService {
    /// What a request turned out to be, for a streaming transport.
    enum StreamRequest: Sendable {
        /// A subscription, ready to stream.
        case subscription(PreparedSubscription)
        /// A query or a mutation (served as a single result).
        case operation(GraphQLService.PreparedOperation)
        /// A request error (syntax, validation, variables, an unusable root field argument).
        case failure(GraphQLOutcome)
    }

    /// Prepares a request for a streaming transport: the spec's `CreateSourceEventStream` for a subscription (its
    /// one root field, `drawUpdated`, and its coerced `gameId`).
    func prepareStream(
        query: String, operationName: String?, variables: [(String, JSONValue)]?, caller: String?
    ) -> StreamRequest {
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

    /// One event's execution result: the subscription's selection set executed on the draw that changed
    /// (`{"data": …}`, with `errors` when a field failed).
    func executeEvent(_ subscription: PreparedSubscription, draw: DataSetDraw) -> JSONValue {
        var executor = makeExecutor(subscription.operation, caller: subscription.caller)
        let data = executor.execute(subscription.operation.operation.selectionSet, root: .subscription(draw))
        return Self.result(data: data, errors: executor.errors)
    }

    /// A query's or a mutation's result, for a stream that gives it as one event.
    func executeOnce(_ prepared: PreparedOperation, caller: String?) -> JSONValue {
        var executor = makeExecutor(prepared, caller: caller)
        let data = executor.execute(
            prepared.operation.selectionSet, root: prepared.operation.operation == .mutation ? .mutation : .query)
        return Self.result(data: data, errors: executor.errors)
    }

    private static func result(data: JSONValue, errors: [GraphQLResponseError]) -> JSONValue {
        var members: [(String, JSONValue)] = []
        if !errors.isEmpty { members.append(("errors", .array(errors.map(\.json)))) }
        members.append(("data", data))
        return .object(members)
    }
}
