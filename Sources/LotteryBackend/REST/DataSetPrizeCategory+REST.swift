import GraphQLServer

extension DataSetPrizeCategory {
    /// The REST prize category: `{"guessed": "<matched>", "bonus": 0|1, "winners": n, "prize": money}`.
    var restJSON: JSONValue {
        .object([
            ("guessed", .string(String(matched))),
            ("bonus", .int(bonusMatched ? 1 : 0)),
            ("winners", .int(winners)),
            ("prize", .string(MoneyFormatter.majorUnits(fromMinor: amount))),
        ])
    }
}
