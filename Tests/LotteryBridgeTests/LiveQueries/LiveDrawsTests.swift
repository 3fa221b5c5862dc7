import Foundation
import LegacyModels
import Testing

@testable import LotteryBridge

/// When a draw event makes a live model fetch again (``LotteryRepository/LiveDraws``).
@Suite("Live draws: which events refetch the model")
struct LiveDrawsTests {
    private static func draw(_ number: Int64) -> DrawInfo {
        DrawInfo(
            id: "6x45-\(number)", gameId: "6x45", number: number, date: Date(timeIntervalSince1970: 1_800_000_000),
            state: DrawState(rawState: "active"), combination: [], bonusNumbers: [], prizePool: nil, superPrize: nil,
            ticketsSold: 0, categories: [], videoURL: nil)
    }

    private let live = LotteryRepository.LiveDraws<[DrawInfo]>(gameId: "6x45") { draw, draws in
        !draws.contains { $0.number == draw.number }
    }

    @Test("an event before the first model refetches it (the answer on its way may be older than the event)")
    func eventBeforeFirstModel() {
        #expect(live.needsRefetch(after: Self.draw(7), showing: nil))
    }

    @Test("an event for a draw the model shows does not refetch; one for a draw it does not show does")
    func eventAfterAModel() {
        #expect(!live.needsRefetch(after: Self.draw(7), showing: [Self.draw(7)]))
        #expect(live.needsRefetch(after: Self.draw(8), showing: [Self.draw(7)]))
    }
}
