import Foundation
import GraphQLBridge
import LegacyModels
import LotteryAPI
import LotteryBridge
import Testing

/// `DrawInfo(graphQL:)`: the same legacy model as the REST path.
@Suite("DrawInfo adapter")
struct DrawInfoAdapterTests {
    private func bothWays(_ name: String) throws -> (rest: DrawInfo, graphQL: DrawInfo, errors: [GraphQLError]) {
        let rest = try Fixture.rest(DrawInfo.self, "draw-\(name).rest.json")
        let result = try Fixture.graphQL(DrawQuery.self, "draw-\(name).graphql.json")
        let draw = try #require(result.data?.draw)
        return (rest, try DrawInfo(graphQL: draw), result.errors)
    }

    @Test("A status the app does not know is .unknown through both APIs")
    func unknownStatus() throws {
        let (rest, graphQL, _) = try bothWays("4x20-2506")
        #expect(graphQL.state == .unknown)
        #expect(graphQL == rest)
    }

    @Test("Moscow time across New Year: 01.01.2027 02:00:00 MSK is 2026-12-31T23:00:00Z")
    func newYear() throws {
        let (rest, graphQL, _) = try bothWays("5x36-123458")
        #expect(graphQL == rest)
        #expect(graphQL.date == Fixture.date("2026-12-31T23:00:00Z"))
        let body = String(decoding: try Fixture.data("draw-5x36-123458.rest.json"), as: UTF8.self)
        #expect(body.contains("01.01.2027 02:00:00"))
    }

    @Test("A draw number beyond 2^53, not yet drawn: empty numbers, null prizes")
    func announcedBigNumber() throws {
        let (rest, graphQL, _) = try bothWays("6x45-9007199254740995")
        #expect(graphQL == rest)
        #expect(graphQL.number == 9_007_199_254_740_995)
        #expect(graphQL.combination.isEmpty)
        #expect(graphQL.prizePool == nil)
    }

    @Test("Ledger down: the GraphQL errors name the fields that are nil")
    func ledgerDown() throws {
        let (rest, graphQL, errors) = try bothWays("ruslotto-1659")
        #expect(graphQL == rest)
        #expect(graphQL.prizePool == nil && graphQL.superPrize == nil)
        #expect(Set(errors.compactMap(\.pathDescription)) == ["draw.prizePool", "draw.superPrize"])
    }

    @Test("A list of draws: same models in the same order, across midnight and New Year")
    func drawList() throws {
        let rest = try Fixture.rest([DrawInfo].self, "draws-5x36.rest.json")
        let result = try Fixture.graphQL(DrawsQuery.self, "draws-5x36.graphql.json")
        let graphQL = try (result.data?.draws ?? []).map { try DrawInfo(graphQL: $0) }
        #expect(graphQL.count == 10)
        #expect(graphQL == rest)
        #expect(graphQL.map(\.number) == graphQL.map(\.number).sorted(by: >), "newest first")
    }

    @Test("Prize categories: matched, bonus, winners and money")
    func categories() throws {
        let draw = DrawDetails(
            id: "g-1", gameId: "g", number: 1, date: Date(timeIntervalSince1970: 0), status: .completed,
            winningNumbers: [3, 1, 2], bonusNumbers: [7], prizePool: 1, superPrize: nil, ticketsSold: 9,
            prizeCategories: [PrizeCategoryDetails(matched: 5, bonusMatched: true, winners: Int64.max, amount: 150)],
            videoUrl: "https://video.example/1.mp4")
        let model = try DrawInfo(graphQL: draw)
        #expect(model.combination == [3, 1, 2], "drawn order is kept")
        #expect(model.bonusNumbers == [7])
        #expect(model.prizePool == Decimal(string: "0.01"))
        #expect(model.categories == [PrizeCategoryInfo(guessed: 5, bonus: true, winners: Int64.max, prize: 1.5)])
        #expect(model.videoURL?.absoluteString == "https://video.example/1.mp4")
        #expect(model.state == .completed)
    }

    @Test(
        "Every GraphQL status maps to the legacy state of the same name",
        arguments: [
            (DrawStatus.announced, DrawState.announced), (.selling, .selling), (.drawing, .drawing),
            (.completed, .completed), (.cancelled, .cancelled), (.unknown("POSTPONED"), .unknown),
        ])
    func statuses(status: DrawStatus, state: DrawState) {
        #expect(DrawState(graphQL: status) == state)
        #expect(state == DrawState(rawState: status.rawValue.lowercased()))
    }
}
