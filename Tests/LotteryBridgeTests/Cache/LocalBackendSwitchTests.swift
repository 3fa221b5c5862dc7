import Foundation
import GraphQLBridge
import LegacyModels
import LotteryBackend
import LotteryBridge
import Testing

/// `useLocalBackend(host:port:)`: a client built for a remote endpoint is pointed at the embedded backend, as
/// Firebase Data Connect's `useEmulator` does, keeping its cache.
@Suite("Local backend switch")
struct LocalBackendSwitchTests {
    @Test("A client built for an unreachable endpoint answers from the embedded backend after the switch")
    func switchesEndpoint() async throws {
        let server = try EmbeddedLotteryServer.start()
        defer { server.stop() }
        let client = GraphQLClient.app(
            endpoint: try #require(URL(string: "http://127.0.0.1:9/graphql")), token: nil, userID: "dev")
        await #expect(throws: APIError.self) {
            let _: GameInfo = try await client.fetch(requestType: .gameInfo(gameId: "6x45"))
        }
        client.useLocalBackend(host: "127.0.0.1", port: Int(server.port))
        #expect(client.client.endpoint.absoluteString == "http://127.0.0.1:\(server.port)/graphql")
        let game: GameInfo = try await client.fetch(requestType: .gameInfo(gameId: "6x45"))
        #expect(game.id == "6x45")
        #expect(client.client.cache != nil, "the switch keeps the client's cache")
        let cached = try await client.fetchResponse(
            requestType: .gameInfo(gameId: "6x45"), as: GameInfo.self, fetchPolicy: .cacheOnly)
        #expect(cached.source == .cache && cached.value == game)
    }
}
