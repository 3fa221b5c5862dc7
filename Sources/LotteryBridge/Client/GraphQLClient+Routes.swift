import GraphQLBridge
import LegacyModels
import LotteryAPI

extension GraphQLClient {
    /// The request table: each ``GraphQLRequest``'s operation, with the request's parameters as its variables, and
    /// the adapter of its result (the library's `GraphQLRequestClient` runs it for fetch and watch alike).
    /// - Throws: ``APIError/notFound(operation:path:)`` for `.image(nil)` (nothing to ask);
    ///   ``APIError/encoding(operation:reason:)`` for a filter GraphQL cannot express.
    static func route(for request: GraphQLRequest) throws(APIError) -> GraphQLRoute {
        switch request {
        case .gameInfo(let gameId):
            return .query(GameQuery(id: gameId)) { result throws(APIError) in
                try gameInfoResponse(result, gameId: gameId)
            }
        case .games(let type, let activeOnly):
            return .query(try gamesQuery(type: type, activeOnly: activeOnly)) { result throws(APIError) in
                try gamesResponse(result)
            }
        case .draws(let gameId, let last, let before):
            let query = DrawsQuery(gameId: gameId, last: .some(last), before: GraphQLNullable(before))
            return .query(query) { result throws(APIError) in
                try drawsResponse(result, gameId: gameId, last: last, before: before)
            }
        case .drawInfo(let gameId, let number):
            return .query(DrawQuery(gameId: gameId, number: number)) { result throws(APIError) in
                try drawInfoResponse(result, gameId: gameId, number: number)
            }
        case .drawScreen(let gameId, let number):
            return .query(DrawScreenQuery(gameId: gameId, number: number)) { result throws(APIError) in
                try drawScreenResponse(result, gameId: gameId, number: number)
            }
        case .image(let id):
            guard let id else { throw .notFound(operation: ImageQuery.operationName, path: "image(id: nil)") }
            return .query(ImageQuery(id: id)) { result throws(APIError) in try imageResponse(result, id: id) }
        case .drawUpdates(let gameId):
            return .subscription(DrawUpdatedSubscription(gameId: gameId)) { result throws(APIError) in
                try drawUpdateResponse(result)
            }
        }
    }
}
