import Foundation
import LegacyModels
import Testing

/// `GameInfo.isFavorite` from REST's `is_favorite`, and `LegacyAPIClient.setFavorite(gameId:favorite:)`.
@Suite("Favourites in the legacy models and client")
struct FavoriteTests {
    /// `game-full.json`'s game with `is_favorite` set to the JSON text `flag` (or without it when `nil`), as
    /// result JSON.
    private func gameJSON(isFavorite flag: String?) throws -> String {
        let envelope = try JSONSerialization.jsonObject(with: try Fixture.data("game-full"))
        var game = try #require((envelope as? [String: Any])?["result"] as? [String: Any])
        game["is_favorite"] = nil
        let text = String(
            decoding: try JSONSerialization.data(withJSONObject: game, options: [.sortedKeys]), as: UTF8.self)
        guard let flag else { return text }
        return String(text.dropLast()) + #","is_favorite":\#(flag)}"#
    }

    @Test("is_favorite 1 / 0 decodes to true / false; absent (an older server) is false")
    func decoding() throws {
        #expect(try Fixture.decodeResult(GameInfo.self, json: gameJSON(isFavorite: "1")).isFavorite)
        #expect(try Fixture.decodeResult(GameInfo.self, json: gameJSON(isFavorite: "0")).isFavorite == false)
        #expect(try Fixture.decodeResult(GameInfo.self, json: gameJSON(isFavorite: nil)).isFavorite == false)
    }

    @Test("is_favorite other than 0 / 1 is a decoding error at result.is_favorite")
    func badFlag() throws {
        for flag in ["2", "true", "\"1\"", "null"] {
            let json = try gameJSON(isFavorite: flag)
            let error = Fixture.error { () throws(LegacyAPIError) in
                try Fixture.decodeResult(GameInfo.self, json: json)
            }
            #expect(error?.decodingPath == "result.is_favorite", "is_favorite: \(flag)")
        }
    }

    @Test("setFavorite sends PUT (true) / DELETE (false) without a body to /games/{id}/favorite")
    func requests() async throws {
        let log = RequestLog()
        let host = "stub-\(UUID().uuidString.lowercased()).test"
        let body = Data(#"{"status":"ok","result":\#(try gameJSON(isFavorite: "1"))}"#.utf8)
        let session = StubURLProtocol.session(host: host) { request in
            log.append(request)
            return StubURLProtocol.Reply(status: 200, body: body)
        }
        let client = LegacyAPIClient(baseURL: try Fixture.url("http://\(host)/api/v1"), token: "t", session: session)
        let game = try await client.setFavorite(gameId: "6x45", favorite: true)
        #expect(game.isFavorite)
        let result = await withCheckedContinuation { continuation in
            client.setFavorite(gameId: "6x45", favorite: false) { continuation.resume(returning: $0) }
        }
        #expect((try? result.get())?.id == "6x45")
        let requests = log.requests
        #expect(requests.map(\.httpMethod) == ["PUT", "DELETE"])
        #expect(requests.allSatisfy { $0.url?.path() == "/api/v1/games/6x45/favorite" })
        #expect(requests.allSatisfy { $0.httpBody == nil })
        #expect(requests.first?.value(forHTTPHeaderField: "Authorization") == "Bearer t")
    }
}
