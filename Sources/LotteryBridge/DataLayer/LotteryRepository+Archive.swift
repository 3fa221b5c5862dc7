import Foundation
import GraphQLBridge
import LegacyModels

extension LotteryRepository {
    /// The archive screen's model: a game's draws page by page, newest first (see ``DrawArchive``). Nothing is loaded
    /// until its first `loadNext()`.
    /// - Parameters:
    ///   - gameId: the game.
    ///   - pageSize: the draws of each page (REST `limit`, GraphQL `last`); 20 by default.
    @MainActor
    public func archive(gameId: String, pageSize: Int = 20) -> DrawArchive {
        DrawArchive(repository: self, gameId: gameId, pageSize: pageSize)
    }
}
