/// How the draw clock moves a game on by one step, as a lottery does: its next draw goes from `ANNOUNCED` to
/// `SELLING`, from `SELLING` to `DRAWING` (more tickets sold), and from `DRAWING` to `COMPLETED` with its numbers
/// and prizes, at which point it becomes the game's last draw and a new draw opens for sale as its next draw. A
/// game whose next draw is missing, cancelled or in a status the clock does not know gets a new draw.
///
/// Deterministic: the numbers and counts come from the game's id and the draw's number, so two runs agree.
enum DrawAdvancer {
    /// One step of `gameId`: the data set after it and the draws that changed, in the order they changed; `nil`
    /// for an unknown game.
    static func advance(_ gameId: String, in dataSet: LotteryDataSet) -> (LotteryDataSet, [DataSetDraw])? {
        guard let game = dataSet.game(id: gameId) else { return nil }
        let draws = dataSet.draws(gameId: gameId)
        let next = game.nextDraw.flatMap { dataSet.draw(gameId: gameId, number: $0) }
        var changedDraws: [DataSetDraw] = []
        var updatedGame = game
        switch next?.status {
        case "ANNOUNCED"?:
            if let next { changedDraws.append(next.with(status: "SELLING")) }
        case "SELLING"?:
            if let next {
                let sold = saturating(next.ticketsSold, plus: 1_000 + Int64(mix(gameId, next.number, 1) % 9_000))
                changedDraws.append(next.with(status: "DRAWING", ticketsSold: sold))
            }
        case "DRAWING"?:
            if let next {
                let completed = complete(next, game: game, previous: draws.first { $0.status == "COMPLETED" })
                let opened =
                    announced(after: next.number, in: draws)
                    ?? open(
                        after: draws.first ?? completed, previousDate: draws.first { $0.number < next.number }?.date)
                changedDraws = [completed, opened]
                updatedGame = game.with(
                    nextDraw: opened.number, lastDraw: completed.number,
                    drawsCount: saturating(game.drawsCount, plus: 1))
            }
        default:
            let newest = draws.first
            let date = newest.map { UTCTimestamp(secondsSince1970: saturating($0.date.secondsSince1970, plus: 86_400)) }
            let opened =
                announced(after: next?.number ?? game.lastDraw ?? .min, in: draws)
                ?? DataSetDraw(
                    gameId: gameId, number: saturating(newest?.number ?? 0, plus: 1),
                    date: date ?? UTCTimestamp(secondsSince1970: 0), status: "SELLING", winningNumbers: [],
                    bonusNumbers: [], prizePool: nil, superPrize: game.superPrize, ledgerDown: false, ticketsSold: 0,
                    prizeCategories: [], videoUrl: nil)
            changedDraws = [opened]
            updatedGame = game.with(
                nextDraw: opened.number, lastDraw: game.lastDraw, drawsCount: saturating(game.drawsCount, plus: 1))
        }
        var allDraws = dataSet.draws
        for draw in changedDraws {
            if let index = allDraws.firstIndex(where: { $0.key == draw.key }) {
                allDraws[index] = draw
            } else {
                allDraws.append(draw)
            }
        }
        let games = dataSet.games.map { $0.id == gameId ? updatedGame : $0 }
        guard let updated = try? LotteryDataSet(images: dataSet.images, games: games, draws: allDraws) else {
            return nil
        }
        return (updated, changedDraws)
    }

    /// Tickets sold for `gameId`'s next draw while it is on sale (a live counter): the data set after it and the draw,
    /// `nil` when the game has no draw on sale.
    static func sell(_ count: Int64, of gameId: String, in dataSet: LotteryDataSet) -> (LotteryDataSet, DataSetDraw)? {
        guard let game = dataSet.game(id: gameId), let number = game.nextDraw,
            let draw = dataSet.draw(gameId: gameId, number: number), draw.status == "SELLING"
        else { return nil }
        let sold = draw.with(status: draw.status, ticketsSold: saturating(draw.ticketsSold, plus: count))
        let draws = dataSet.draws.map { $0.key == sold.key ? sold : $0 }
        guard let updated = try? LotteryDataSet(images: dataSet.images, games: dataSet.games, draws: draws) else {
            return nil
        }
        return (updated, sold)
    }

