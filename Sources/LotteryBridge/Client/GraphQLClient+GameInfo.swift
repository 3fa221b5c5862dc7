import GraphQLBridge
import LegacyModels
import LotteryAPI

extension GraphQLClient {
    /// One game as the legacy `GameInfo`; ``APIError/notFound(operation:path:)`` when there is no such game.
    public func gameInfo(gameId: String) async throws(APIError) -> GameInfo {
        try await fetch(requestType: .gameInfo(gameId: gameId))
    }

    /// Games as legacy `GameInfo`s, ordered by id.
    public func games(type: LegacyModels.GameType? = nil, activeOnly: Bool = true) async throws(APIError) -> [GameInfo]
    {
        try await fetch(requestType: .games(type: type, activeOnly: activeOnly))
    }

    /// The legacy model of a `Game` query's result.
    static func gameInfoResponse(_ result: GraphQLResult<GameQuery.Data>, gameId: String) throws(APIError) -> GameInfo {
        guard let game = result.data?.game else {
            throw .notFound(operation: GameQuery.operationName, path: "game(id: \"\(gameId)\")")
        }
        let model = try APIError.adapting("data.game", operation: GameQuery.operationName) {
            () throws(GraphQLDecodingError) in
            try GameInfo(graphQL: game)
        }
        return model
    }

    /// The `Games` query of a legacy filter.
    static func gamesQuery(type: LegacyModels.GameType?, activeOnly: Bool) throws(APIError) -> GamesQuery {
        let filter: GraphQLNullable<LotteryAPI.GameType>
        if let type {
            guard let graphQLType = LotteryAPI.GameType(legacy: type) else {
                throw .encoding(
                    operation: GamesQuery.operationName,
                    reason: "GameType.unknown cannot be used as a filter: pass a known type or nil for all types")
            }
            filter = .some(graphQLType)
        } else {
            filter = .none
        }
        return GamesQuery(type: filter, activeOnly: .some(activeOnly))
    }

    /// The legacy models of a `Games` query's result.
    static func gamesResponse(_ result: GraphQLResult<GamesQuery.Data>) throws(APIError) -> [GameInfo] {
        let games = result.data?.games ?? []
        var models: [GameInfo] = []
        models.reserveCapacity(games.count)
        for (index, game) in games.enumerated() {
            models.append(
                try APIError.adapting("data.games[\(index)]", operation: GamesQuery.operationName) {
                    () throws(GraphQLDecodingError) in try GameInfo(graphQL: game)
                })
        }
        return models
    }
}
