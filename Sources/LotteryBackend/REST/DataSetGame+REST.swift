import GraphQLServer

extension DataSetGame {
    /// The REST game, with its logo and next/last draws resolved in `dataSet` (`null` when missing) and
    /// `is_favorite` 1 / 0 from `isFavorite` (the caller's mark).
    func restJSON(in dataSet: LotteryDataSet, isFavorite: Bool = false) -> JSONValue {
        func draw(_ number: Int64?) -> JSONValue {
            guard let number, let draw = dataSet.draw(gameId: id, number: number) else { return .null }
            return draw.restJSON
        }
        let logoImage = logo.flatMap { dataSet.image(id: $0) }
        return .object([
            ("game_id", .string(id)),
            ("title", .string(name)),
            ("game_type", .int(typeCode)),
            ("active", .int(isActive ? 1 : 0)),
            ("ticket_price", .string(MoneyFormatter.majorUnits(fromMinor: ticketPrice))),
            ("currency", .string(currency)),
            ("super_prize", superPrize.map { .string(MoneyFormatter.majorUnits(fromMinor: $0)) } ?? .null),
            ("numbers_count", .int(numbersCount)),
            ("numbers_range", .int(numbersRange)),
            ("bonus_range", bonusRange.map { .int($0) } ?? .null),
            ("logo", logoImage?.restJSON ?? .null),
            ("next_draw", draw(nextDraw)),
            ("last_draw", draw(lastDraw)),
            ("draws_total", .string(String(drawsCount))),
            ("rules_url", rulesUrl.map { .string($0) } ?? .null),
            ("is_favorite", .int(isFavorite ? 1 : 0)),
        ])
    }
}
