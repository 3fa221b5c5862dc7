/// A draw of the lottery data set (`draws[]` in `dataset.json`), in the neutral canonical form.
public struct DataSetDraw: Decodable, Sendable, Equatable {
    /// The id of the game this draw belongs to.
    public let gameId: String
    /// The draw number, unique within its game.
    public let number: Int64
    /// The draw time (written in the data set as UTC `yyyy-MM-ddTHH:mm:ssZ`).
    public let date: UTCTimestamp
    /// The GraphQL `DrawStatus` value; may be a value the schema does not know (e.g. `"POSTPONED"`).
    public let status: String
    /// The winning numbers in drawn order (empty until the draw is completed).
    public let winningNumbers: [Int]
    /// The bonus numbers in drawn order.
    public let bonusNumbers: [Int]
    /// The prize pool in minor units, or `nil`.
    public let prizePool: Int64?
    /// The super prize in minor units, or `nil`.
    public let superPrize: Int64?
    /// `true` when the prize ledger is unavailable: both money fields are null in both APIs
    /// and GraphQL reports a field error for each of them.
    public let ledgerDown: Bool
    /// The number of tickets sold.
    public let ticketsSold: Int64
    /// The prize categories.
    public let prizeCategories: [DataSetPrizeCategory]
    /// The draw's video, or `nil`.
    public let videoUrl: String?

    /// The draw id of both APIs: `"<gameId>-<number>"`.
    public var id: String { "\(gameId)-\(number)" }

    /// The key that identifies this draw in a data set.
    public var key: DrawKey { DrawKey(gameId: gameId, number: number) }

    /// Creates a draw record.
    public init(
        gameId: String, number: Int64, date: UTCTimestamp, status: String, winningNumbers: [Int], bonusNumbers: [Int],
        prizePool: Int64?, superPrize: Int64?, ledgerDown: Bool, ticketsSold: Int64,
        prizeCategories: [DataSetPrizeCategory], videoUrl: String?
    ) {
        self.gameId = gameId
        self.number = number
        self.date = date
        self.status = status
        self.winningNumbers = winningNumbers
        self.bonusNumbers = bonusNumbers
        self.prizePool = prizePool
        self.superPrize = superPrize
        self.ledgerDown = ledgerDown
        self.ticketsSold = ticketsSold
        self.prizeCategories = prizeCategories
        self.videoUrl = videoUrl
    }

    private enum CodingKeys: String, CodingKey {
        case gameId, number, date, status, winningNumbers, bonusNumbers, prizePool, superPrize, ledgerDown
        case ticketsSold, prizeCategories, videoUrl
    }

    /// Decodes a draw; `ledgerDown` defaults to `false` when absent, `date` must be a valid UTC date.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        gameId = try container.decode(String.self, forKey: .gameId)
        number = try container.decode(Int64.self, forKey: .number)
        let dateText = try container.decode(String.self, forKey: .date)
        guard let parsedDate = UTCTimestamp(rfc3339: dateText) else {
            throw DecodingError.dataCorruptedError(
                forKey: .date, in: container,
                debugDescription: "expected a UTC date \"yyyy-MM-ddTHH:mm:ssZ\", found \"\(dateText)\"")
        }
        date = parsedDate
        status = try container.decode(String.self, forKey: .status)
        winningNumbers = try container.decode([Int].self, forKey: .winningNumbers)
        bonusNumbers = try container.decode([Int].self, forKey: .bonusNumbers)
        prizePool = try container.decodeIfPresent(Int64.self, forKey: .prizePool)
        superPrize = try container.decodeIfPresent(Int64.self, forKey: .superPrize)
        ledgerDown = try container.decodeIfPresent(Bool.self, forKey: .ledgerDown) ?? false
        ticketsSold = try container.decode(Int64.self, forKey: .ticketsSold)
        prizeCategories = try container.decode([DataSetPrizeCategory].self, forKey: .prizeCategories)
        videoUrl = try container.decodeIfPresent(String.self, forKey: .videoUrl)
    }
}
