import Foundation
import GraphQLServer
import Testing

@testable import LotteryBackend

/// Checks the REST and GraphQL rendering of the shared `dataset.json` against the contract's rules, computed
/// independently here (money parsed back to minor units, dates through Foundation's formatters).
@Suite("Bundled data set")
struct BundledDataSetTests {
    /// Minor units back from a REST money string; `nil` unless it has exactly two decimals.
    static func minorUnits(_ money: JSONValue?) -> Int64? {
        guard let text = money?.stringValue else { return nil }
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 2, parts[1].count == 2, parts[1].allSatisfy(\.isNumber) else { return nil }
        let negative = parts[0].hasPrefix("-")
        guard let magnitude = UInt64(parts[0].drop { $0 == "-" } + parts[1]) else { return nil }
        if !negative { return Int64(exactly: magnitude) }
        if magnitude == Int64.min.magnitude { return Int64.min }
        return Int64(exactly: magnitude).map { -$0 }
    }

    static func moscow(_ utc: Date) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(secondsFromGMT: 3 * 3_600)
        formatter.dateFormat = "dd.MM.yyyy HH:mm:ss"
        return formatter.string(from: utc)
    }

    @Test("Every REST game and its draws follow the money, count and date rules")
    func everyGame() async throws {
        let dataSet = try LotteryDataSet.bundled()
        let server = try EmbeddedLotteryServer.start()
        defer { server.stop() }
        let session = TestSupport.makeSession()
        defer { session.invalidateAndCancel() }
        let games = try #require(
            try await TestSupport.get(server, "/api/v1/games?active=0", session: session).json()["result"])
        #expect(games.elements.count == dataSet.games.count)
        let iso = ISO8601DateFormatter()
        for rest in games.elements {
            let id = try #require(rest["game_id"]?.stringValue)
            let game = try #require(dataSet.game(id: id))
            #expect(BundledDataSetTests.minorUnits(rest["ticket_price"]) == game.ticketPrice, "\(id)")
            #expect(BundledDataSetTests.minorUnits(rest["super_prize"]) == game.superPrize, "\(id)")
            #expect(rest["draws_total"]?.stringValue.flatMap { Int64($0) } == game.drawsCount, "\(id)")
            #expect(rest["game_type"]?.int64Value == Int64(game.typeCode))
            let draws = try #require(
                try await TestSupport.get(server, "/api/v1/games/\(id)/draws?limit=100", session: session).json()[
                    "result"])
            #expect(draws.elements.count == min(100, dataSet.draws(gameId: id).count))
            for restDraw in draws.elements + [rest["last_draw"], rest["next_draw"]].compactMap({ $0 })
            where restDraw != .null {
                let number = try #require(restDraw["draw_number"]?.int64Value)
                let draw = try #require(dataSet.draw(gameId: id, number: number))
                let utc = try #require(iso.date(from: draw.date.rfc3339))
                #expect(restDraw["draw_date"]?.stringValue == BundledDataSetTests.moscow(utc), "\(draw.id)")
                #expect(restDraw["state"]?.stringValue == draw.status.lowercased())
                #expect(
                    BundledDataSetTests.minorUnits(restDraw["prize_pool"]) == (draw.ledgerDown ? nil : draw.prizePool))
                #expect(
                    BundledDataSetTests.minorUnits(restDraw["super_prize"]) == (draw.ledgerDown ? nil : draw.superPrize)
                )
                #expect(
                    restDraw["combination"]?.stringValue == draw.winningNumbers.map(String.init).joined(separator: ","))
                for (category, source) in zip(restDraw["categories"]?.elements ?? [], draw.prizeCategories) {
                    #expect(BundledDataSetTests.minorUnits(category["prize"]) == source.amount)
                    #expect(category["winners"]?.int64Value == source.winners)
                }
            }
        }
    }

    @Test("Known entities of the shared data set")
    func knownEntities() async throws {
        let server = try EmbeddedLotteryServer.start()
        defer { server.stop() }
        let sevenOf49 = try await TestSupport.get(server, "/api/v1/games/7x49").json()
        #expect(sevenOf49[path: "result", "super_prize"] == .string("92233720368547758.07"))
        #expect(sevenOf49[path: "result", "draws_total"] == .string("9223372036854775807"))
        let sixOf45 = try await TestSupport.get(server, "/api/v1/games/6x45").json()
        #expect(sixOf45[path: "result", "draws_total"] == .string("9007199254740993"))
        #expect(sixOf45[path: "result", "last_draw", "draw_number"] == .number("9007199254740993"))
        let scratch = try await TestSupport.get(server, "/api/v1/games/scratch-2027").json()
        #expect(scratch[path: "result", "game_type"] == .int(5))

        let graphQL = try await TestSupport.graphQL(
            server,
            """
            { g: game(id: "ruslotto") { lastDraw { id prizePool superPrize } }
              s: game(id: "scratch-2027") { type }
              m: game(id: "7x49") { superPrize drawsCount } }
            """
        ).json()
        #expect(graphQL[path: "data", "g", "lastDraw", "prizePool"] == .null)
        #expect(graphQL["errors"]?.elements.count == 2)
        #expect(graphQL[path: "data", "s", "type"] == .string("SCRATCH"))
        #expect(graphQL[path: "data", "m", "superPrize"] == .number("9223372036854775807"))
    }

    @Test("GraphQL and REST agree on every game's money and counts")
    func apisAgree() async throws {
        let server = try EmbeddedLotteryServer.start()
        defer { server.stop() }
        let rest = try #require(try await TestSupport.get(server, "/api/v1/games?active=0").json()["result"])
        let graphQL = try #require(
            try await TestSupport.graphQL(
                server, "{ games(activeOnly: false) { id ticketPrice superPrize drawsCount isActive } }"
            ).json()[path: "data", "games"])
        #expect(rest.elements.count == graphQL.elements.count)
        for (restGame, graphQLGame) in zip(rest.elements, graphQL.elements) {
            #expect(restGame["game_id"] == graphQLGame["id"])
            #expect(BundledDataSetTests.minorUnits(restGame["ticket_price"]) == graphQLGame["ticketPrice"]?.int64Value)
            #expect(BundledDataSetTests.minorUnits(restGame["super_prize"]) == graphQLGame["superPrize"]?.int64Value)
            #expect(restGame["draws_total"]?.stringValue.flatMap { Int64($0) } == graphQLGame["drawsCount"]?.int64Value)
            #expect(restGame["active"] == (graphQLGame["isActive"] == .bool(true) ? .int(1) : .int(0)))
        }
    }
}
