import Foundation
import GraphQLBridge
import LegacyModels
import LotteryAPI

extension DrawInfo {
    /// The legacy draw from GraphQL's `DrawDetails`: money from minor units, `DrawStatus` to `DrawState`
    /// (a status the app does not know becomes `.unknown`), lists of numbers as they are.
    /// - Throws: when `videoUrl` is not an absolute URL.
    public init(graphQL draw: DrawDetails) throws(GraphQLDecodingError) {
        self.init(
            id: draw.id,
            gameId: draw.gameId,
            number: draw.number,
            date: draw.date,
            state: DrawState(graphQL: draw.status),
            combination: draw.winningNumbers,
            bonusNumbers: draw.bonusNumbers,
            prizePool: draw.prizePool.map(LegacyMoney.decimal(minorUnits:)),
            superPrize: draw.superPrize.map(LegacyMoney.decimal(minorUnits:)),
            ticketsSold: draw.ticketsSold,
            categories: draw.prizeCategories.map(PrizeCategoryInfo.init(graphQL:)),
            videoURL: try GraphQLFieldConversion.url(draw.videoUrl, field: "videoUrl"))
    }
}

extension DrawInfo {
    /// The legacy draw from the draw screen's `DrawScreen` query, once its deferred prize categories have arrived (the
    /// legacy model is whole: it is built only then).
    /// - Throws: when the prize categories have not arrived (`fragments.drawPrizes` is `nil`: the result is the initial
    ///   payload's), or `videoUrl` is not an absolute URL.
    public init(graphQL draw: DrawScreenQuery.Data.Draw) throws(GraphQLDecodingError) {
        guard let prizes = draw.fragments.drawPrizes else {
            throw GraphQLDecodingError(
                path: "prizeCategories", expected: "the deferred prize categories (@defer label \"prizes\")",
                found: "nothing yet", reason: "the increment with the prize categories has not arrived")
        }
        try self.init(
            graphQL: DrawDetails(
                id: draw.id, gameId: draw.gameId, number: draw.number, date: draw.date, status: draw.status,
                winningNumbers: draw.winningNumbers, bonusNumbers: draw.bonusNumbers, prizePool: draw.prizePool,
                superPrize: draw.superPrize, ticketsSold: draw.ticketsSold, prizeCategories: prizes.prizeCategories,
                videoUrl: draw.videoUrl))
    }
}

extension PrizeCategoryInfo {
    /// The legacy prize category from GraphQL's `PrizeCategoryDetails`.
    public init(graphQL category: PrizeCategoryDetails) {
        self.init(
            guessed: category.matched, bonus: category.bonusMatched, winners: category.winners,
            prize: LegacyMoney.decimal(minorUnits: category.amount))
    }
}

extension DrawState {
    /// The legacy state of a GraphQL `DrawStatus`; a status this app does not know is `.unknown`.
    public init(graphQL status: DrawStatus) {
        switch status {
        case .announced: self = .announced
        case .selling: self = .selling
        case .drawing: self = .drawing
        case .completed: self = .completed
        case .cancelled: self = .cancelled
        case .unknown: self = .unknown
        }
    }
}
