import Foundation
import GraphQLBridgeSupport

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A running scenario backend (`Tests/ScenarioBackend/scenario_server.py`): graphql-core executing the cache
/// scenarios' schema (`Tests/CacheScenarioAPI/graphql/schema.graphqls`) on a free port of 127.0.0.1, with an admin
/// API that changes its data, injects field errors, holds an operation's requests and counts requests.
///
/// ```swift
/// let backend = try await ScenarioBackend.start()
/// try await backend.admin(["failKarma": ["1"]])
/// #expect(try await backend.requestCount("UserProfile") == 1)
/// ```
public final class ScenarioBackend: Sendable {
    /// The origin, `http://127.0.0.1:PORT`.
    public let baseURL: URL
    private let server: ServerProcess

    /// The GraphQL endpoint, `baseURL/graphql`.
    public var graphQLURL: URL { baseURL.appendingPathComponent("graphql") }

    private init(baseURL: URL, server: ServerProcess) {
        self.baseURL = baseURL
        self.server = server
    }

    deinit {
        server.stop()
    }

    /// Starts a server and returns once it listens.
    public static func start() async throws -> ScenarioBackend {
        let repository = try ReferenceBackend.repositoryRoot()
        let python = try await PythonLocator.shared.python(repository: repository)
        let script = repository.appendingPathComponent("Tests/ScenarioBackend/scenario_server.py")
        let launched = try await ServerProcess.launch(
            python: python, script: script, arguments: ["--host", "127.0.0.1", "--port", "0", "--exit-on-stdin-eof"],
            timeout: HangDetector.seconds)
        return ScenarioBackend(baseURL: launched.baseURL, server: launched.server)
    }

    /// Stops the server (SIGTERM; a thread of its own waits for the exit), without blocking the caller. Calling it
    /// again does nothing.
    public func stop() {
        server.stop()
    }

    /// Sends one admin command (see the server's documentation), such as `["hold": "DrawsPlain"]`.
    public func admin(_ command: [String: Any]) async throws {
        let body = try JSONSerialization.data(withJSONObject: command)
        var request = URLRequest(url: baseURL.appendingPathComponent("admin"))
        request.httpMethod = "POST"
        request.httpBody = body
        request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        let (data, response) = try await URLSession.shared.data(for: request)
        guard (response as? HTTPURLResponse)?.statusCode == 200 else {
            throw ReferenceBackendError.invalidOption(
                "admin command \(command) refused: \(String(decoding: data, as: UTF8.self))")
        }
    }

    /// The requests received so far for each operation name, and how many of them wait at a hold.
    public func statistics() async throws -> (requests: [String: Int], waiting: [String: Int]) {
        let (data, _) = try await URLSession.shared.data(from: baseURL.appendingPathComponent("admin/stats"))
        let object = try JSONSerialization.jsonObject(with: data) as? [String: Any]
        return (object?["requests"] as? [String: Int] ?? [:], object?["waiting"] as? [String: Int] ?? [:])
    }

    /// How many requests of `operation` the server received.
    public func requestCount(_ operation: String) async throws -> Int {
        try await statistics().requests[operation] ?? 0
    }

    /// Waits until `count` requests of `operation` wait at its hold (polls; a hang detector, not a timing bound).
    public func waitUntilWaiting(_ operation: String, count: Int = 1) async throws {
        try await HangDetector.waitUntil(
            "\(count) requests of \(operation) at the server's hold", interval: .milliseconds(10)
        ) {
            try await self.statistics().waiting[operation] ?? 0 >= count
        }
    }
}
