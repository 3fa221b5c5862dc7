import Foundation
import GraphQLBridgeSupport
import LegacyModels
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

@Suite("LegacyAPIClient over a stub URLProtocol")
struct ClientTests {
    /// A client for a fresh stub host answering every request with `status` and fixture `fixture`.
    private func client(
        token: String? = "s3cret",
        status: Int = 200,
        body: Data,
        log: RequestLog,
        metrics: (@Sendable (LegacyRequestMetrics) -> Void)? = nil
    ) throws -> LegacyAPIClient {
        let host = "stub-\(UUID().uuidString.lowercased()).test"
        let session = StubURLProtocol.session(host: host) { request in
            log.append(request)
            return StubURLProtocol.Reply(status: status, body: body)
        }
        return LegacyAPIClient(
            baseURL: try Fixture.url("http://\(host)/api/v1/"),
            token: token,
            session: session,
            timeout: HangDetector.seconds,
            metrics: metrics
        )
    }

    @Test("game(id:) sends the headers and the percent-encoded path, and decodes the game")
    func gameRequest() async throws {
        let log = RequestLog()
        let client = try client(body: try Fixture.data("game-full"), log: log)
        let game = try await client.game(id: "6x45/ä b")
        #expect(game.id == "6x45")
        let request = try #require(log.requests.first)
        #expect(request.httpMethod == "GET")
        #expect(request.url?.path(percentEncoded: true) == "/api/v1/games/6x45%2F%C3%A4%20b")
        #expect(request.value(forHTTPHeaderField: "Authorization") == "Bearer s3cret")
        #expect(request.value(forHTTPHeaderField: "Accept") == "application/json")
    }

    @Test("No token, no Authorization header")
    func noToken() async throws {
        let log = RequestLog()
        let client = try client(token: nil, body: try Fixture.data("image"), log: log)
        let image = try await client.image(id: "logo-6x45")
        #expect(image.width == 128)
        let request = try #require(log.requests.first)
        #expect(request.value(forHTTPHeaderField: "Authorization") == nil)
        #expect(request.url?.path() == "/api/v1/images/logo-6x45")
    }

