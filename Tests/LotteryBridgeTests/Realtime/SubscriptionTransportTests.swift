import Foundation
import GraphQLBridge
import GraphQLBridgeTesting
import LotteryAPI
import LotteryBackend
import Testing

/// `drawUpdated` over each transport against the embedded backend: events in order with exact `Long`s, the cache
/// and a `GameQuery` watcher updated with no query request, cancellation counted on the server, a dropped stream
/// resubscribed, a refused token bounded and typed, the token read again at each connection. Every wait is a hang
/// detector only; the assertions are on what was received and on the server's counts.
@Suite("Subscriptions over each transport (embedded backend)", .serialized)
struct SubscriptionTransportTests {
    /// 6x45: its next draw's number is 2^53 + 2 (not exact as a `Double`), on sale.
    static let gameId = "6x45"

    /// Consumes a subscription in a task the test cancels.
    static func consume<S: GraphQLSubscription>(_ sequence: GraphQLSubscriptionSequence<S>)
        -> (Collector<GraphQLResult<S.Data>>, Task<APIError?, Never>)
    {
        let collector = Collector<GraphQLResult<S.Data>>()
        let task = Task { () -> APIError? in
            do throws(APIError) {
                for try await event in sequence { await collector.append(event) }
                return nil
            } catch {
                return error
            }
        }
        return (collector, task)
    }

    @Test(
        "Events arrive in order, as the clock changed the draws, with exact Longs (also sent as strings)",
        arguments: RealtimeTransport.allCases, [false, true])
    func orderedExactEvents(transport: RealtimeTransport, longAsString: Bool) async throws {
        let server = try EmbeddedLotteryServer.start(options: EmbeddedBackendOptions(longAsString: longAsString))
        defer { server.stop() }
        let client = GraphQLHTTPClient(endpoint: server.graphQLURL, subscriptions: transport.make(server))
        let (events, task) = Self.consume(client.subscribe(DrawUpdatedSubscription(gameId: Self.gameId)))
        defer { task.cancel() }
        try await waitUntil("the subscription on the server") { server.openSubscriptionCount == 1 }
        var published: [DataSetDraw] = []
        for _ in 0..<3 { published += server.drawClock.advance(gameId: Self.gameId) }
        #expect(published.count == 4)  // DRAWING; COMPLETED and the next draw; DRAWING
        let received = try await events.waitForCount(published.count).data
        _ = received
        let draws = await events.items.compactMap { $0.data?.drawUpdated }
        #expect(draws.map(\.number) == published.map(\.number))
        #expect(draws.map(\.status.rawValue) == published.map(\.status))
        #expect(draws.first?.number == 9_007_199_254_740_994)
        #expect(draws.map(\.ticketsSold) == published.map(\.ticketsSold))
        #expect(draws.map(\.prizePool) == published.map(\.prizePool))
        #expect(draws[1].winningNumbers == published[1].winningNumbers && !draws[1].winningNumbers.isEmpty)
        #expect(draws[1].prizeCategories.map(\.amount) == published[1].prizeCategories.map(\.amount))
        #expect(task.isCancelled == false)
    }

    @Test(
        "Each event is written through the cache: a GameQuery watcher shows the new draw status, no query request",
        arguments: RealtimeTransport.allCases)
    func watcherUpdates(transport: RealtimeTransport) async throws {
        let server = try EmbeddedLotteryServer.start(options: .init(webSocketInitTimeout: .seconds(300)))
        defer { server.stop() }
        let counter = RequestCounter()
        let cache = GraphQLCache(maxAge: .seconds(300), now: ManualClock().function)
        let client = GraphQLHTTPClient(
            endpoint: server.graphQLURL, middlewares: [counter], cache: cache, subscriptions: transport.make(server))
        let watched = Collector<GraphQLResult<GameQuery.Data>>()
        let watch = Task {
            for try await result in client.watch(GameQuery(id: Self.gameId)) { await watched.append(result) }
        }
        defer { watch.cancel() }
        let first = try await watched.waitForCount(1)
        #expect(first.data?.game?.nextDraw?.status == .selling)
        let (events, task) = Self.consume(client.subscribe(DrawUpdatedSubscription(gameId: Self.gameId)))
        defer { task.cancel() }
        try await waitUntil("the subscription on the server") { server.openSubscriptionCount == 1 }
        server.drawClock.advance(gameId: Self.gameId)
        try await events.waitForCount(1)
        let updated = try await watched.waitUntil("the watcher's new element") {
            $0.last?.data?.game?.nextDraw?.status == .drawing
        }
        #expect(updated.last?.source == .cache)
        #expect(counter.count(GameQuery.operationName) == 1)
        let record = await cache.record(forKey: "Draw:6x45,9007199254740994")
        #expect(record != nil)
        // The subscription's root field is not kept as a root record.
        #expect(await cache.record(forKey: "QUERY_ROOT.drawUpdated({\"gameId\":\"6x45\"})") == nil)
        // The query's answer and the event were each read once: the cache got the tapes their decoders recorded.
        #expect(await cache.statistics.recordedTapes == 2)
    }

