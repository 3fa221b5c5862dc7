extension DataSetDraw {
    /// The same draw in another status (and with another count of tickets sold).
    func with(status: String, ticketsSold: Int64? = nil) -> DataSetDraw {
        DataSetDraw(
            gameId: gameId, number: number, date: date, status: status, winningNumbers: winningNumbers,
            bonusNumbers: bonusNumbers, prizePool: prizePool, superPrize: superPrize, ledgerDown: ledgerDown,
            ticketsSold: ticketsSold ?? self.ticketsSold, prizeCategories: prizeCategories, videoUrl: videoUrl)
    }
}
