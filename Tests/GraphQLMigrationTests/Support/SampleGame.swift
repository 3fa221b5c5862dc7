import Foundation

/// A game, shaped like the app's legacy model.
struct SampleGame: Sendable, Equatable {
    var id: String
    var name: String
    var type: SampleGameType
    var isActive: Bool
    var ticketPrice: Decimal
    var superPrize: Decimal?
    var logo: SampleImage?
    var nextDraw: SampleDraw?
    var lastDraw: SampleDraw?
    var drawsCount: Int64
    var rulesURL: URL?
    var tags: [String: String]

    /// A lotto game with a last draw and no next draw.
    static let lotto = SampleGame(
        id: "6x45",
        name: "Gosloto 6 of 45",
        type: .lotto,
        isActive: true,
        ticketPrice: 100,
        superPrize: Decimal(string: "123456789.50"),
        logo: SampleImage(id: "logo-6x45", url: testURL("https://cdn.example/6x45.png"), width: 128, height: 128),
        nextDraw: nil,
        lastDraw: .completed,
        drawsCount: 9_007_199_254_740_993,
        rulesURL: testURL("https://lottery.example/rules/6x45"),
        tags: ["region": "RU", "channel": "app"]
    )
}
