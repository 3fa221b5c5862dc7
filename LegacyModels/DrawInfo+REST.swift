import Foundation

extension DrawInfo: Decodable {
    private enum CodingKeys: String, CodingKey {
        case id = "draw_id"
        case gameId = "game_id"
        case number = "draw_number"
        case date = "draw_date"
        case state
        case combination
        case bonusNumbers = "bonus"
        case prizePool = "prize_pool"
        case superPrize = "super_prize"
        case ticketsSold = "tickets_sold"
        case categories
        case videoURL = "video"
    }

    /// Decodes a draw from its REST JSON (see the contract's "A draw").
    ///
    /// `draw_date` is `"dd.MM.yyyy HH:mm:ss"` in Moscow time (UTC+3), `combination` and `bonus` are
    /// comma-separated numbers (`""` when none), money fields are strings like `"100.00"`. `prize_pool`,
    /// `super_prize` and `video` may be `null` (or absent).
    ///
    /// - Throws: `DecodingError` with the field's coding path and a description naming the bad value.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            id: try container.decode(String.self, forKey: .id),
            gameId: try container.decode(String.self, forKey: .gameId),
            number: try container.decode(Int64.self, forKey: .number),
            date: try container.decodeLegacyMoscowDate(forKey: .date),
            state: try container.decode(DrawState.self, forKey: .state),
            combination: try container.decodeLegacyNumberList(forKey: .combination),
            bonusNumbers: try container.decodeLegacyNumberList(forKey: .bonusNumbers),
            prizePool: try container.decodeLegacyMoneyIfPresent(forKey: .prizePool),
            superPrize: try container.decodeLegacyMoneyIfPresent(forKey: .superPrize),
            ticketsSold: try container.decode(Int64.self, forKey: .ticketsSold),
            categories: try container.decode([PrizeCategoryInfo].self, forKey: .categories),
            videoURL: try container.decodeLegacyURLIfPresent(forKey: .videoURL)
        )
    }
}
