import Foundation

extension GameInfo: Decodable {
    private enum CodingKeys: String, CodingKey {
        case id = "game_id"
        case title
        case type = "game_type"
        case isActive = "active"
        case ticketPrice = "ticket_price"
        case currency
        case superPrize = "super_prize"
        case numbersCount = "numbers_count"
        case numbersRange = "numbers_range"
        case bonusRange = "bonus_range"
        case logo
        case nextDraw = "next_draw"
        case lastDraw = "last_draw"
        case drawsTotal = "draws_total"
        case rulesURL = "rules_url"
        case isFavorite = "is_favorite"
    }

    /// Decodes a game from its REST JSON (see the contract's "A game").
    ///
    /// `game_type` is a code (unknown codes give `.unknown`), `active` is 0 or 1, money fields are strings like
    /// `"100.00"`, `draws_total` is a decimal string. `super_prize`, `bonus_range`, `logo`, `next_draw`,
    /// `last_draw` and `rules_url` may be `null` (or absent). `is_favorite` is 0 or 1; absent (a server older than
    /// the app's last REST release) means not a favourite.
    ///
    /// - Throws: `DecodingError` with the field's coding path and a description naming the bad value.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            id: try container.decode(String.self, forKey: .id),
            title: try container.decode(String.self, forKey: .title),
            type: try container.decode(GameType.self, forKey: .type),
            isActive: try container.decodeLegacyFlag(forKey: .isActive),
            ticketPrice: try container.decodeLegacyMoney(forKey: .ticketPrice),
            currency: try container.decode(String.self, forKey: .currency),
            superPrize: try container.decodeLegacyMoneyIfPresent(forKey: .superPrize),
            numbersCount: try container.decode(Int.self, forKey: .numbersCount),
            numbersRange: try container.decode(Int.self, forKey: .numbersRange),
            bonusRange: try container.decodeIfPresent(Int.self, forKey: .bonusRange),
            logo: try container.decodeIfPresent(ImageInfo.self, forKey: .logo),
            nextDraw: try container.decodeIfPresent(DrawInfo.self, forKey: .nextDraw),
            lastDraw: try container.decodeIfPresent(DrawInfo.self, forKey: .lastDraw),
            drawsTotal: try container.decodeLegacyInteger(Int64.self, forKey: .drawsTotal),
            rulesURL: try container.decodeLegacyURLIfPresent(forKey: .rulesURL),
            isFavorite: try container.contains(.isFavorite) ? container.decodeLegacyFlag(forKey: .isFavorite) : false
        )
    }
}
