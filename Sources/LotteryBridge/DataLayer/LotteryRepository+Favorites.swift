import GraphQLBridge
import GraphQLMigration
import LegacyModels

extension LotteryRepository {
    /// Marks (`favorite: true`) or unmarks a game as a favourite of the signed-in user and returns the game as
    /// it is now. Routed as ``ModelName/gameInfo``, with the write rules of
    /// `MigrationRouter.routeWrite(_:mode:idempotency:comparator:context:requestCertainlyNotSent:rest:graphQL:readBack:)`:
    ///
    /// - `.shadow`: REST writes (once; GraphQL never writes), the caller gets REST's game at once, then the game
    ///   is read back through GraphQL's `Game` query, detached, and compared with REST's answer.
    /// - `.graphQLWithRESTFallback`: the `SetFavorite` mutation writes; setting a favourite is idempotent, so
    ///   when it fails REST writes instead.
    ///
    /// - Parameter mode: Overrides the configured mode of `GameInfo` for this call.
    /// - Throws: the error of the API that wrote: `LegacyAPIError` from REST, `APIError` from GraphQL.
    public func setFavorite(gameId: String, favorite: Bool, mode: MigrationMode? = nil) async throws -> GameInfo {
        let rest = self.rest
        let graphQL = self.graphQL
        // REST has no cache to observe: the live models REST serves fetch again after a write.
        let refreshCenter = self.refreshCenter
        defer { Task { await refreshCenter.refreshAll() } }
        return try await router.routeWrite(
            ModelName.gameInfo, mode: mode, idempotency: .idempotent,
            context: ["id": gameId, "write": favorite ? "setFavorite(true)" : "setFavorite(false)"],
            requestCertainlyNotSent: { ($0 as? APIError)?.requestCertainlyNotSent == true },
            rest: { try await rest.setFavorite(gameId: gameId, favorite: favorite) },
            graphQL: { try await graphQL.setFavorite(gameId: gameId, favorite: favorite) },
            readBack: { try await graphQL.gameInfo(gameId: gameId) })
    }
}
