import Foundation
import GraphQLServer
import Testing

@testable import LotteryBackend

/// The draw clock of the embedded backend: the steps a draw goes through, what both APIs read after a step, and
/// the WebSocket handshake's answer.
@Suite("Draw clock")
struct DrawClockTests {
    @Test("A game's next draw: SELLING -> DRAWING -> COMPLETED (numbers, prizes), then a new draw on sale")
    func steps() throws {
        let data = try LotteryDataSet.bundled()
        let game = try #require(data.game(id: "5x36"))
        let next = try #require(game.nextDraw)
        let (afterOne, first) = try #require(DrawAdvancer.advance("5x36", in: data))
        #expect(first.map(\.status) == ["DRAWING"] && first.first?.number == next)
        #expect(
            try #require(first.first).ticketsSold > (try #require(data.draw(gameId: "5x36", number: next))).ticketsSold)
        let (afterTwo, second) = try #require(DrawAdvancer.advance("5x36", in: afterOne))
        #expect(second.map(\.status) == ["COMPLETED", "SELLING"])
        #expect(second.map(\.number) == [next, next + 1])
        let completed = second[0]
        #expect(completed.winningNumbers.count == game.numbersCount)
        #expect(completed.winningNumbers.allSatisfy { (1...game.numbersRange).contains($0) })
        #expect(!completed.prizeCategories.isEmpty && completed.prizePool != nil)
        let updated = try #require(afterTwo.game(id: "5x36"))
        #expect(updated.lastDraw == next && updated.nextDraw == next + 1 && updated.drawsCount == game.drawsCount + 1)
        // The announced draw after it is now on sale.
        #expect(data.draw(gameId: "5x36", number: next + 1)?.status == "ANNOUNCED")
        #expect(afterTwo.draw(gameId: "5x36", number: next + 1)?.status == "SELLING")
        // Past the announced draws, a new one is made.
        var later = afterTwo
        for _ in 0..<12 { later = try #require(DrawAdvancer.advance("5x36", in: later)).0 }
        let newest = try #require(later.draws(gameId: "5x36").first)
        #expect(later.game(id: "5x36")?.nextDraw == newest.number && newest.status != "ANNOUNCED")
        // Deterministic: the same steps give the same draws.
        let again = try #require(DrawAdvancer.advance("5x36", in: afterOne))
        #expect(again.1 == second)
    }

    @Test("Long values at Int64.max do not overflow the clock's arithmetic")
    func saturates() throws {
        var data = try LotteryDataSet.bundled()
        for _ in 0..<4 {
            data = try #require(DrawAdvancer.advance("7x49", in: data)).0
        }
        let game = try #require(data.game(id: "7x49"))
        #expect(game.drawsCount == Int64.max)
        #expect(DrawAdvancer.saturating(.max, plus: 1) == .max && DrawAdvancer.saturating(.min, plus: -1) == .min)
        #expect(DrawAdvancer.saturating(.max, times: 2) == .max && DrawAdvancer.saturating(.max, times: -2) == .min)
    }

    @Test("A game without a next draw, or with one the clock does not know (POSTPONED), opens a new draw")
    func opensNewDraw() throws {
        let data = try LotteryDataSet.bundled()
        let (_, draws) = try #require(DrawAdvancer.advance("4x20", in: data))
        let announced = try #require(data.draws(gameId: "4x20").last { $0.number > 2506 && $0.status == "ANNOUNCED" })
        #expect(draws.map(\.status) == ["SELLING"] && draws.first?.number == announced.number)
        #expect(DrawAdvancer.advance("no-such-game", in: data) == nil)
    }

    @Test("Both APIs read the clock's changes: REST's draw and GraphQL's draw after a step")
    func bothAPIsSeeChanges() async throws {
        let server = try EmbeddedLotteryServer.start()
        defer { server.stop() }
        let changed = server.drawClock.advance(gameId: "5x36")
        let number = try #require(changed.first?.number)
        let rest = try await TestSupport.get(server, "/api/v1/games/5x36/draws/\(number)")
        #expect(try rest.json()[path: "result", "state"]?.stringValue == "drawing")
        let graphQL = try await TestSupport.graphQL(server, "{ draw(gameId: \"5x36\", number: \(number)) { status } }")
        #expect(try graphQL.json()[path: "data", "draw", "status"]?.stringValue == "DRAWING")
    }

    @Test("The WebSocket handshake's accept value (RFC 6455's example)")
    func acceptValue() {
        let accept = WebSocketSession<GraphQLService>.acceptValue(for: "dGhlIHNhbXBsZSBub25jZQ==")
        #expect(accept == "s3pPLMBiTxaQ9kYGzzhZRbK+xOo=")
    }
}
