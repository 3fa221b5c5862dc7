import Foundation

extension PrizeCategoryInfo: Decodable {
    private enum CodingKeys: String, CodingKey {
        case guessed
        case bonus
        case winners
        case prize
    }

    /// Decodes a prize category from its REST JSON:
    /// `{"guessed": "6", "bonus": 0, "winners": 1, "prize": "123456789.50"}`.
    ///
    /// - Throws: `DecodingError` with the field's coding path when `guessed` is not a decimal integer string,
    ///   `bonus` is not 0 or 1, `winners` is not an integer, or `prize` is not a money string like `"100.00"`.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            guessed: try container.decodeLegacyInteger(Int.self, forKey: .guessed),
            bonus: try container.decodeLegacyFlag(forKey: .bonus),
            winners: try container.decode(Int64.self, forKey: .winners),
            prize: try container.decodeLegacyMoney(forKey: .prize)
        )
    }
}
