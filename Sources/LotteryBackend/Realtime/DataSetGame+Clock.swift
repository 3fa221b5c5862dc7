extension DataSetGame {
    /// The same game with other draws.
    func with(nextDraw: Int64?, lastDraw: Int64?, drawsCount: Int64) -> DataSetGame {
        DataSetGame(
            id: id, name: name, type: type, typeCode: typeCode, isActive: isActive, ticketPrice: ticketPrice,
            currency: currency, superPrize: superPrize, numbersCount: numbersCount, numbersRange: numbersRange,
            bonusRange: bonusRange, logo: logo, nextDraw: nextDraw, lastDraw: lastDraw, drawsCount: drawsCount,
            rulesUrl: rulesUrl)
    }
}
