import Foundation

/// A lottery game, as the legacy app knows it, with its logo and its next and last draws.
///
/// Built from the REST `game` payload, see `GameInfo+REST.swift`. Two values built from REST and from GraphQL
/// for the same game are equal when every field is equal.
public struct GameInfo: Equatable, Hashable, Sendable {
    /// The game id (REST `game_id`), for example `"6x45"`.
    public var id: String
    /// The game's display name (REST `title`, GraphQL `name`).
    public var title: String
    /// The game type; `.unknown` for types this app version does not know.
    public var type: GameType
    /// Whether the game currently sells tickets (REST `active` 0/1).
    public var isActive: Bool
    /// Price of one ticket in major units (rubles), exact.
    public var ticketPrice: Decimal
    /// ISO currency code of the money fields, for example `"RUB"`.
    public var currency: String
    /// The current super prize in major units, or `nil` when unknown.
    public var superPrize: Decimal?
    /// How many numbers a ticket picks.
    public var numbersCount: Int
    /// Numbers are picked from 1 through this value.
    public var numbersRange: Int
    /// Bonus numbers are picked from 1 through this value; `nil` when the game has no bonus numbers.
    public var bonusRange: Int?
    /// The game's logo, if any.
    public var logo: ImageInfo?
    /// The next draw, if one is scheduled.
    public var nextDraw: DrawInfo?
    /// The last completed draw, if any.
    public var lastDraw: DrawInfo?
    /// How many draws the game has had (REST `draws_total`, a decimal string since it can pass 2^53).
    public var drawsTotal: Int64
    /// Where the game's rules are published, if anywhere.
    public var rulesURL: URL?
    /// Whether the signed-in user marked the game as a favourite (REST `is_favorite` 0/1, GraphQL `isFavorite`).
    public var isFavorite: Bool

    /// Creates a game from its fields.
    public init(
        id: String,
        title: String,
        type: GameType,
        isActive: Bool,
        ticketPrice: Decimal,
        currency: String,
        superPrize: Decimal?,
        numbersCount: Int,
        numbersRange: Int,
        bonusRange: Int?,
        logo: ImageInfo?,
        nextDraw: DrawInfo?,
        lastDraw: DrawInfo?,
        drawsTotal: Int64,
        rulesURL: URL?,
        isFavorite: Bool = false
    ) {
        self.id = id
        self.title = title
        self.type = type
        self.isActive = isActive
        self.ticketPrice = ticketPrice
        self.currency = currency
        self.superPrize = superPrize
        self.numbersCount = numbersCount
        self.numbersRange = numbersRange
        self.bonusRange = bonusRange
        self.logo = logo
        self.nextDraw = nextDraw
        self.lastDraw = lastDraw
        self.drawsTotal = drawsTotal
        self.rulesURL = rulesURL
        self.isFavorite = isFavorite
    }
}
