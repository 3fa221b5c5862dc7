/// One prize category of a draw (`prizeCategories[]` of a draw in `dataset.json`).
public struct DataSetPrizeCategory: Decodable, Sendable, Equatable {
    /// How many main numbers were guessed.
    public let matched: Int
    /// Whether the bonus number was guessed too.
    public let bonusMatched: Bool
    /// The number of winning tickets.
    public let winners: Int64
    /// Prize per winner in minor units.
    public let amount: Int64

    /// Creates a prize category record.
    public init(matched: Int, bonusMatched: Bool, winners: Int64, amount: Int64) {
        self.matched = matched
        self.bonusMatched = bonusMatched
        self.winners = winners
        self.amount = amount
    }
}
