import Foundation
import LegacyModels
import LotteryAPI
import LotteryBackend
import LotteryBridge
import Testing

@testable import LotteryCompare

/// The plan's listing of every game: it gives the plan the games', logos' and draws' ids and keeps only the games' and
/// logos' ids for the run (not the games it read, whose lists grow with the backend).
@Suite("LotteryGameListing")
struct GameListingTests {
    @Test("the listing gives every game, logo, archive page and draw, and holds only the game and logo ids")
    func holdsOnlyIDs() async throws {
        let server = try EmbeddedLotteryServer.start()
        defer { server.stop() }
        let dataSet = try LotteryDataSet.bundled()
        let clients = LotteryComparisonClients(restURL: server.restURL, graphQLURL: server.graphQLURL)
        defer { clients.finish() }
        let listing = LotteryGameListing(rest: clients.rest, graphQL: clients.graphQL, drawsPerGame: 10)
        #expect(await listing.heldIDCount == 0)

        let games = try await listing.gameIDs()
        let logos = try await listing.logoIDs()
        let draws = try await listing.drawKeys()
        #expect(games == dataSet.games.map(\.id))
        #expect(Set(logos) == Set(dataSet.games.compactMap(\.logo)))
        #expect(logos.count == Set(logos).count)
        // Every draw of every game, from its archive's pages of 10: a page more than the full pages (the last,
        // shorter or empty, ends the archive).
        #expect(draws.count == dataSet.draws.count)
        #expect(Set(draws.map(\.id)).count == draws.count)
        let pages = try await listing.archivePages()
        for game in dataSet.games {
            let count = dataSet.draws(gameId: game.id).count
            let befores = pages.filter { $0.gameId == game.id }.map(\.before)
            #expect(befores.count == count / 10 + 1, "\(game.id): \(count) draws")
            #expect(befores.first == .some(nil))
            let numbers = dataSet.draws(gameId: game.id).map(\.number).sorted(by: >)
            let expected = stride(from: 10, to: count + 1, by: 10).map { numbers[$0 - 1] }
            #expect(Array(befores.dropFirst()) == expected.map { .some($0) }, "\(game.id)")
        }

        // The draw keys are the run's to hold (the plan's DrawInfo ids): the listing kept the ids it lists, no more.
        #expect(await listing.heldIDCount == games.count + logos.count)
        #expect(try await listing.drawKeys() == draws)
        #expect(await listing.heldIDCount == games.count + logos.count)
    }

    @Test("REST's games are read into their ids alone: the game's and its logo's, the other fields skipped")
    func restGamesIntoIDs() throws {
        let body = Data(
            #"""
            {"status": "ok", "result": [
              {"game_id": "6x45", "title": "6 of 45", "game_type": 1, "next_draw": {"draw_id": "x"},
               "logo": {"image_id": "logo-6x45", "url": "https://cdn.example/6x45.png", "w": 128, "h": 128}},
              {"game_id": "keno", "logo": null},
              {"game_id": "rapid"}
            ]}
            """#.utf8)
        let games = try LegacyAPIClient.decodeEnvelope([LotteryGameListing.ListedGame].self, from: body)
        #expect(games.map(\.id) == ["6x45", "keno", "rapid"])
        #expect(games.map(\.logoID) == ["logo-6x45", nil, nil])
        // A game without its id is not a game of the contract: the listing fails, naming the field.
        #expect(throws: LegacyAPIError.self) {
            try LegacyAPIClient.decodeEnvelope(
                [LotteryGameListing.ListedGame].self, from: Data(#"{"status": "ok", "result": [{"logo": null}]}"#.utf8))
        }
    }

    @Test("GraphQL is asked for the games' and logos' ids, not the games")
    func graphQLAsksForIDs() {
        #expect(
            GameIDsQuery.document == "query GameIDs($activeOnly:Boolean){games(activeOnly:$activeOnly){id logo{id}}}")
    }
}
