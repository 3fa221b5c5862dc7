import Foundation
import GraphQLBridge
import LegacyModels
import LotteryAPI

extension GameInfo {
    /// The legacy game from GraphQL's `GameDetails`: `name` → `title`, money from minor units, the logo and
    /// draws through their own adapters, `drawsCount` → `drawsTotal`, `isFavorite` as it is, a type the app does not know → `.unknown`.
    /// - Throws: when a URL field is not an absolute URL; the path names the field (`lastDraw.videoUrl`).
    public init(graphQL game: GameDetails) throws(GraphQLDecodingError) {
        self.init(
            id: game.id,
            title: game.name,
            type: LegacyModels.GameType(graphQL: game.type),
            isActive: game.isActive,
            ticketPrice: LegacyMoney.decimal(minorUnits: game.ticketPrice),
            currency: game.currency,
            superPrize: game.superPrize.map(LegacyMoney.decimal(minorUnits:)),
            numbersCount: game.numbersCount,
            numbersRange: game.numbersRange,
            bonusRange: game.bonusRange,
            logo: try GameInfo.nested("logo") { () throws(GraphQLDecodingError) in
                try game.logo.map { image throws(GraphQLDecodingError) in try ImageInfo(graphQL: image) }
            },
            nextDraw: try GameInfo.nested("nextDraw") { () throws(GraphQLDecodingError) in
                try game.nextDraw.map { draw throws(GraphQLDecodingError) in try DrawInfo(graphQL: draw) }
            },
            lastDraw: try GameInfo.nested("lastDraw") { () throws(GraphQLDecodingError) in
                try game.lastDraw.map { draw throws(GraphQLDecodingError) in try DrawInfo(graphQL: draw) }
            },
            drawsTotal: game.drawsCount,
            rulesURL: try GraphQLFieldConversion.url(game.rulesUrl, field: "rulesUrl"),
            isFavorite: game.isFavorite)
    }

    private static func nested<T>(_ field: String, _ body: () throws(GraphQLDecodingError) -> T)
        throws(GraphQLDecodingError) -> T
    {
        do {
            return try body()
        } catch {
            var located = error
            located.path = field + "." + located.path
            throw located
        }
    }
}

extension LegacyModels.GameType {
    /// The legacy type of a GraphQL `GameType`; a type this app does not know is `.unknown`.
    public init(graphQL type: LotteryAPI.GameType) {
        switch type {
        case .lotto: self = .lotto
        case .keno: self = .keno
        case .rapid: self = .rapid
        case .instant: self = .instant
        case .unknown: self = .unknown
        }
    }
}

extension LotteryAPI.GameType {
    /// The GraphQL value of a legacy type; `nil` for `.unknown`, which has no GraphQL value.
    public init?(legacy type: LegacyModels.GameType) {
        switch type {
        case .lotto: self = .lotto
        case .keno: self = .keno
        case .rapid: self = .rapid
        case .instant: self = .instant
        case .unknown: return nil
        }
    }
}
