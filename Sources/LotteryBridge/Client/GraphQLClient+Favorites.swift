import GraphQLBridge
import LegacyModels
import LotteryAPI

extension GraphQLClient {
    /// Marks (`favorite: true`) or unmarks the game as a favourite of the caller (the owner of the bearer token)
    /// with the `SetFavorite` mutation, and returns the game as it is now, as the legacy `GameInfo`.
    ///
    /// Idempotent, like REST's `PUT`/`DELETE .../favorite`. Mutation results are never served from a cache.
    /// With a cache that holds the game, the write is optimistic: watchers (``watch(requestType:as:fetchPolicy:)``)
    /// see the new flag at once, then the server's game, or the old flag again if the mutation fails.
    /// - Throws: ``APIError``; an unknown game is ``APIError/graphQL(operation:status:errors:)`` (the server's
    ///   field error, `data` being `null`), or ``APIError/notFound(operation:path:)`` when the server sends
    ///   `null` data without an error.
    public func setFavorite(gameId: String, favorite: Bool) async throws(APIError) -> GameInfo {
        try await setFavoriteResponse(gameId: gameId, favorite: favorite).value
    }

    /// Completion-handler form of ``setFavorite(gameId:favorite:)``: `completion` is called exactly once, on an
    /// arbitrary thread.
    /// - Returns: the task doing the work; cancel it to cancel the request.
    @discardableResult
    public func setFavorite(
        gameId: String, favorite: Bool, completion: @escaping @Sendable (QLRequestResult<GameInfo>) -> Void
    ) -> Task<Void, Never> {
        Task {
            do throws(APIError) {
                completion(.success(try await setFavorite(gameId: gameId, favorite: favorite)))
            } catch {
                completion(.failure(error))
            }
        }
    }

    /// The game as the client cache has it (stale or not), without a request; `nil` without a cache or on a miss.
    private func cachedGame(_ gameId: String) async -> GameDetails? {
        guard client.cache != nil else { return nil }
        return try? await client.execute(GameQuery(id: gameId), fetchPolicy: .cacheOnly, errorPolicy: errorPolicy)
            .data?.game
    }

    /// ``setFavorite(gameId:favorite:)`` with the response's warnings and size.
    public func setFavoriteResponse(gameId: String, favorite: Bool) async throws(APIError)
        -> GraphQLBridgeResponse<GameInfo>
    {
        let operation = SetFavoriteMutation(gameId: gameId, favorite: favorite)
        let result: GraphQLResult<SetFavoriteMutation.Data>
        if let cached = await cachedGame(gameId) {
            // Optimistic: every watcher of this game sees the new flag at once; the server's answer replaces it,
            // or it is rolled back when the mutation fails.
            result = try await client.execute(
                operation, optimisticData: SetFavoriteMutation.Data(setFavorite: cached.with(isFavorite: favorite)),
                errorPolicy: errorPolicy)
        } else {
            result = try await execute(operation)
        }
        guard let game = result.data?.setFavorite else {
            if !result.errors.isEmpty {
                throw .graphQL(
                    operation: SetFavoriteMutation.operationName, status: result.httpResponse.status,
                    errors: result.errors)
            }
            throw .notFound(
                operation: SetFavoriteMutation.operationName, path: "setFavorite(gameId: \"\(gameId)\")")
        }
        let model = try APIError.adapting("data.setFavorite", operation: SetFavoriteMutation.operationName) {
            () throws(GraphQLDecodingError) in try GameInfo(graphQL: game)
        }
        return GraphQLBridgeResponse(value: model, warnings: result.errors, byteCount: result.byteCount)
    }
}
