import Foundation
import GraphQLBridge
import GraphQLBridgeTesting
import RuntimeTestSupport
import ShopAPI
import Testing

/// `offerUpdated` over each transport against the runtime tests' server (``ShopServer``): events in order with exact
/// `Long`s, the cache and a `ProductQuery` watcher updated with no query request, cancellation counted on the server,
/// a dropped stream resubscribed, a refused token bounded and typed, the token read again at each connection. Every
/// wait is ``waitUntil(_:_:)``, a hang detector only; the assertions are on what was received and on the server's
/// counts.
@Suite("Subscriptions over each transport (test server)", .serialized)
struct SubscriptionTransportTests {
    /// p2: its open offer's number is 2^53 + 2 (not exact as a `Double`), 40 in stock.
    static let productId = "p2"

    @Test(
        "Events arrive in order, as the shop changed the offers, with exact Longs (also sent as strings)",
        arguments: SubscriptionTransportCase.allCases, [false, true])
    func orderedExactEvents(transport: SubscriptionTransportCase, longAsString: Bool) async throws {
        let server = try ShopServer.start(ShopServer.Options(longAsString: longAsString))
        defer { server.stop() }
        let client = GraphQLHTTPClient(endpoint: server.graphQLURL, subscriptions: transport.make(server))
        let (events, task) = SubscriptionTransportCase.consume(
            client.subscribe(OfferUpdatedSubscription(productId: Self.productId)))
        defer { task.cancel() }
        try await waitUntil("the subscription on the server") { server.openSubscriptionCount == 1 }
        var published: [ShopCatalog.Offer] = []
        for _ in 0..<3 { published += server.advance(productId: Self.productId) }
        #expect(published.count == 4)  // one sold; closed and the next opened; one sold
        let received = try await events.waitForCount(published.count).data
        _ = received
        let offers = await events.items.compactMap { $0.data?.offerUpdated }
        #expect(offers.map(\.number) == published.map(\.number))
        #expect(offers.map(\.status.rawValue) == published.map(\.status))
        #expect(offers.first?.number == 9_007_199_254_740_994)
        #expect(offers.map { Int64($0.stock) } == published.map(\.stock))
        #expect(offers.map { Int64($0.price) } == published.map(\.price))
        #expect(offers[1].tags == published[1].tags && !offers[1].tags.isEmpty)
        #expect(offers[1].id == published[1].id && offers[2].id == published[2].id)
        #expect(task.isCancelled == false)
    }

    @Test(
        "Each event is written through the cache: a ProductQuery watcher shows the new offer stock, no query request",
        arguments: SubscriptionTransportCase.allCases)
    func watcherUpdates(transport: SubscriptionTransportCase) async throws {
        let server = try ShopServer.start()
        defer { server.stop() }
        let counter = RequestCounter()
        let cache = GraphQLCache(maxAge: .seconds(300), now: TestClock().function)
        let client = GraphQLHTTPClient(
            endpoint: server.graphQLURL, middlewares: [counter], cache: cache, subscriptions: transport.make(server))
        let watched = Collector<GraphQLResult<ProductQuery.Data>>()
        let watch = Task {
            for try await result in client.watch(ProductQuery(id: Self.productId)) { await watched.append(result) }
        }
        defer { watch.cancel() }
        let first = try await watched.waitForCount(1)
        #expect(first.data?.product?.nextOffer?.stock == 40)
        let (events, task) = SubscriptionTransportCase.consume(
            client.subscribe(OfferUpdatedSubscription(productId: Self.productId)))
        defer { task.cancel() }
        try await waitUntil("the subscription on the server") { server.openSubscriptionCount == 1 }
        server.advance(productId: Self.productId)
        try await events.waitForCount(1)
        let updated = try await watched.waitUntil("the watcher's new element") {
            $0.last?.data?.product?.nextOffer?.stock == 39
        }
        #expect(updated.last?.source == .cache)
        #expect(counter.count(ProductQuery.operationName) == 1)
        let record = await cache.record(forKey: "Offer:p2-9007199254740994")
        #expect(record != nil)
        // The subscription's root field is not kept as a root record.
        #expect(await cache.record(forKey: "QUERY_ROOT.offerUpdated({\"productId\":\"p2\"})") == nil)
        // The query's answer and the event were each read once: the cache got the tapes their decoders recorded.
        #expect(await cache.statistics.recordedTapes == 2)
    }

    @Test(
        "Cancelling the consuming task ends the subscription on the server and frees it",
        arguments: SubscriptionTransportCase.allCases)
    func cancellation(transport: SubscriptionTransportCase) async throws {
        let server = try ShopServer.start()
        defer { server.stop() }
        let subscriptions = transport.make(server)
        let client = GraphQLHTTPClient(endpoint: server.graphQLURL, subscriptions: subscriptions)
        let (events, task) = SubscriptionTransportCase.consume(
            client.subscribe(OfferUpdatedSubscription(productId: Self.productId)))
        try await waitUntil("the subscription on the server") { server.openSubscriptionCount == 1 }
        server.advance(productId: Self.productId)
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
        arguments: SubscriptionTransportCase.allCases)
    func releasedIterator(transport: SubscriptionTransportCase) async throws {
        let server = try ShopServer.start()
        defer { server.stop() }
        let client = GraphQLHTTPClient(endpoint: server.graphQLURL, subscriptions: transport.make(server))
        let advancer = Task {
            try await waitUntil("the subscription on the server") { server.openSubscriptionCount == 1 }
            server.advance(productId: Self.productId)
        }
        var received = 0
        for try await _ in client.subscribe(OfferUpdatedSubscription(productId: Self.productId)) {
            received += 1
            break
        }
        try await advancer.value
        #expect(received == 1)
        try await waitUntil("the server's count back to 0") { server.openSubscriptionCount == 0 }
    }