    @Test(
        "Cancelling the consuming task ends the subscription on the server and frees it",
        arguments: RealtimeTransport.allCases)
    func cancellation(transport: RealtimeTransport) async throws {
        let server = try EmbeddedLotteryServer.start(options: .init(webSocketInitTimeout: .seconds(300)))
        defer { server.stop() }
        let subscriptions = transport.make(server)
        let client = GraphQLHTTPClient(endpoint: server.graphQLURL, subscriptions: subscriptions)
        let (events, task) = Self.consume(client.subscribe(DrawUpdatedSubscription(gameId: Self.gameId)))
        try await waitUntil("the subscription on the server") { server.openSubscriptionCount == 1 }
        server.drawClock.advance(gameId: Self.gameId)
        try await events.waitForCount(1)
        task.cancel()
        #expect(await task.value == nil)
        try await waitUntil("the server's count back to 0") { server.openSubscriptionCount == 0 }
        try await waitUntil("the connection closed") { server.openRealtimeConnectionCount == 0 }
        if let statistics = await subscriptions.webSocketStatistics() {
            #expect(statistics.activeSubscriptions == 0)
        }
    }

    @Test(
        "Leaving the loop early (the iterator released) also ends the subscription on the server",
        arguments: RealtimeTransport.allCases)
    func releasedIterator(transport: RealtimeTransport) async throws {
        let server = try EmbeddedLotteryServer.start(options: .init(webSocketInitTimeout: .seconds(300)))
        defer { server.stop() }
        let client = GraphQLHTTPClient(endpoint: server.graphQLURL, subscriptions: transport.make(server))
        let clock = server.drawClock
        let advancer = Task {
            try await waitUntil("the subscription on the server") { server.openSubscriptionCount == 1 }
            clock.advance(gameId: Self.gameId)
        }
        var received = 0
        for try await _ in client.subscribe(DrawUpdatedSubscription(gameId: Self.gameId)) {
            received += 1
            break
        }
        try await advancer.value
        #expect(received == 1)
        try await waitUntil("the server's count back to 0") { server.openSubscriptionCount == 0 }
    }

    @Test(
        "A dropped stream or socket is re-established and the subscription resumed",
        arguments: RealtimeTransport.allCases)
    func resubscribesAfterDrop(transport: RealtimeTransport) async throws {
        let server = try EmbeddedLotteryServer.start(options: .init(webSocketInitTimeout: .seconds(300)))
        defer { server.stop() }
        let client = GraphQLHTTPClient(endpoint: server.graphQLURL, subscriptions: transport.make(server))
        let (events, task) = Self.consume(client.subscribe(DrawUpdatedSubscription(gameId: Self.gameId)))
        defer { task.cancel() }
        try await waitUntil("the subscription on the server") { server.openSubscriptionCount == 1 }
        server.drawClock.advance(gameId: Self.gameId)
        try await events.waitForCount(1)
        server.dropRealtimeConnections()
        try await waitUntil("a second connection") {
            server.realtimeConnections.count == 2 && server.openSubscriptionCount == 1
        }
        let after = server.drawClock.advance(gameId: Self.gameId)
        let last = try await events.waitForCount(1 + after.count)
        #expect(last.data?.drawUpdated.number == after.last?.number)
        #expect(last.data?.drawUpdated.status.rawValue == after.last?.status)
        #expect(server.realtimeConnections.map(\.transport) == [transport.serverKind, transport.serverKind])
    }

