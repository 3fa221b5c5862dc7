import Foundation
import GraphQLBridge
import GraphQLBridgeTesting
import GraphQLComparison
import GraphQLMigration
import LegacyModels
import LotteryBridge
import Testing

/// The adapters on what a backend really sent: every response `lottery compare --record` saved from the
/// reference backend (`Fixtures/Recorded`), replayed offline. For each entity and list: the REST fixture through the
/// legacy decoding equals the GraphQL fixture through the app's client, decoding and adapter (replayed by
/// `ComparisonFixtures.graphQLTransport`, from GraphQLBridgeTesting).
///
/// Re-record after a change of the data set or the contract: start the reference backend
/// (`"$(scripts/python-env.sh)" Tests/ReferenceBackend/server.py --port 8080`), then
/// `rm -rf Tests/LotteryBridgeTests/Fixtures/Recorded && swift run lottery compare --rest-url
/// http://127.0.0.1:8080/api/v1 --graphql-url http://127.0.0.1:8080/graphql --record Tests/LotteryBridgeTests/Fixtures/Recorded`.
@Suite("Adapters on recorded responses")
struct RecordedAdapterTests {
    struct MissingFixtures: Error, CustomStringConvertible {
        var description: String { "Tests/LotteryBridgeTests/Fixtures/Recorded is missing from the test bundle" }
    }

    static func fixtures() throws -> ComparisonFixtures {
        guard let folder = Bundle.module.url(forResource: "Recorded", withExtension: nil, subdirectory: "Fixtures")
        else {
            throw MissingFixtures()
        }
        return ComparisonFixtures(directory: folder)
    }

    /// The app's client over a replay of `model`/`id`'s recorded GraphQL responses.
    static func client(
        _ fixtures: ComparisonFixtures, model: String, id: String, list: Bool = false
    ) throws -> (GraphQLClient, MockTransport) {
        let transport = try fixtures.graphQLTransport(model: model, id: id, list: list)
        let endpoint = URL(fileURLWithPath: "/replay/graphql")
        return (GraphQLClient(endpoint: endpoint, transport: transport), transport)
    }

    @Test("GameInfo: every recorded game, REST fixture == GraphQL fixture through the adapter")
    func games() async throws {
        let fixtures = try Self.fixtures()
        let ids = try fixtures.ids(of: "GameInfo")
        #expect(ids.count == 10)
        for id in ids {
            let rest = try LegacyAPIClient.decodeEnvelope(
                GameInfo.self, from: try fixtures.body(.rest, model: "GameInfo", id: id))
            let (client, transport) = try Self.client(fixtures, model: "GameInfo", id: id)
            let response = try await client.fetchResponse(requestType: .gameInfo(gameId: id), as: GameInfo.self)
            #expect(response.value == rest, "game \(id)")
            #expect(transport.requests.map(\.operationName) == ["Game"])
            if id == "ruslotto" {
                #expect(response.warnings.count == 2, "the ledger is down: partial data with two field errors")
            }
        }
    }

    @Test("DrawInfo: every recorded draw (Long beyond 2^53, the ledger down, every state)")
    func draws() async throws {
        let fixtures = try Self.fixtures()
        let ids = try fixtures.ids(of: "DrawInfo")
        #expect(ids.count >= 90)
        #expect(ids.contains("6x45-9007199254740993") && ids.contains("ruslotto-1659"))
        for id in ids {
            guard let dash = id.lastIndex(of: "-"), let number = Int64(id[id.index(after: dash)...]) else {
                Issue.record("draw id \(id) is not <game>-<number>")
                continue
            }
            let gameId = String(id[..<dash])
            let rest = try LegacyAPIClient.decodeEnvelope(
                DrawInfo.self, from: try fixtures.body(.rest, model: "DrawInfo", id: id))
            let (client, _) = try Self.client(fixtures, model: "DrawInfo", id: id)
            let graphQL = try await client.drawInfo(gameId: gameId, number: number)
            #expect(graphQL == rest, "draw \(id)")
        }
    }

    @Test("ImageInfo: every recorded logo")
    func images() async throws {
        let fixtures = try Self.fixtures()
        let ids = try fixtures.ids(of: "ImageInfo")
        #expect(ids.count == 9)
        for id in ids {
            let rest = try LegacyAPIClient.decodeEnvelope(
                ImageInfo.self, from: try fixtures.body(.rest, model: "ImageInfo", id: id))
            let (client, _) = try Self.client(fixtures, model: "ImageInfo", id: id)
            #expect(try await client.image(id: id) == rest, "image \(id)")
        }
    }

    @Test("The lists: each recorded games list and draws list, element by element and in order")
    func lists() async throws {
        let fixtures = try Self.fixtures()
        let games = try fixtures.ids(of: "GameInfo", list: true)
        #expect(games.count == 10)
        for name in games {
            let rest = try LegacyAPIClient.decodeEnvelope(
                [GameInfo].self, from: try fixtures.body(.rest, model: "GameInfo", id: name, list: true))
            let (client, _) = try Self.client(fixtures, model: "GameInfo", id: name, list: true)
            let graphQL = try await client.fetch(
                requestType: .games(type: nil, activeOnly: false), as: [GameInfo].self)
            #expect(graphQL == rest, "\(name)")
        }
        let draws = try fixtures.ids(of: "DrawInfo", list: true)
        #expect(draws.count == 10)
        for name in draws {
            let rest = try LegacyAPIClient.decodeEnvelope(
                [DrawInfo].self, from: try fixtures.body(.rest, model: "DrawInfo", id: name, list: true))
            let (client, _) = try Self.client(fixtures, model: "DrawInfo", id: name, list: true)
            let graphQL = try await client.fetch(
                requestType: .draws(gameId: "replayed", last: 10, before: nil), as: [DrawInfo].self)
            #expect(graphQL == rest, "\(name)")
            #expect(!rest.isEmpty)
        }
    }

    @Test("A replay answers only the responses recorded: one more request fails and says why")
    func replayLimit() async throws {
        let fixtures = try Self.fixtures()
        let (client, _) = try Self.client(fixtures, model: "ImageInfo", id: "logo-6x45")
        _ = try await client.image(id: "logo-6x45")
        await #expect {
            _ = try await client.image(id: "logo-6x45")
        } throws: { error in
            "\(error)".contains("hold 1 GraphQL response(s)")
        }
        #expect(throws: ComparisonFixtureError.self) {
            try fixtures.graphQLTransport(model: "ImageInfo", id: "logo-nope")
        }
    }
}
