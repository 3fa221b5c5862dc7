/// A generated prize category of a draw.
struct SamplePrizeCategory {
    var matched: Int
    var bonusMatched: Bool
    var winners: Int64
    /// Prize per winner in minor units.
    var amount: Int64

    /// `PrizeCategoryDetails` as the GraphQL server sends it.
    var graphQLJSON: String {
        JSONText.object([
            ("__typename", JSONText.string("PrizeCategory")),
            ("matched", JSONText.number(matched)),
            ("bonusMatched", JSONText.bool(bonusMatched)),
            ("winners", JSONText.number(winners)),
            ("amount", JSONText.number(amount)),
        ])
    }

    /// The REST prize category.
    var restJSON: String {
        JSONText.object([
            ("guessed", JSONText.string(String(matched))),
            ("bonus", JSONText.number(bonusMatched ? 1 : 0)),
            ("winners", JSONText.number(winners)),
            ("prize", JSONText.string(ContractFormat.restMoney(minorUnits: amount))),
        ])
    }
}
