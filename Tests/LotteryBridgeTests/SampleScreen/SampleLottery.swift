import Foundation
import GraphQLBridge
import LegacyModels
import LotteryAPI

/// The sample screen's data, as the bundled data set has it (`Sources/LotteryBackend/Resources/dataset.json`),
/// stated three ways: the screen state it must give, legacy models (for overrides) and generated GraphQL values
/// (for typed stubs). The fields the screen does not show are filled with plausible values.
enum SampleLottery {
    /// A draw as the screen sees it.
    struct Draw {
        var gameId: String
        var number: Int64
        var date: String
        var status: DrawStatus
        var combination: [Int] = []
    }

    /// A game as the screen sees it.
    struct Game {
        var id: String
        var name: String
        var superPrizeMinorUnits: Int64
        var lastDraw: Draw
        var recentDraws: [Draw]
    }

    static let games = [
        Game(
            id: "6x45", name: "Gosloto 6 of 45", superPrizeMinorUnits: 12_345_678_950,
            lastDraw: Draw(
                gameId: "6x45", number: 9_007_199_254_740_993, date: "2026-12-31T20:00:00Z", status: .completed,
                combination: [4, 8, 15, 16, 23, 42]),
            recentDraws: [
                Draw(gameId: "6x45", number: 9_007_199_254_740_995, date: "2027-01-01T20:00:00Z", status: .announced),
                Draw(gameId: "6x45", number: 9_007_199_254_740_994, date: "2027-01-01T08:00:00Z", status: .selling),
            ]),
        Game(
            id: "5x36", name: "Gosloto 5 of 36 plus", superPrizeMinorUnits: 1_187_331_260,
            lastDraw: Draw(
                gameId: "5x36", number: 123_456, date: "2026-12-31T21:00:00Z", status: .completed,
                combination: [30, 20, 33, 34, 14]),
            recentDraws: [
                Draw(gameId: "5x36", number: 123_459, date: "2027-01-01T00:00:00Z", status: .announced),
                Draw(gameId: "5x36", number: 123_458, date: "2026-12-31T23:00:00Z", status: .announced),
            ]),
    ]

    /// The state the sample screen must show, written out by hand.
    static let expectedState = GamesScreenState(rows: [
        GamesScreenState.Row(
            id: "6x45", title: "Gosloto 6 of 45", jackpot: Decimal(string: "123456789.50"),
            lastDrawNumber: 9_007_199_254_740_993, lastCombination: [4, 8, 15, 16, 23, 42],
            recentDraws: [
                .init(number: 9_007_199_254_740_995, date: date("2027-01-01T20:00:00Z"), state: .announced),
                .init(number: 9_007_199_254_740_994, date: date("2027-01-01T08:00:00Z"), state: .selling),
            ]),
        GamesScreenState.Row(
            id: "5x36", title: "Gosloto 5 of 36 plus", jackpot: Decimal(string: "11873312.60"),
            lastDrawNumber: 123_456, lastCombination: [30, 20, 33, 34, 14],
            recentDraws: [
                .init(number: 123_459, date: date("2027-01-01T00:00:00Z"), state: .announced),
                .init(number: 123_458, date: date("2026-12-31T23:00:00Z"), state: .announced),
            ]),
    ])

    /// An RFC 3339 date; the distant past for a typo, which then shows in the compared state.
    static func date(_ text: String) -> Date {
        DateTimeScalar.parse(text) ?? .distantPast
    }

    // MARK: As generated GraphQL values (typed stubs)

    static func drawDetails(_ draw: Draw) -> DrawDetails {
        DrawDetails(
            id: "\(draw.gameId)-\(draw.number)", gameId: draw.gameId, number: draw.number, date: date(draw.date),
            status: draw.status, winningNumbers: draw.combination, bonusNumbers: [], prizePool: nil, superPrize: nil,
            ticketsSold: 0, prizeCategories: [], videoUrl: nil)
    }

    static func gameDetails(_ game: Game) -> GameDetails {
        GameDetails(
            id: game.id, name: game.name, type: .lotto, isActive: true, ticketPrice: 10_000, currency: "RUB",
            superPrize: game.superPrizeMinorUnits, numbersCount: 6, numbersRange: 45, bonusRange: nil,
            logo: ImageDetails(
                id: "logo-\(game.id)", url: "https://cdn.lottery.example/logo.png", width: 128, height: 128),
            nextDraw: game.recentDraws.last.map(drawDetails), lastDraw: drawDetails(game.lastDraw),
            drawsCount: game.lastDraw.number, rulesUrl: nil, isFavorite: false)
    }

    // MARK: As legacy models (overrides)

    static func drawInfo(_ draw: Draw) -> DrawInfo {
        DrawInfo(
            id: "\(draw.gameId)-\(draw.number)", gameId: draw.gameId, number: draw.number, date: date(draw.date),
            state: DrawState(rawState: draw.status.rawValue.lowercased()), combination: draw.combination,
            bonusNumbers: [], prizePool: nil, superPrize: nil, ticketsSold: 0, categories: [], videoURL: nil)
    }

    static func gameInfo(_ game: Game) -> GameInfo {
        GameInfo(
            id: game.id, title: game.name, type: .lotto, isActive: true, ticketPrice: 100, currency: "RUB",
            superPrize: LegacyMoney.decimal(minorUnits: game.superPrizeMinorUnits), numbersCount: 6, numbersRange: 45,
            bonusRange: nil, logo: nil, nextDraw: nil, lastDraw: drawInfo(game.lastDraw),
            drawsTotal: game.lastDraw.number,
            rulesURL: nil)
    }
}
