import Foundation
import GraphQLBridge
import LotteryAPI
import LotteryTestSupport
import RuntimeTestSupport
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The runtime's Server-Sent Events transport against the reference backend (graphql-core's `subscribe`, an
/// implementation that is not ours), its draw clock driven through its test controls (`--control`): ordered events
/// with exact `Long`s, the cache and a watcher, cancellation counted on the server, a dropped stream resubscribed,
/// a refused token bounded and typed.
@Suite("Subscriptions against the reference backend (SSE)", .serialized)
struct ReferenceBackendSubscriptionTests {
    static func start(token: String? = "alice", longAsString: Bool = false) async throws -> ReferenceBackend {
        var options = ReferenceBackendOptions(token: token, longAsString: longAsString)
        options.additionalArguments = ["--control", "--heartbeat-ms", "100"]
        return try await ReferenceBackend.start(options)
    }

    /// A draw as the control endpoint returns it (the data set's neutral form).
    struct ControlDraw: Decodable, Equatable {
        let gameId: String
        let number: Int64
        let status: String
    }

    struct ControlState: Decodable {
        struct Connection: Decodable {
            let bearerToken: String?
            let accepted: Bool
        }
        let openSubscriptions: Int
        let connections: [Connection]
    }

    static func control<Response: Decodable>(_ backend: ReferenceBackend, _ path: String, method: String = "GET")
        async throws -> Response
    {
        let url = try #require(URL(string: backend.baseURL.absoluteString + "/__control/" + path))
        var request = URLRequest(url: url)
        request.httpMethod = method
        if method == "POST" { request.httpBody = Data("{}".utf8) }
        let (data, _) = try await URLSession(configuration: .ephemeral).data(for: request)
        return try JSONDecoder().decode(Response.self, from: data)
    }

    static func advance(_ backend: ReferenceBackend, _ gameId: String) async throws -> [ControlDraw] {
        struct Advanced: Decodable { let draws: [ControlDraw] }
        let advanced: Advanced = try await control(backend, "advance?gameId=\(gameId)", method: "POST")
        return advanced.draws
    }

    static func state(_ backend: ReferenceBackend) async throws -> ControlState {
        try await control(backend, "state")
    }

    static func client(
        _ backend: ReferenceBackend, token: String = "alice", cache: GraphQLCache? = nil,
        middlewares: [any GraphQLMiddleware] = []
    ) -> GraphQLHTTPClient {
        GraphQLHTTPClient(
            endpoint: backend.graphQLURL, middlewares: [BearerTokenMiddleware(token: token)] + middlewares,
            cache: cache, subscriptions: .serverSentEvents(options: SubscriptionTransportCase.quickOptions))
    }

    @Test("Events in order, exact Longs (numbers or strings)", arguments: [false, true])
    func orderedExact(longAsString: Bool) async throws {
        let backend = try await Self.start(longAsString: longAsString)
        defer { backend.stop() }
        let client = Self.client(backend)
        let (events, task) = SubscriptionTransportCase.consume(
            client.subscribe(DrawUpdatedSubscription(gameId: "6x45")))
        defer { task.cancel() }
        try await waitUntil("the subscription on the server") {
            (try? await Self.state(backend).openSubscriptions) == 1
        }
        var published: [ControlDraw] = []
        for _ in 0..<3 { published += try await Self.advance(backend, "6x45") }
        try await events.waitForCount(published.count)
        let draws = await events.items.compactMap { $0.data?.drawUpdated }
        #expect(draws.map(\.number) == published.map(\.number))
        #expect(draws.map(\.status.rawValue) == published.map(\.status))
        #expect(draws.first?.number == 9_007_199_254_740_994)
    }

    @Test("A GameQuery watcher shows the new draw status with no query request; cancelling ends it on the server")
    func watcherAndCancellation() async throws {
        let backend = try await Self.start()
        defer { backend.stop() }
        let counter = RequestCounter()
        let client = Self.client(
            backend, cache: GraphQLCache(maxAge: .seconds(300), now: ManualClock().function), middlewares: [counter])
        let watched = Collector<GraphQLResult<GameQuery.Data>>()
        let watch = Task {
            for try await result in client.watch(GameQuery(id: "6x45")) { await watched.append(result) }
        }
        defer { watch.cancel() }
        #expect(try await watched.waitForCount(1).data?.game?.nextDraw?.status == .selling)
        let (events, task) = SubscriptionTransportCase.consume(
            client.subscribe(DrawUpdatedSubscription(gameId: "6x45")))
        try await waitUntil("the subscription on the server") {
            (try? await Self.state(backend).openSubscriptions) == 1
        }
        _ = try await Self.advance(backend, "6x45")
        try await events.waitForCount(1)
        try await watched.waitUntil("the watcher's new element") { $0.last?.data?.game?.nextDraw?.status == .drawing }
        #expect(counter.count(GameQuery.operationName) == 1)
        task.cancel()
        #expect(await task.value == nil)
        try await waitUntil("the server's count back to 0") { (try? await Self.state(backend).openSubscriptions) == 0 }
    }

    @Test("A dropped stream is re-established and the subscription resumed")
    func resubscribes() async throws {
        let backend = try await Self.start()
        defer { backend.stop() }
        let client = Self.client(backend)
        let (events, task) = SubscriptionTransportCase.consume(
            client.subscribe(DrawUpdatedSubscription(gameId: "6x45")))
        defer { task.cancel() }
        try await waitUntil("the subscription on the server") {
            (try? await Self.state(backend).openSubscriptions) == 1
        }
        struct Dropped: Decodable { let dropped: Int }
        let dropped: Dropped = try await Self.control(backend, "drop", method: "POST")
        #expect(dropped.dropped == 1)
        try await waitUntil("a second stream") {
            guard let state = try? await Self.state(backend) else { return false }
            return state.connections.count == 2 && state.openSubscriptions == 1
        }
        let published = try await Self.advance(backend, "6x45")
        let event = try await events.waitForCount(1)
        #expect(event.data?.drawUpdated.status.rawValue == published.first?.status)
    }

    @Test("A refused token ends the subscription with HTTP 401 after a bounded number of tries")
    func refusedToken() async throws {
        let backend = try await Self.start()
        defer { backend.stop() }
        let client = Self.client(backend, token: "mallory")
        let (_, task) = SubscriptionTransportCase.consume(client.subscribe(DrawUpdatedSubscription(gameId: "6x45")))
        let error = try #require(await task.value)
        #expect(error.httpStatus == 401 && error.isAuthenticationFailure, "\(error)")
        let state = try await Self.state(backend)
        #expect(state.connections.count == 2)  // the first try and one retry (maximumAuthenticationRetries 1)
        #expect(state.connections.allSatisfy { !$0.accepted && $0.bearerToken == "mallory" })
    }
}
