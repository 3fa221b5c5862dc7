extension LotteryDataSet {
    /// A larger data set for benchmarks: `copies` copies of `base` (the bundled data set by default), copy `n > 1`
    /// with its game ids, image ids and URLs suffixed `-c<n>` (`6x45-c2`, its draws `6x45-c2-<number>`, its logo
    /// `logo-6x45-c2`). Every edge case of the base (numbers beyond 2^53, the prize ledger down, unknown types and
    /// states) is in every copy.
    /// - Throws: ``LotteryDataSetError`` when `base` cannot be loaded.
    public static func scaled(copies: Int, of base: LotteryDataSet? = nil) throws -> LotteryDataSet {
        let base = try base ?? LotteryDataSet.bundled()
        var images: [DataSetImage] = []
        var games: [DataSetGame] = []
        var draws: [DataSetDraw] = []
        for copy in 1...max(1, copies) {
            func suffixed(_ id: String) -> String { copy == 1 ? id : "\(id)-c\(copy)" }
            images += base.images.map {
                DataSetImage(id: suffixed($0.id), url: suffixed($0.url), width: $0.width, height: $0.height)
            }
            games += base.games.map {
                DataSetGame(
                    id: suffixed($0.id), name: copy == 1 ? $0.name : "\($0.name) (\(copy))", type: $0.type,
                    typeCode: $0.typeCode, isActive: $0.isActive, ticketPrice: $0.ticketPrice, currency: $0.currency,
                    superPrize: $0.superPrize, numbersCount: $0.numbersCount, numbersRange: $0.numbersRange,
                    bonusRange: $0.bonusRange, logo: $0.logo.map(suffixed), nextDraw: $0.nextDraw,
                    lastDraw: $0.lastDraw, drawsCount: $0.drawsCount, rulesUrl: $0.rulesUrl)
            }
            draws += base.draws.map {
                DataSetDraw(
                    gameId: suffixed($0.gameId), number: $0.number, date: $0.date, status: $0.status,
                    winningNumbers: $0.winningNumbers, bonusNumbers: $0.bonusNumbers, prizePool: $0.prizePool,
                    superPrize: $0.superPrize, ledgerDown: $0.ledgerDown, ticketsSold: $0.ticketsSold,
                    prizeCategories: $0.prizeCategories, videoUrl: $0.videoUrl)
            }
        }
        return try LotteryDataSet(images: images, games: games, draws: draws)
    }
}
