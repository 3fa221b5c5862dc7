import Foundation
import LegacyModels

/// The legacy model the generated draw should decode to (see `SampleGame+Legacy.swift`).
extension SampleDraw {
    /// The draw as a legacy `DrawInfo`.
    var expectedDrawInfo: DrawInfo {
        DrawInfo(
            id: id,
            gameId: gameId,
            number: number,
            date: Date(timeIntervalSince1970: TimeInterval(unixSeconds)),
            state: DrawState(rawState: status.lowercased()),
            combination: winningNumbers,
            bonusNumbers: bonusNumbers,
            prizePool: ledgerDown ? nil : prizePool.map(SampleGame.decimal(minorUnits:)),
            superPrize: ledgerDown ? nil : superPrize.map(SampleGame.decimal(minorUnits:)),
            ticketsSold: ticketsSold,
            categories: categories.map {
                PrizeCategoryInfo(
                    guessed: $0.matched, bonus: $0.bonusMatched, winners: $0.winners,
                    prize: SampleGame.decimal(minorUnits: $0.amount))
            },
            videoURL: videoUrl.flatMap { URL(string: $0) })
    }
}
