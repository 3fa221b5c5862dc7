/// A page of a game's draw archive to compare: the game and the draw number the page starts before (`nil`: the
/// newest draws), `last` draws per page, as both APIs page (REST `GET /games/{id}/draws?limit=N&before=D`,
/// GraphQL `draws(gameId:last:before:)`).
public struct LotteryArchivePage: Sendable, Hashable, CustomStringConvertible {
    /// The game's id.
    public var gameId: String
    /// The page's draws are older than this draw number; `nil` for the first page (the newest draws).
    public var before: Int64?
    /// The draws per page.
    public var last: Int

    /// Creates the key of a page.
    public init(gameId: String, before: Int64?, last: Int) {
        self.gameId = gameId
        self.before = before
        self.last = last
    }

    /// The page as the GraphQL field that reads it: `draws(gameId: "6x45", last: 10, before: 1234)`.
    public var description: String {
        "draws(gameId: \"\(gameId)\", last: \(last)" + (before.map { ", before: \($0))" } ?? ")")
    }
}
