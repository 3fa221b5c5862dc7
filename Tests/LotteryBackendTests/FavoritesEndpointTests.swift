import Foundation
import GraphQLServer
import Testing

@testable import LotteryBackend

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The embedded backend's writes: favourites per bearer token through REST `PUT`/`DELETE` and the GraphQL
/// mutation, each seen through the other API, `Cache-Control` on queries only, and the failing-writes switch.
@Suite("Embedded backend favourites")
struct FavoritesEndpointTests {
    static let setFavorite = """
        mutation SetFavorite($gameId: ID!, $favorite: Boolean!) {
          setFavorite(gameId: $gameId, favorite: $favorite) { id isFavorite }
        }
        """

    /// `PUT` or `DELETE <server>/api/v1/games/<gameId>/favorite`.
    static func write(
        _ server: EmbeddedLotteryServer, _ method: String, gameId: String, token: String? = nil
    ) async throws -> TestResponse {
        let url = try #require(URL(string: server.baseURL.absoluteString + "/api/v1/games/\(gameId)/favorite"))
        var request = URLRequest(url: url)
        request.httpMethod = method
        if let token { request.setValue("Bearer \(token)", forHTTPHeaderField: "Authorization") }
        return try await TestSupport.send(request)
    }

    static func restFlag(_ server: EmbeddedLotteryServer, gameId: String, token: String? = nil) async throws -> Int64? {
        let response = try await TestSupport.get(server, "/api/v1/games/\(gameId)", token: token)
        #expect(response.status == 200)
        return try response.json()[path: "result", "is_favorite"]?.int64Value
    }

    static func graphQLFlag(_ server: EmbeddedLotteryServer, gameId: String, token: String? = nil) async throws
        -> JSONValue?
    {
        let response = try await TestSupport.graphQL(
            server, "query($id: ID!) { game(id: $id) { isFavorite } }", variables: .object([("id", .string(gameId))]),
            token: token)
        #expect(response.status == 200)
        return try response.json()[path: "data", "game", "isFavorite"]
    }

    @Test("REST PUT/DELETE: idempotent, return the game, seen through GraphQL, per token")
    func restWritesPerToken() async throws {
        let server = try TestSupport.startServer(EmbeddedBackendOptions(token: "alice", additionalTokens: ["bob"]))
        defer { server.stop() }
        #expect(try await Self.restFlag(server, gameId: "6x45", token: "alice") == 0)
        for _ in 0..<2 {
            let put = try await Self.write(server, "PUT", gameId: "6x45", token: "alice")
            #expect(put.status == 200)
            #expect(try put.json()[path: "result", "game_id"] == .string("6x45"))
            #expect(try put.json()[path: "result", "is_favorite"]?.int64Value == 1)
        }
        #expect(try await Self.graphQLFlag(server, gameId: "6x45", token: "alice") == .bool(true))
        #expect(try await Self.restFlag(server, gameId: "6x45", token: "bob") == 0)
        #expect(try await Self.graphQLFlag(server, gameId: "6x45", token: "bob") == .bool(false))
        let listed = try await TestSupport.get(server, "/api/v1/games?active=0", token: "alice").json()
        let flags = listed[path: "result"]?.elements.map {
            ($0[path: "game_id"]?.stringValue ?? "", $0[path: "is_favorite"]?.int64Value ?? -1)
        }
        #expect(flags?.first { $0.0 == "6x45" }?.1 == 1)
        #expect(flags?.filter { $0.1 == 1 }.count == 1)
        for _ in 0..<2 {
            let delete = try await Self.write(server, "DELETE", gameId: "6x45", token: "alice")
            #expect(delete.status == 200)
            #expect(try delete.json()[path: "result", "is_favorite"]?.int64Value == 0)
        }
        #expect(try await Self.graphQLFlag(server, gameId: "6x45", token: "alice") == .bool(false))
        let stranger = try await Self.write(server, "PUT", gameId: "6x45", token: "eve")
        #expect(stranger.status == 401)
    }