    /// The first draw after `number` that is announced, now on sale: the game's next draw when it has one ready.
    private static func announced(after number: Int64, in draws: [DataSetDraw]) -> DataSetDraw? {
        draws.last { $0.number > number && $0.status == "ANNOUNCED" }?.with(status: "SELLING")
    }

    /// The draw completed: its numbers drawn, its prizes and winners.
    private static func complete(_ draw: DataSetDraw, game: DataSetGame, previous: DataSetDraw?) -> DataSetDraw {
        let range = max(1, game.numbersRange)
        let numbers = (0..<max(0, game.numbersCount)).map { index in
            1 + Int(mix(game.id, draw.number, UInt64(10 + index)) % UInt64(range))
        }
        let bonus = game.bonusRange.map { [1 + Int(mix(game.id, draw.number, 99) % UInt64(max(1, $0)))] } ?? []
        let template =
            previous?.prizeCategories.isEmpty == false
            ? (previous?.prizeCategories ?? [])
            : (0..<min(3, max(1, game.numbersCount))).map { offset in
                DataSetPrizeCategory(
                    matched: game.numbersCount - offset, bonusMatched: false, winners: 0,
                    amount: offset == 0 ? (game.superPrize ?? 100_000_000) : 100_000 / Int64(offset * 10))
            }
        let categories = template.enumerated().map { index, category in
            DataSetPrizeCategory(
                matched: category.matched, bonusMatched: category.bonusMatched,
                winners: index == 0
                    ? Int64(mix(game.id, draw.number, 50) % 2)
                    : Int64(mix(game.id, draw.number, UInt64(60 + index)) % 5_000),
                amount: category.amount)
        }
        let pool = categories.reduce(saturating(draw.ticketsSold, times: game.ticketPrice) / 2) {
            saturating($0, plus: saturating($1.winners, times: $1.amount))
        }
        return DataSetDraw(
            gameId: draw.gameId, number: draw.number, date: draw.date, status: "COMPLETED", winningNumbers: numbers,
            bonusNumbers: bonus, prizePool: pool, superPrize: game.superPrize, ledgerDown: false,
            ticketsSold: draw.ticketsSold, prizeCategories: categories, videoUrl: nil)
    }

    /// The draw that opens after `draw` (the game's newest), as far after it as `draw` was after the one before (a
    /// day when unknown).
    private static func open(after draw: DataSetDraw, previousDate: UTCTimestamp?) -> DataSetDraw {
        let gap = previousDate.map { max(60, draw.date.secondsSince1970 &- $0.secondsSince1970) } ?? 86_400
        return DataSetDraw(
            gameId: draw.gameId, number: saturating(draw.number, plus: 1),
            date: UTCTimestamp(secondsSince1970: saturating(draw.date.secondsSince1970, plus: gap)), status: "SELLING",
            winningNumbers: [], bonusNumbers: [], prizePool: nil, superPrize: draw.superPrize, ledgerDown: false,
            ticketsSold: 0, prizeCategories: [], videoUrl: nil)
    }

    /// `a + b`, held at the bounds instead of overflowing (the data set's `Long`s reach `Int64.max`).
    static func saturating(_ a: Int64, plus b: Int64) -> Int64 {
        let (sum, overflow) = a.addingReportingOverflow(b)
        return overflow ? (b > 0 ? .max : .min) : sum
    }

    /// `a * b`, held at the bounds instead of overflowing.
    static func saturating(_ a: Int64, times b: Int64) -> Int64 {
        let (product, overflow) = a.multipliedReportingOverflow(by: b)
        return overflow ? ((a < 0) != (b < 0) ? .min : .max) : product
    }

    /// A well-mixed number from a game, a draw and a salt (SplitMix64's finalizer over an FNV-1a hash of the id).
    static func mix(_ gameId: String, _ number: Int64, _ salt: UInt64) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in gameId.utf8 { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
        var value = hash ^ UInt64(bitPattern: number) &* 0x9E37_79B9_7F4A_7C15 ^ salt &* 0xBF58_476D_1CE4_E5B9
        value = (value ^ (value >> 30)) &* 0xBF58_476D_1CE4_E5B9
        value = (value ^ (value >> 27)) &* 0x94D0_49BB_1331_11EB
        return value ^ (value >> 31)
    }
}
