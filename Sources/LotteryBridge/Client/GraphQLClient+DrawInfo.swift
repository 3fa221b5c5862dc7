import GraphQLBridge
import LegacyModels
import LotteryAPI

extension GraphQLClient {
    /// A game's draws as legacy `DrawInfo`s, newest first.
    public func draws(gameId: String, last: Int = 10, before: Int64? = nil) async throws(APIError) -> [DrawInfo] {
        try await fetch(requestType: .draws(gameId: gameId, last: last, before: before))
    }

    /// One draw as the legacy `DrawInfo`; ``APIError/notFound(operation:path:)`` when there is no such draw.
    public func drawInfo(gameId: String, number: Int64) async throws(APIError) -> DrawInfo {
        try await fetch(requestType: .drawInfo(gameId: gameId, number: number))
    }

    /// One draw as the legacy `DrawInfo`, through the draw screen's query (its prize categories deferred);
    /// ``APIError/notFound(operation:path:)`` when there is no such draw.
    public func drawScreen(gameId: String, number: Int64) async throws(APIError) -> DrawInfo {
        try await fetch(requestType: .drawScreen(gameId: gameId, number: number))
    }

    /// The legacy model of a `DrawScreen` query's complete result.
    static func drawScreenResponse(_ result: GraphQLResult<DrawScreenQuery.Data>, gameId: String, number: Int64)
        throws(APIError) -> DrawInfo
    {
        guard let draw = result.data?.draw else {
            throw .notFound(
                operation: DrawScreenQuery.operationName, path: "draw(gameId: \"\(gameId)\", number: \(number))")
        }
        return try APIError.adapting("data.draw", operation: DrawScreenQuery.operationName) {
            () throws(GraphQLDecodingError) in
            try DrawInfo(graphQL: draw)
        }
    }

    /// The legacy models of a `Draws` query's result.
    static func drawsResponse(_ result: GraphQLResult<DrawsQuery.Data>) throws(APIError) -> [DrawInfo] {
        let draws = result.data?.draws ?? []
        var models: [DrawInfo] = []
        models.reserveCapacity(draws.count)
        for (index, draw) in draws.enumerated() {
            models.append(
                try APIError.adapting("data.draws[\(index)]", operation: DrawsQuery.operationName) {
                    () throws(GraphQLDecodingError) in try DrawInfo(graphQL: draw)
                })
        }
        return models
    }

    /// The legacy model of a `Draw` query's result.
    static func drawInfoResponse(_ result: GraphQLResult<DrawQuery.Data>, gameId: String, number: Int64)
        throws(APIError) -> DrawInfo
    {
        guard let draw = result.data?.draw else {
            throw .notFound(
                operation: DrawQuery.operationName, path: "draw(gameId: \"\(gameId)\", number: \(number))")
        }
        let model = try APIError.adapting("data.draw", operation: DrawQuery.operationName) {
            () throws(GraphQLDecodingError) in
            try DrawInfo(graphQL: draw)
        }
        return model
    }
}
