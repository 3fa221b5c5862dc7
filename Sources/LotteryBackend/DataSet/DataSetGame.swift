/// A game of the lottery data set (`games[]` in `dataset.json`), in the neutral canonical form.
public struct DataSetGame: Decodable, Sendable, Equatable {
    /// The game id, e.g. `"6x45"`.
    public let id: String
    /// The game's display name.
    public let name: String
    /// The GraphQL `GameType` value; may be a value the schema does not know (e.g. `"SCRATCH"`).
    public let type: String
    /// The REST `game_type` code: 1 lotto, 2 keno, 3 rapid, 4 instant, anything else a newer type.
    public let typeCode: Int
    /// Whether the game is on sale.
    public let isActive: Bool
    /// Ticket price in minor units.
    public let ticketPrice: Int64
    /// ISO 4217 currency code.
    public let currency: String
    /// Current super prize in minor units, or `nil` when the game has none.
    public let superPrize: Int64?
    /// How many numbers a ticket picks.
    public let numbersCount: Int
    /// The largest number that can be picked.
    public let numbersRange: Int
    /// The largest bonus number, or `nil` when the game has no bonus numbers.
    public let bonusRange: Int?
    /// The logo's image id, or `nil`.
    public let logo: String?
    /// The number of the next draw of this game, or `nil`.
    public let nextDraw: Int64?
    /// The number of the last draw of this game, or `nil`.
    public let lastDraw: Int64?
    /// The total number of draws of this game (it can pass 2^53).
    public let drawsCount: Int64
    /// The rules page, or `nil`.
    public let rulesUrl: String?

    /// Creates a game record.
    public init(
        id: String, name: String, type: String, typeCode: Int, isActive: Bool, ticketPrice: Int64,
        currency: String, superPrize: Int64?, numbersCount: Int, numbersRange: Int, bonusRange: Int?,
        logo: String?, nextDraw: Int64?, lastDraw: Int64?, drawsCount: Int64, rulesUrl: String?
    ) {
        self.id = id
        self.name = name
        self.type = type
        self.typeCode = typeCode
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
        self.drawsCount = drawsCount
        self.rulesUrl = rulesUrl
    }
}
