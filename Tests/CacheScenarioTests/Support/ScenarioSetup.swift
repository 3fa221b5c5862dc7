import Foundation
import GraphQLBridge
import GraphQLBridgeSupport
import LotteryTestSupport

/// A scenario backend, a cache and a client on it that counts the requests it sends (a cache hit sends none).
struct ScenarioSetup: Sendable {
    let backend: ScenarioBackend
    let cache: GraphQLCache
    let client: GraphQLHTTPClient
    let counter: RequestCounter

    /// Runs `body` with a new backend, a memory cache (or the one `makeCache` gives) and a client. The cache keeps
    /// answers an hour: a test on a loaded machine (or under ThreadSanitizer) never sees one go stale by itself.
    static func run(
        maxAge: Duration = .seconds(3_600), makeCache: (@Sendable () -> GraphQLCache)? = nil,
        _ body: (ScenarioSetup) async throws -> Void
    ) async throws {
        let backend = try await ScenarioBackend.start()
        defer { backend.stop() }
        let cache = makeCache?() ?? GraphQLCache(maxAge: maxAge)
        let counter = RequestCounter()
        // The server holds some requests until the test releases them: a request's timeout is the hang detector's,
        // never a bound on how fast a loaded machine (ThreadSanitizer: minutes a test) gets there.
        let client = GraphQLHTTPClient(
            endpoint: backend.graphQLURL, middlewares: [counter], timeout: HangDetector.limit, cache: cache)
        try await body(ScenarioSetup(backend: backend, cache: cache, client: client, counter: counter))
    }

    /// Another client on the same cache and server (another screen).
    func client(middlewares: [any GraphQLMiddleware]) -> GraphQLHTTPClient {
        GraphQLHTTPClient(
            endpoint: backend.graphQLURL, middlewares: [counter] + middlewares, timeout: HangDetector.limit,
            cache: cache)
    }
}

/// Counts the requests that leave the client, by operation name.
final class RequestCounter: GraphQLMiddleware, Sendable {
    private struct State {
        var counts: [String: Int] = [:]
    }

    private let state = Locked(State())

    func intercept(_ request: GraphQLBridge.HTTPRequest, body: Data, operationName: String, next: Next)
        async throws -> (GraphQLBridge.HTTPResponse, Data)
    {
        state.withLock { $0.counts[operationName, default: 0] += 1 }
        return try await next(request, body, operationName)
    }

    func count(_ operation: String) -> Int { state.withLock { $0.counts[operation, default: 0] } }
}

/// Collects a live query's elements for a test to wait on (the wait is a hang detector only).
actor Collector<Element: Sendable> {
    private(set) var items: [Element] = []
    private(set) var failure: (any Error)?

    func append(_ item: Element) { items.append(item) }
    func fail(_ error: any Error) { failure = error }

    /// Waits until `predicate` holds; fails after ``HangDetector/limit`` (a hang, not a slow machine).
    @discardableResult
    func waitUntil(_ what: String, _ predicate: @Sendable ([Element]) -> Bool) async throws -> [Element] {
        try await HangDetector.waitUntil(what) { @Sendable in
            if predicate(await self.items) { return true }
            if let failure = await self.failure { throw failure }
            return false
        }
        return items
    }
}

struct ScenarioTimeout: Error, CustomStringConvertible {
    let what: String
    var description: String { "nothing happened in \(HangDetector.limit): \(what)" }
}
