import Foundation

/// A draw of a game, as the legacy app knows it.
///
/// Built from the REST `draw` payload, see `DrawInfo+REST.swift`. Two values built from REST and from GraphQL
/// for the same draw are equal when every field is equal.
public struct DrawInfo: Equatable, Hashable, Sendable {
    /// The draw id (REST `draw_id`), `"<gameId>-<number>"` in practice.
    public var id: String
    /// The id of the game this draw belongs to.
    public var gameId: String
    /// The draw number within its game.
    public var number: Int64
    /// When the draw takes place (an instant; REST sends it in Moscow time).
    public var date: Date
    /// The draw status; `.unknown` for statuses this app version does not know.
    public var state: DrawState
    /// The winning numbers in drawn order; empty when none yet.
    public var combination: [Int]
    /// The bonus numbers in drawn order; empty when none.
    public var bonusNumbers: [Int]
    /// The prize pool in major units, or `nil` when unknown (for example the prize ledger is down).
    public var prizePool: Decimal?
    /// The super prize in major units, or `nil` when unknown.
    public var superPrize: Decimal?
    /// Number of tickets sold for this draw.
    public var ticketsSold: Int64
    /// The prize categories, in the server's order.
    public var categories: [PrizeCategoryInfo]
    /// A recording of the draw, if any.
    public var videoURL: URL?

    /// Creates a draw from its fields.
    public init(
        id: String,
        gameId: String,
        number: Int64,
        date: Date,
        state: DrawState,
        combination: [Int],
        bonusNumbers: [Int],
        prizePool: Decimal?,
        superPrize: Decimal?,
        ticketsSold: Int64,
        categories: [PrizeCategoryInfo],
        videoURL: URL?
    ) {
        self.id = id
        self.gameId = gameId
        self.number = number
        self.date = date
        self.state = state
        self.combination = combination
        self.bonusNumbers = bonusNumbers
        self.prizePool = prizePool
        self.superPrize = superPrize
        self.ticketsSold = ticketsSold
        self.categories = categories
        self.videoURL = videoURL
    }
}
