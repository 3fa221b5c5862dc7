import Foundation

/// A draw, shaped like the app's legacy model.
struct SampleDraw: Sendable, Equatable {
    var number: Int64
    var date: Date
    var state: SampleDrawState
    var combination: [Int]
    var prizePool: Decimal?
    var categories: [SamplePrizeCategory]
    var videoURL: URL?

    /// A completed draw on 2026-11-28 18:00 UTC.
    static let completed = SampleDraw(
        number: 12345,
        date: Date(timeIntervalSince1970: 1_795_888_800),
        state: .completed,
        combination: [4, 8, 15, 16, 23, 42],
        prizePool: Decimal(string: "5000000.00"),
        categories: [
            SamplePrizeCategory(matched: 6, bonus: false, winners: 1, prize: Decimal(string: "123456789.50") ?? 0),
            SamplePrizeCategory(matched: 5, bonus: false, winners: 40, prize: 15000),
            SamplePrizeCategory(matched: 4, bonus: false, winners: 900, prize: 300),
        ],
        videoURL: testURL("https://video.example/12345.mp4")
    )
}
