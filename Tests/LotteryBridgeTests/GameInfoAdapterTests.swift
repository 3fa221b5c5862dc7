import Foundation
import GraphQLBridge
import LegacyModels
import LotteryAPI
import LotteryBridge
import Testing

/// `GameInfo(graphQL:)`: the same legacy model as the REST path, for every edge case of the data set.
@Suite("GameInfo adapter")
struct GameInfoAdapterTests {
    /// Builds the model both ways from fixtures captured for the same game.
    private func bothWays(_ id: String, graphQLFixture: String? = nil) throws -> (
        rest: GameInfo, graphQL: GameInfo, errors: [GraphQLError]
    ) {
        let rest = try Fixture.rest(GameInfo.self, "game-\(id).rest.json")
        let result = try Fixture.graphQL(GameQuery.self, graphQLFixture ?? "game-\(id).graphql.json")
        let game = try #require(result.data?.game)
        return (rest, try GameInfo(graphQL: game), result.errors)
    }

    @Test("Long beyond 2^53: draws count and draw numbers stay exact")
    func longBeyondDoublePrecision() throws {
        let (rest, graphQL, errors) = try bothWays("6x45")
        #expect(errors.isEmpty)
        #expect(graphQL == rest)
        #expect(graphQL.drawsTotal == 9_007_199_254_740_993)
        #expect(graphQL.lastDraw?.number == 9_007_199_254_740_993)
        #expect(graphQL.nextDraw?.number == 9_007_199_254_740_994)
        #expect(graphQL.ticketPrice == Decimal(string: "100.00"))
        #expect(graphQL.type == .lotto)
        #expect(graphQL.logo?.id == "logo-6x45")
    }

    @Test("Int64.max as a count and as money in minor units")
    func int64Max() throws {
        let (rest, graphQL, _) = try bothWays("7x49")
        #expect(graphQL == rest)
        #expect(graphQL.drawsTotal == Int64.max)
        #expect(graphQL.superPrize == Decimal(string: "92233720368547758.07"))
    }

    @Test("Long sent as decimal strings decodes to the same model", arguments: ["6x45", "7x49"])
    func longAsString(id: String) throws {
        let (rest, graphQL, _) = try bothWays(id, graphQLFixture: "game-\(id).graphql-long-as-string.json")
        #expect(graphQL == rest)
        let body = String(decoding: try Fixture.data("game-\(id).graphql-long-as-string.json"), as: UTF8.self)
        #expect(body.contains("\"drawsCount\": \""), "the fixture must really carry Long as strings")
    }

    @Test("A game type the app does not know is .unknown through both APIs")
    func unknownGameType() throws {
        let (rest, graphQL, _) = try bothWays("scratch-2027")
        #expect(graphQL.type == .unknown)
        #expect(rest.type == .unknown)
        #expect(graphQL == rest)
    }

    @Test("Nulls everywhere they are allowed: no logo, no next draw, no super prize, no rules")
    func nulls() throws {
        let (rest, graphQL, _) = try bothWays("6x36")
        #expect(graphQL == rest)
        #expect(graphQL.isActive == false)
        #expect(graphQL.logo == nil)
        #expect(graphQL.nextDraw == nil)
        #expect(graphQL.superPrize == nil)
        #expect(graphQL.rulesURL == nil)
        #expect(graphQL.bonusRange == nil)
    }

    @Test("Prize ledger down: partial data with errors equals REST's nulls")
    func ledgerDown() throws {
        let (rest, graphQL, errors) = try bothWays("ruslotto")
        #expect(graphQL == rest)
        #expect(graphQL.lastDraw?.prizePool == nil)
        #expect(graphQL.lastDraw?.superPrize == nil)
        #expect(errors.count == 2)
        #expect(
            errors.compactMap(\.pathDescription).sorted() == ["game.lastDraw.prizePool", "game.lastDraw.superPrize"])
    }

    @Test("An invalid URL is a decoding error that names the field")
    func invalidURL() throws {
        let game = GameDetails(
            id: "g", name: "G", type: .lotto, isActive: true, ticketPrice: 100, currency: "RUB", superPrize: nil,
            numbersCount: 6, numbersRange: 45, bonusRange: nil,
            logo: ImageDetails(id: "i", url: "not a url", width: 1, height: 1), nextDraw: nil, lastDraw: nil,
            drawsCount: 0, rulesUrl: nil, isFavorite: false)
        #expect {
            try GameInfo(graphQL: game)
        } throws: { error in
            guard let error = error as? GraphQLDecodingError else { return false }
            return error.path == "logo.url" && error.found == "\"not a url\""
        }
    }

    @Test(
        "Money converts exactly from minor units",
        arguments: [
            (Int64(0), "0.00"), (5, "0.05"), (10_000, "100.00"), (-1234, "-12.34"), (Int64.max, "92233720368547758.07"),
            (Int64.min, "-92233720368547758.08"),
        ])
    func money(minor: Int64, major: String) {
        #expect(
            LegacyMoney.decimal(minorUnits: minor) == Decimal(string: major, locale: Locale(identifier: "en_US_POSIX")))
        #expect(LegacyMoney.format(LegacyMoney.decimal(minorUnits: minor)) == major)
    }
}