    @Test("REST: unknown game 404 NOT_FOUND; GET on the favourite and PUT elsewhere are 400")
    func restErrors() async throws {
        let server = try TestSupport.startServer()
        defer { server.stop() }
        let missing = try await Self.write(server, "PUT", gameId: "nope", token: nil)
        #expect(missing.status == 404)
        #expect(try missing.json()[path: "error", "code"] == .string("NOT_FOUND"))
        let get = try await TestSupport.get(server, "/api/v1/games/6x45/favorite")
        #expect(get.status == 400)
        #expect(get.headers["allow"] == "PUT, DELETE")
        let url = try #require(URL(string: server.baseURL.absoluteString + "/api/v1/games/6x45"))
        var put = URLRequest(url: url)
        put.httpMethod = "PUT"
        let refused = try await TestSupport.send(put)
        #expect(refused.status == 400)
        #expect(try refused.json()[path: "error", "code"] == .string("BAD_REQUEST"))
    }

    @Test("GraphQL setFavorite: seen through REST; unknown game is a field error with data null")
    func mutation() async throws {
        let server = try TestSupport.startServer()
        defer { server.stop() }
        let variables = JSONValue.object([("gameId", .string("max")), ("favorite", .bool(true))])
        let set = try await TestSupport.graphQL(server, Self.setFavorite, variables: variables)
        #expect(set.status == 200)
        #expect(try set.json()[path: "data", "setFavorite", "isFavorite"] == .bool(true))
        #expect(try await Self.restFlag(server, gameId: "max") == 1, "one shared set without tokens")
        let unset = try await TestSupport.graphQL(
            server, Self.setFavorite, variables: .object([("gameId", .string("max")), ("favorite", .bool(false))]))
        #expect(try unset.json()[path: "data", "setFavorite", "isFavorite"] == .bool(false))
        #expect(try await Self.restFlag(server, gameId: "max") == 0)

        let missing = try await TestSupport.graphQL(
            server, Self.setFavorite, variables: .object([("gameId", .string("nope")), ("favorite", .bool(true))]))
        #expect(missing.status == 200)
        let body = try missing.json()
        #expect(body[path: "data"] == .null)
        #expect(body[path: "errors", 0, "path", 0] == .string("setFavorite"))
        #expect(body[path: "errors", 0, "extensions", "code"] == .string("NOT_FOUND"))
    }

    @Test("Cache-Control: max-age on executed queries only, never on mutations or request errors")
    func cacheControl() async throws {
        let server = try TestSupport.startServer(EmbeddedBackendOptions(cacheMaxAge: 30))
        defer { server.stop() }
        let query = try await TestSupport.graphQL(server, "{ games { id isFavorite } }")
        #expect(query.status == 200)
        #expect(query.headers["cache-control"] == "max-age=30")
        let mutation = try await TestSupport.graphQL(
            server, Self.setFavorite, variables: .object([("gameId", .string("6x45")), ("favorite", .bool(true))]))
        #expect(mutation.status == 200)
        #expect(mutation.headers["cache-control"] == nil)
        let invalid = try await TestSupport.graphQL(server, "{ nope }")
        #expect(invalid.status == 400)
        #expect(invalid.headers["cache-control"] == nil)

        let plain = try TestSupport.startServer()
        defer { plain.stop() }
        #expect(try await TestSupport.graphQL(plain, "{ games { id } }").headers["cache-control"] == nil)
    }

    @Test("failMutations: every write fails and changes nothing")
    func failingWrites() async throws {
        let server = try TestSupport.startServer(EmbeddedBackendOptions(failMutations: true))
        defer { server.stop() }
        let put = try await Self.write(server, "PUT", gameId: "6x45")
        #expect(put.status == 500)
        #expect(try put.json()[path: "error", "code"] == .string("INTERNAL"))
        let mutation = try await TestSupport.graphQL(
            server, Self.setFavorite, variables: .object([("gameId", .string("6x45")), ("favorite", .bool(true))]))
        #expect(mutation.status == 200)
        #expect(try mutation.json()[path: "data"] == .null)
        #expect(try mutation.json()[path: "errors", 0, "extensions", "code"] == .string("INTERNAL"))
        #expect(try await Self.restFlag(server, gameId: "6x45") == 0)
        #expect(try await Self.graphQLFlag(server, gameId: "6x45") == .bool(false))
    }
}