    @Test("games(type:activeOnly:) and draws(gameId:limit:before:) send their query items")
    func queryItems() async throws {
        let log = RequestLog()
        let list = Data(#"{"status":"ok","result":[]}"#.utf8)
        let client = try client(body: list, log: log)
        #expect(try await client.games(type: .rapid, activeOnly: false).isEmpty)
        #expect(try await client.games().isEmpty)
        #expect(try await client.draws(gameId: "6x45", limit: 3, before: 12345).isEmpty)
        #expect(try await client.draws(gameId: "6x45").isEmpty)
        let queries = log.requests.map { request in
            request.url.flatMap { URLComponents(url: $0, resolvingAgainstBaseURL: false) }?.queryItems ?? []
        }
        #expect(
            queries == [
                [URLQueryItem(name: "type", value: "3"), URLQueryItem(name: "active", value: "0")],
                [URLQueryItem(name: "active", value: "1")],
                [URLQueryItem(name: "limit", value: "3"), URLQueryItem(name: "before", value: "12345")],
                [URLQueryItem(name: "limit", value: "10")],
            ]
        )
        #expect(
            log.requests.map { $0.url?.path() } == [
                "/api/v1/games", "/api/v1/games", "/api/v1/games/6x45/draws", "/api/v1/games/6x45/draws",
            ])
    }

    @Test("draw(gameId:number:) decodes a draw from its path")
    func drawRequest() async throws {
        let log = RequestLog()
        let client = try client(body: try Fixture.data("draw"), log: log)
        let draw = try await client.draw(gameId: "4x20", number: 900)
        #expect(draw.bonusNumbers == [2, 19])
        #expect(log.requests.first?.url?.path() == "/api/v1/games/4x20/draws/900")
    }

    @Test("An error envelope with HTTP 404 becomes .server(.notFound)")
    func notFound() async throws {
        let client = try client(status: 404, body: try Fixture.data("error-not-found"), log: RequestLog())
        await #expect(throws: LegacyAPIError.server(code: .notFound, message: "no game 7x49", httpStatus: 404)) {
            try await client.game(id: "7x49")
        }
    }

    @Test("HTTP 401 with the UNAUTHORIZED envelope becomes .server(.unauthorized)")
    func unauthorized() async throws {
        let client = try client(
            token: "wrong", status: 401, body: try Fixture.data("error-unauthorized"), log: RequestLog())
        let expected = LegacyAPIError.server(
            code: .unauthorized,
            message: "missing or wrong bearer token",
            httpStatus: 401
        )
        await #expect(throws: expected) { try await client.games() }
    }

    @Test("A non-envelope body becomes .invalidResponse with the status")
    func htmlBody() async throws {
        let client = try client(status: 502, body: Data("<html>bad gateway</html>".utf8), log: RequestLog())
        await #expect(throws: LegacyAPIError.invalidResponse(httpStatus: 502, bodyExcerpt: "<html>bad gateway</html>"))
        {
            try await client.image(id: "x")
        }
    }

    @Test("Invalid arguments fail before any request", arguments: [0, 101])
    func invalidRequests(limit: Int) async throws {
        let log = RequestLog()
        let client = try client(body: Data(), log: log)
        await #expect {
            try await client.draws(gameId: "6x45", limit: limit)
        } throws: { error in
            if case LegacyAPIError.invalidRequest(let message) = error { message.contains("\(limit)") } else { false }
        }
        await #expect {
            try await client.games(type: .unknown)
        } throws: { error in
            if case LegacyAPIError.invalidRequest(let message) = error { message.contains("unknown") } else { false }
        }
        for id in ["", ".", ".."] {
            await #expect {
                try await client.game(id: id)
            } throws: { error in
                if case LegacyAPIError.invalidRequest = error { true } else { false }
            }
        }
        #expect(log.requests.isEmpty)
    }

    @Test("An unreachable host is a transport error")
    func transport() async throws {
        let session = StubURLProtocol.session(host: "registered-elsewhere.test") { _ in
            StubURLProtocol.Reply(status: 200, body: Data())
        }
        let client = LegacyAPIClient(baseURL: try Fixture.url("http://unregistered.test/api/v1"), session: session)
        await #expect {
            try await client.image(id: "x")
        } throws: { error in
            if case LegacyAPIError.transport(let message) = error {
                message.contains("http://unregistered.test/api/v1/images/x")
            } else {
                false
            }
        }
    }

    @Test("The completion-handler form delivers the result")
    func completionHandler() async throws {
        let client = try client(body: try Fixture.data("game-full"), log: RequestLog())
        let result = await withCheckedContinuation { continuation in
            client.game(id: "6x45") { continuation.resume(returning: $0) }
        }
        #expect((try? result.get())?.drawsTotal == 9_007_199_254_740_993)
        let notFound = try self.client(status: 404, body: try Fixture.data("error-not-found"), log: RequestLog())
        let failure = await withCheckedContinuation { continuation in
            notFound.draws(gameId: "7x49") { continuation.resume(returning: $0) }
        }
        #expect(failure == .failure(.server(code: .notFound, message: "no game 7x49", httpStatus: 404)))
    }

    @Test("A cancelled task gives .cancelled and sends nothing")
    func cancellation() async throws {
        let log = RequestLog()
        let client = try client(body: try Fixture.data("image"), log: log)
        let task = Task { () async -> Result<ImageInfo, LegacyAPIError> in
            try? await Task.sleep(for: .seconds(30))
            do throws(LegacyAPIError) {
                return .success(try await client.image(id: "logo-6x45"))
            } catch {
                return .failure(error)
            }
        }
        task.cancel()
        #expect(await task.value == .failure(.cancelled))
        #expect(log.requests.isEmpty)
    }

    @Test("send reports bytes received, and the metrics callback sees every response")
    func bytes() async throws {
        let body = try Fixture.data("image")
        let seen = RequestLog()
        let metricsLog = MetricsLog()
        let client = try client(body: body, log: seen, metrics: { metricsLog.append($0) })
        let response = try await client.send(ImageInfo.self, path: ["images", "logo-6x45"])
        #expect(response.byteCount == body.count)
        #expect(response.httpStatus == 200)
        #expect(response.value.id == "logo-6x45")
        #expect(metricsLog.values.map(\.byteCount) == [body.count])
        #expect(metricsLog.values.first?.url.path() == "/api/v1/images/logo-6x45")
    }
}

/// Metrics seen by a callback, for assertions.
final class MetricsLog: @unchecked Sendable {
    private struct State {
        var stored: [LegacyRequestMetrics] = []
    }

    private let state = Locked(State())

    func append(_ metrics: LegacyRequestMetrics) {
        state.withLock { $0.stored.append(metrics) }
    }

    var values: [LegacyRequestMetrics] {
        state.withLock { $0.stored }
    }
}
