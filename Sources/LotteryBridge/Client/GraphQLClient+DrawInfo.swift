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

    /// The legacy models of a `Draws` query's result: the page asked for (REST's `limit`/`before` page).
    ///
    /// `draws` has a list policy (`graphql-codegen.json`): the pages of a game's archive are one list in the cache,
    /// which starts with a first page and has no hole (its `continuationField`), and a read of any page from the cache
    /// gives that whole list. The server's answer is the page itself (at most `last` draws), which a fetch asks for
    /// (``GraphQLClient/fetchPolicy(for:asked:)``). From the cache (a watch, ``GraphQLFetchPolicy/cacheOnly``, the
    /// offline fallback of ``GraphQLFetchPolicy/serverFirst``), the page is cut from the list: for the first page,
    /// its first `last` draws (all it holds when it holds fewer: the whole archive, or a first page loaded with a
    /// smaller size); for a later page, the `last` draws after the one numbered `before`, and
    /// ``APIError/cacheMiss(operation:path:)`` when the list does not hold them all (that draw is not in it, or fewer
    /// than `last` follow it: the end of the archive and pages not loaded look the same).
    static func drawsResponse(_ result: GraphQLResult<DrawsQuery.Data>, gameId: String, last: Int, before: Int64?)
        throws(APIError) -> [DrawInfo]
    {
        let list = result.data?.draws ?? []
        let draws: ArraySlice<DrawDetails>
        if result.source == .server {
            draws = list.prefix(max(0, last))
        } else if let before {
            guard let index = list.firstIndex(where: { $0.number == before }), list.count - index - 1 >= last else {
                throw .cacheMiss(
                    operation: DrawsQuery.operationName,
                    path: "draws(gameId: \"\(gameId)\", last: \(last), before: \(before))")
            }
            draws = list[(index + 1)...].prefix(last)
        } else {
            draws = list.prefix(max(0, last))
        }
        var models: [DrawInfo] = []
        models.reserveCapacity(draws.count)
        for (index, draw) in draws.enumerated() {
            models.append(
                try APIError.adapting("data.draws[\(index + draws.startIndex)]", operation: DrawsQuery.operationName) {
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
