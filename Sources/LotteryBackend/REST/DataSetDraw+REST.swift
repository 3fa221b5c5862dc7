import GraphQLServer

extension DataSetDraw {
    /// The REST draw, rendered per the contract (money as major-unit strings, Moscow date, lowercase state).
    var restJSON: JSONValue {
        let pool = ledgerDown ? nil : prizePool
        let superPrizeShown = ledgerDown ? nil : superPrize
        return .object([
            ("draw_id", .string(id)),
            ("game_id", .string(gameId)),
            ("draw_number", .int(number)),
            ("draw_date", .string(date.moscowString)),
            ("state", .string(status.lowercased())),
            ("combination", .string(winningNumbers.map { String($0) }.joined(separator: ","))),
            ("bonus", .string(bonusNumbers.map { String($0) }.joined(separator: ","))),
            ("prize_pool", pool.map { .string(MoneyFormatter.majorUnits(fromMinor: $0)) } ?? .null),
            ("super_prize", superPrizeShown.map { .string(MoneyFormatter.majorUnits(fromMinor: $0)) } ?? .null),
            ("tickets_sold", .int(ticketsSold)),
            ("categories", .array(prizeCategories.map(\.restJSON))),
            ("video", videoUrl.map { .string($0) } ?? .null),
        ])
    }
}