    @Test(
        "A dropped stream or socket is re-established and the subscription resumed",
        arguments: SubscriptionTransportCase.allCases)
    func resubscribesAfterDrop(transport: SubscriptionTransportCase) async throws {
        let server = try ShopServer.start()
        defer { server.stop() }
        let client = GraphQLHTTPClient(endpoint: server.graphQLURL, subscriptions: transport.make(server))
        let (events, task) = SubscriptionTransportCase.consume(
            client.subscribe(OfferUpdatedSubscription(productId: Self.productId)))
        defer { task.cancel() }
        try await waitUntil("the subscription on the server") { server.openSubscriptionCount == 1 }
        server.advance(productId: Self.productId)
        try await events.waitForCount(1)
        server.dropRealtimeConnections()
        try await waitUntil("a second connection") {
            server.realtimeConnections.count == 2 && server.openSubscriptionCount == 1
        }
        let after = server.advance(productId: Self.productId)
        let last = try await events.waitForCount(1 + after.count)
        #expect(last.data?.offerUpdated.number == after.last?.number)
        #expect(last.data?.offerUpdated.status.rawValue == after.last?.status)
        #expect(server.realtimeConnections.map(\.transport) == [transport.serverKind, transport.serverKind])
    }

    @Test(
        "The token is read again at every connection: a refreshed token needs no new client",
        arguments: SubscriptionTransportCase.allCases)
    func tokenReadAgain(transport: SubscriptionTransportCase) async throws {
        let server = try ShopServer.start(ShopServer.Options(tokens: ["alice", "bob"]))
        defer { server.stop() }
        let tokens = TokenSequence(["alice", "bob"])
        let client = GraphQLHTTPClient(
            endpoint: server.graphQLURL, middlewares: [BearerTokenMiddleware(token: { tokens.next() })],
            subscriptions: transport.make(server))
        let (events, task) = SubscriptionTransportCase.consume(
            client.subscribe(OfferUpdatedSubscription(productId: Self.productId)))
        defer { task.cancel() }
        try await waitUntil("the subscription on the server") { server.openSubscriptionCount == 1 }
        server.dropRealtimeConnections()
        try await waitUntil("the second connection's subscription") {
            server.realtimeConnections.count == 2 && server.openSubscriptionCount == 1
        }
        server.advance(productId: Self.productId)
        try await events.waitForCount(1)
        #expect(server.realtimeConnections.map(\.bearerToken) == ["alice", "bob"])
        #expect(server.realtimeConnections.allSatisfy { $0.accepted })
    }

    @Test(
        "A refused token ends the subscription with a typed error after a bounded number of tries",
        arguments: SubscriptionTransportCase.allCases)
    func refusedTokenIsBounded(transport: SubscriptionTransportCase) async throws {
        let server = try ShopServer.start(ShopServer.Options(tokens: ["alice"]))
        defer { server.stop() }
        var options = SubscriptionTransportCase.quickOptions
        options.maximumAuthenticationRetries = 2
        let client = GraphQLHTTPClient(
            endpoint: server.graphQLURL, middlewares: [BearerTokenMiddleware(token: "mallory")],
            subscriptions: transport.make(server, options: options))
        let (_, task) = SubscriptionTransportCase.consume(
            client.subscribe(OfferUpdatedSubscription(productId: Self.productId)))
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
        arguments: SubscriptionTransportCase.allCases)
    func requestError(transport: SubscriptionTransportCase) async throws {
        let server = try ShopServer.start()
        defer { server.stop() }
        let client = GraphQLHTTPClient(endpoint: server.graphQLURL, subscriptions: transport.make(server))
        let (_, task) = SubscriptionTransportCase.consume(client.subscribe(UnknownFieldSubscription()))
        let error = try #require(await task.value)
        let message = try #require(error.graphQLErrors.first?.message)
        #expect(message.contains("Cannot query field 'noSuchField' on type 'Subscription'"), "\(error)")
        #expect(server.openSubscriptionCount == 0)
    }
}

extension SubscriptionTransportTests {
    @Test("A stream keeps its transport alive: one opened from a transport released at once still delivers")
    func streamOutlivesTransport() async throws {
        let server = try ShopServer.start()
        defer { server.stop() }
        var request = HTTPRequest(method: "POST", url: server.graphQLURL)
        request.headers["Accept"] = "text/event-stream"
        request.headers["Content-Type"] = "application/json"
        let body = #"{"query":"subscription { offerUpdated(productId: \"p2\") { status stock } }"}"#
        let response = try await URLSessionStreamingTransport().stream(request, body: Data(body.utf8), idleTimeout: nil)
        #expect(response.head.status == 200)
        try await waitUntil("the subscription on the server") { server.openSubscriptionCount == 1 }
        server.advance(productId: Self.productId)
        var received = ""
        for try await piece in response.body {
            received += String(decoding: piece, as: UTF8.self)
            if received.contains("39") { break }
        }
        #expect(received.contains("event: next"))
        response.cancel()
        try await waitUntil("the stream closed on the server") { server.openSubscriptionCount == 0 }
    }
}
