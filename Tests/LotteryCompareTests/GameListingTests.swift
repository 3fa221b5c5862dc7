import Foundation
import LegacyModels
import LotteryBackend
import LotteryBridge
import Testing

@testable import LotteryCompare

/// The plan's listing of every game: it gives the plan the games', logos' and draws' ids and keeps only the games' and
/// logos' ids for the run (not the games it read, whose lists grow with the backend).
@Suite("LotteryGameListing")
struct GameListingTests {
    @Test("the listing gives every game, logo and newest draw, and holds only the game and logo ids")
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
        let newest = dataSet.games.reduce(0) { $0 + min(10, dataSet.draws(gameId: $1.id).count) }
        #expect(draws.count == newest)

        // The draw keys are the run's to hold (the plan's DrawInfo ids): the listing kept the ids it lists, no more.
        #expect(await listing.heldIDCount == games.count + logos.count)
        #expect(try await listing.drawKeys() == draws)
        #expect(await listing.heldIDCount == games.count + logos.count)
    }
}
