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
