import GraphQLBridge
import LegacyModels
import LotteryAPI

extension GraphQLClient {
    /// The request table: each ``GraphQLRequest``'s operation, with the request's parameters as its variables, and
    /// the adapter of its result. Fetch and watch both run what it gives.
    /// - Throws: ``APIError/notFound(operation:path:)`` for `.image(nil)` (nothing to ask);
    ///   ``APIError/encoding(operation:reason:)`` for a filter GraphQL cannot express.
    func route(for request: GraphQLRequest) throws(APIError) -> GraphQLRoute {
        switch request {
        case .gameInfo(let gameId):
            return .query(
                GraphQLQueryRoute(query: GameQuery(id: gameId)) { [self] result throws(APIError) in
                    try gameInfoResponse(result, gameId: gameId)
                })
        case .games(let type, let activeOnly):
            return .query(
                GraphQLQueryRoute(query: try gamesQuery(type: type, activeOnly: activeOnly)) {
                    [self] result throws(APIError) in try gamesResponse(result)
                })
        case .draws(let gameId, let last, let before):
            let query = DrawsQuery(gameId: gameId, last: .some(last), before: GraphQLNullable(before))
            return .query(
                GraphQLQueryRoute(query: query) { [self] result throws(APIError) in try drawsResponse(result) })
        case .drawInfo(let gameId, let number):
            return .query(
                GraphQLQueryRoute(query: DrawQuery(gameId: gameId, number: number)) { [self] result throws(APIError) in
                    try drawInfoResponse(result, gameId: gameId, number: number)
                })
        case .image(let id):
            guard let id else { throw .notFound(operation: ImageQuery.operationName, path: "image(id: nil)") }
            return .query(
                GraphQLQueryRoute(query: ImageQuery(id: id)) { [self] result throws(APIError) in
                    try imageResponse(result, id: id)
                })
        case .drawUpdates(let gameId):
            return .subscription(
                GraphQLSubscriptionRoute(subscription: DrawUpdatedSubscription(gameId: gameId)) {
                    [self] result throws(APIError) in try drawUpdateResponse(result)
                })
        }
    }

    /// `model` as the type the caller asked for.
    /// - Throws: ``APIError/unexpectedResponseType(operation:expected:actual:)`` when the request produces another
    ///   type.
    static func model<Model, Response>(_ model: Model, as responseType: Response.Type, of request: GraphQLRequest)
        throws(APIError) -> Response
    {
        guard let value = model as? Response else {
            throw .unexpectedResponseType(
                operation: request.operationName, expected: "\(Response.self)",
                actual: request.responseTypeDescription)
        }
        return value
    }
}
