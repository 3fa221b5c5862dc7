import Foundation

extension LegacyAPIClient {
    /// `PUT` (`favorite: true`) or `DELETE` (`favorite: false`) `/games/{gameId}/favorite`: marks or unmarks the
    /// game as a favourite of the caller (the owner of the bearer token) and returns the game as it is now.
    ///
    /// Idempotent: repeating it leaves the same state. An unknown game throws `.server` with code `NOT_FOUND`.
    public func setFavorite(gameId: String, favorite: Bool) async throws(LegacyAPIError) -> GameInfo {
        try await send(GameInfo.self, path: ["games", gameId, "favorite"], method: favorite ? "PUT" : "DELETE").value
    }

    /// Completion-handler form of `setFavorite(gameId:favorite:)`: the completion is called exactly once, on an
    /// arbitrary thread; cancel the returned task to cancel the request (the completion then gets
    /// `.failure(.cancelled)`).
    @discardableResult
    public func setFavorite(
        gameId: String,
        favorite: Bool,
        completion: @escaping @Sendable (Result<GameInfo, LegacyAPIError>) -> Void
    ) -> Task<Void, Never> {
        Task {
            do throws(LegacyAPIError) {
                completion(.success(try await setFavorite(gameId: gameId, favorite: favorite)))
            } catch {
                completion(.failure(error))
            }
        }
    }
}
