import Foundation
import LotteryTestSupport
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif
#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Starts the Python reference backend and talks to both of its APIs with plain URLSession requests.
@Suite("Reference backend")
struct ReferenceBackendTests {
    /// Starts a backend, or cancels the test when this machine cannot run one (unless it is required).
    private func startBackend(_ options: ReferenceBackendOptions = .init()) async throws -> ReferenceBackend {
        if let backend = try await ReferenceBackend.startIfAvailable(options) {
            return backend
        }
        #if compiler(>=6.3)
            try Test.cancel("no Python with graphql-core here: run scripts/python-env.sh")
        #else
            throw ReferenceBackendError.pythonNotFound(path: "python3 with graphql-core")
        #endif
    }

    private func send(_ request: URLRequest) async throws -> (status: Int, json: [String: Any]) {
        let (data, response) = try await URLSession.shared.data(for: request)
        let http = try #require(response as? HTTPURLResponse)
        let object = try JSONSerialization.jsonObject(with: data)
        let json = try #require(object as? [String: Any], "body is not a JSON object: \(object)")
        return (http.statusCode, json)
    }

    private func graphQLRequest(_ backend: ReferenceBackend, _ query: String) throws -> URLRequest {
        var request = URLRequest(url: backend.graphQLURL)
        request.httpMethod = "POST"
        request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        request.setValue(
            "application/graphql-response+json, application/json;q=0.9", forHTTPHeaderField: "Accept")
        request.httpBody = try JSONSerialization.data(withJSONObject: ["query": query])
        return request
    }

    @Test("REST lists the games and GraphQL answers with big Longs, unknown enums and partial data")
    func restAndGraphQL() async throws {
        let backend = try await startBackend()
        defer { backend.stop() }
        #expect(backend.baseURL.host == "127.0.0.1")
        #expect(backend.restURL.absoluteString == backend.baseURL.absoluteString + "/api/v1")

        let rest = try await send(URLRequest(url: backend.restURL.appendingPathComponent("games")))
        #expect(rest.status == 200)
        #expect(rest.json["status"] as? String == "ok")
        let games = try #require(rest.json["result"] as? [[String: Any]])
        let ids = games.compactMap { $0["game_id"] as? String }
        #expect(ids.count == games.count)
        #expect(ids == ids.sorted())
        #expect(ids.contains("6x45"))
        #expect(!ids.contains("6x36"), "the inactive game is not listed by default")
        let gosloto = try #require(games.first { $0["game_id"] as? String == "6x45" })
        #expect(gosloto["draws_total"] as? String == "9007199254740993")

        let query = """
            { game(id: "6x45") { name drawsCount lastDraw { number winningNumbers } }
              scratch: game(id: "scratch-2027") { type }
              ruslotto: game(id: "ruslotto") { lastDraw { number prizePool } } }
            """
        let graphQL = try await send(try graphQLRequest(backend, query))
        #expect(graphQL.status == 200)
        let data = try #require(graphQL.json["data"] as? [String: Any])
        let game = try #require(data["game"] as? [String: Any])
        #expect(game["name"] as? String == "Gosloto 6 of 45")
        // JSONSerialization keeps integers past 2^53 exact as NSNumber(Int64).
        #expect((game["drawsCount"] as? NSNumber)?.int64Value == 9_007_199_254_740_993)
        let lastDraw = try #require(game["lastDraw"] as? [String: Any])
        #expect((lastDraw["number"] as? NSNumber)?.int64Value == 9_007_199_254_740_993)
        #expect(lastDraw["winningNumbers"] as? [Int] == [4, 8, 15, 16, 23, 42])
        let scratch = try #require(data["scratch"] as? [String: Any])
        #expect(scratch["type"] as? String == "SCRATCH")
        let errors = try #require(graphQL.json["errors"] as? [[String: Any]])
        let paths = errors.compactMap { $0["path"] as? [String] }
        #expect(paths == [["ruslotto", "lastDraw", "prizePool"]])

        let invalid = try await send(try graphQLRequest(backend, "{ nope }"))
        #expect(invalid.status == 400)
        #expect(invalid.json["data"] == nil)
    }

    @Test("A token is required on both APIs when set, and Long comes as a string in that mode")
    func tokenAndLongAsString() async throws {
        let backend = try await startBackend(.init(token: "t0ken", longAsString: true))
        defer { backend.stop() }

        let refused = try await send(URLRequest(url: backend.restURL.appendingPathComponent("games")))
        #expect(refused.status == 401)
        let error = try #require(refused.json["error"] as? [String: Any])
        #expect(error["code"] as? String == "UNAUTHORIZED")

        var request = try graphQLRequest(backend, #"{ game(id: "7x49") { drawsCount } }"#)
        let unauthorized = try await send(request)
        #expect(unauthorized.status == 401)
        request.setValue("Bearer t0ken", forHTTPHeaderField: "Authorization")
        let answer = try await send(request)
        #expect(answer.status == 200)
        let data = try #require(answer.json["data"] as? [String: Any])
        let game = try #require(data["game"] as? [String: Any])
        #expect(game["drawsCount"] as? String == "9223372036854775807")
    }

    @Test("stop() ends the server process and can be called twice")
    func stopEndsTheProcess() async throws {
        let backend = try await startBackend()
        let url = backend.restURL.appendingPathComponent("images/logo-6x45")
        let before = try await send(URLRequest(url: url))
        #expect(before.status == 200)
        backend.stop()
        backend.stop()
        await backend.stopAndWait()
        #expect(kill(backend.processIdentifier, 0) != 0, "the server process is gone")
        await #expect(throws: (any Error).self) {
            _ = try await URLSession.shared.data(from: url)
        }
    }

    @Test("A bad data set fails the start with the server's message")
    func badDatasetFails() async throws {
        let missing = FileManager.default.temporaryDirectory.appendingPathComponent("no-such-dataset.json")
        do {
            let backend = try await startBackend(.init(datasetURL: missing))
            backend.stop()
            Issue.record("the server started without a data set")
        } catch let error as ReferenceBackendError {
            guard case .exitedBeforeListening(let status, let standardError) = error else {
                Issue.record("unexpected error \(error)")
                return
            }
            #expect(status == 2)
            #expect(standardError.contains("no-such-dataset.json"))
            #expect(error.description.contains("no-such-dataset.json"))
        }
    }
}