    @Test(
        "The token is read again at every connection: a refreshed token needs no new client",
        arguments: RealtimeTransport.allCases)
    func tokenReadAgain(transport: RealtimeTransport) async throws {
        let server = try EmbeddedLotteryServer.start(
            options: EmbeddedBackendOptions(token: "alice", additionalTokens: ["bob"]))
        defer { server.stop() }
        let tokens = TokenSequence(["alice", "bob"])
        let client = GraphQLHTTPClient(
            endpoint: server.graphQLURL, middlewares: [BearerTokenMiddleware(token: { tokens.next() })],
            subscriptions: transport.make(server))
        let (events, task) = Self.consume(client.subscribe(DrawUpdatedSubscription(gameId: Self.gameId)))
        defer { task.cancel() }
        try await waitUntil("the subscription on the server") { server.openSubscriptionCount == 1 }
        server.dropRealtimeConnections()
        try await waitUntil("the second connection's subscription") {
            server.realtimeConnections.count == 2 && server.openSubscriptionCount == 1
        }
        server.drawClock.advance(gameId: Self.gameId)
        try await events.waitForCount(1)
        #expect(server.realtimeConnections.map(\.bearerToken) == ["alice", "bob"])
        #expect(server.realtimeConnections.allSatisfy { $0.accepted })
    }

    @Test(
        "A refused token ends the subscription with a typed error after a bounded number of tries",
        arguments: RealtimeTransport.allCases)
    func refusedTokenIsBounded(transport: RealtimeTransport) async throws {
        let server = try EmbeddedLotteryServer.start(options: EmbeddedBackendOptions(token: "alice"))
        defer { server.stop() }
        var options = RealtimeTransport.quickOptions
        options.maximumAuthenticationRetries = 2
        let client = GraphQLHTTPClient(
            endpoint: server.graphQLURL, middlewares: [BearerTokenMiddleware(token: "mallory")],
            subscriptions: transport.make(server, options: options))
        let (_, task) = Self.consume(client.subscribe(DrawUpdatedSubscription(gameId: Self.gameId)))
        let error = try #require(await task.value)
        #expect(error.isAuthenticationFailure, "\(error)")
        switch transport {
        case .webSocket:
            guard case .webSocketClosed(_, 4403, _) = error else { throw error }
        case .serverSentEvents, .multipartHTTP:
            #expect(error.httpStatus == 401)
        }
        #expect(server.realtimeConnections.count == 3)
        #expect(server.realtimeConnections.allSatisfy { !$0.accepted && $0.bearerToken == "mallory" })
        #expect(server.openSubscriptionCount == 0)
    }

    @Test(
        "A request error (an operation the server rejects) ends the subscription with its GraphQL errors",
        arguments: RealtimeTransport.allCases)
    func requestError(transport: RealtimeTransport) async throws {
        let server = try EmbeddedLotteryServer.start(options: .init(webSocketInitTimeout: .seconds(300)))
        defer { server.stop() }
        let client = GraphQLHTTPClient(endpoint: server.graphQLURL, subscriptions: transport.make(server))
        let (_, task) = Self.consume(client.subscribe(UnknownFieldSubscription()))
        let error = try #require(await task.value)
        let message = try #require(error.graphQLErrors.first?.message)
        #expect(message.contains("Cannot query field 'noSuchField' on type 'Subscription'"), "\(error)")
        #expect(server.openSubscriptionCount == 0)
    }
}

extension SubscriptionTransportTests {
    @Test("A stream keeps its transport alive: one opened from a transport released at once still delivers")
    func streamOutlivesTransport() async throws {
        let server = try EmbeddedLotteryServer.start(options: .init(webSocketInitTimeout: .seconds(300)))
        defer { server.stop() }
        var request = HTTPRequest(method: "POST", url: server.graphQLURL)
        request.headers["Accept"] = "text/event-stream"
        request.headers["Content-Type"] = "application/json"
        let body = #"{"query":"subscription { drawUpdated(gameId: \"6x45\") { status } }"}"#
        let response = try await URLSessionStreamingTransport().stream(request, body: Data(body.utf8), idleTimeout: nil)
        #expect(response.head.status == 200)
        try await waitUntil("the subscription on the server") { server.openSubscriptionCount == 1 }
        server.drawClock.advance(gameId: Self.gameId)
        var received = ""
        for try await piece in response.body {
            received += String(decoding: piece, as: UTF8.self)
            if received.contains("DRAWING") { break }
        }
        #expect(received.contains("event: next"))
        response.cancel()
        try await waitUntil("the stream closed on the server") { server.openSubscriptionCount == 0 }
    }
}

/// A subscription the server rejects in validation (hand-written: the generator would refuse it).
struct UnknownFieldSubscription: GraphQLSubscription {
    static let operationName = "UnknownField"
    static let document = "subscription UnknownField{noSuchField}"

    struct Data: Decodable, Sendable, Equatable {}
}
