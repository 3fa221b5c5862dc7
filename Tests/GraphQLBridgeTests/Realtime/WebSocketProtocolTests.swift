import Foundation
import GraphQLBridge
import GraphQLBridgeTesting
import RuntimeTestSupport
import ShopAPI
import Testing

/// `graphql-transport-ws` against the runtime tests' server (``ShopServer``), through the test-side POSIX
/// connector: close codes (fatal and retried), a server that never acknowledges, interleaved subscriptions on one
/// socket, an `error` message for one of them, and the platform's own connector failing at once where
/// `URLSession` cannot open WebSockets.
@Suite("graphql-transport-ws (test server)", .serialized)
struct WebSocketProtocolTests {
    static let productId = SubscriptionTransportTests.productId

    @Test(
        "The fatal close codes end every subscription at once, never retried",
        arguments: [4400, 4401, 4406, 4409, 4429, 4500])
    func fatalCloseCodes(code: Int) async throws {
        let server = try ShopServer.start()
        defer { server.stop() }
        let transport = SubscriptionTransportCase.webSocket.make(server)
        let client = GraphQLHTTPClient(endpoint: server.graphQLURL, subscriptions: transport)
        let (_, first) = SubscriptionTransportCase.consume(
            client.subscribe(OfferUpdatedSubscription(productId: Self.productId)))
        let (_, second) = SubscriptionTransportCase.consume(client.subscribe(OfferUpdatedSubscription(productId: "p1")))
        try await waitUntil("both subscriptions on the server") { server.openSubscriptionCount == 2 }
        server.closeWebSockets(code: code, reason: "closed by the test")
        for task in [first, second] {
            let error = try #require(await task.value)
            guard case .webSocketClosed(let operation, let closeCode, let reason) = error else { throw error }
            #expect(operation == OfferUpdatedSubscription.operationName)
            #expect(closeCode == code && reason == "closed by the test")
        }
        let statistics = try #require(await transport.webSocketStatistics())
        #expect(statistics.connectionAttempts == 1)
        #expect(statistics.activeSubscriptions == 0)
        #expect(server.realtimeConnections.count == 1)
    }

    @Test(
        "4403, 4408, 4499 and a dropped socket are retried: the subscriptions resume on a new socket",
        arguments: [4403, 4408, 4499, nil] as [Int?])
    func retriedCloseCodes(code: Int?) async throws {
        let server = try ShopServer.start()
        defer { server.stop() }
        let transport = SubscriptionTransportCase.webSocket.make(server)
        let client = GraphQLHTTPClient(endpoint: server.graphQLURL, subscriptions: transport)
        let (events, task) = SubscriptionTransportCase.consume(
            client.subscribe(OfferUpdatedSubscription(productId: Self.productId)))
        defer { task.cancel() }
        try await waitUntil("the subscription on the server") { server.openSubscriptionCount == 1 }
        if let code {
            server.closeWebSockets(code: code, reason: "retry")
        } else {
            server.dropRealtimeConnections()
        }
        try await waitUntil("the subscription on a second socket") {
            server.realtimeConnections.count == 2 && server.openSubscriptionCount == 1
        }
        let published = server.advance(productId: Self.productId)
        let event = try await events.waitForCount(1)
        #expect(event.data?.offerUpdated.status.rawValue == published.first?.status)
        #expect(try #require(await transport.webSocketStatistics()).connectionAttempts == 2)
    }

    @Test("A server that never acknowledges: the acknowledgement timeout, bounded retries, a typed timeout")
    func neverAcknowledged() async throws {
        let server = try ShopServer.start(ShopServer.Options(acknowledgesWebSockets: false))
        defer { server.stop() }
        var options = SubscriptionTransportCase.quickOptions
        options.connectionAckTimeout = .milliseconds(100)
        options.maximumRetries = 2
        let transport = SubscriptionTransportCase.webSocket.make(server, options: options)
        let client = GraphQLHTTPClient(endpoint: server.graphQLURL, subscriptions: transport)
        let (_, task) = SubscriptionTransportCase.consume(
            client.subscribe(OfferUpdatedSubscription(productId: Self.productId)))
        let error = try #require(await task.value)
        guard case .timedOut(_, let message) = error else { throw error }
        #expect(message.contains("connection_ack"))
        #expect(try #require(await transport.webSocketStatistics()).connectionAttempts == 3)
        #expect(server.realtimeConnections.count == 3)
        #expect(server.openSubscriptionCount == 0)
    }

    @Test("Subscriptions share one socket and their events are routed by id, each in its order")
    func interleaved() async throws {
        let server = try ShopServer.start()
        defer { server.stop() }
        let transport = SubscriptionTransportCase.webSocket.make(server)
        let client = GraphQLHTTPClient(endpoint: server.graphQLURL, subscriptions: transport)
        let (twos, twosTask) = SubscriptionTransportCase.consume(
            client.subscribe(OfferUpdatedSubscription(productId: "p2")))
        let (ones, onesTask) = SubscriptionTransportCase.consume(
            client.subscribe(OfferUpdatedSubscription(productId: "p1")))
        defer {
            twosTask.cancel()
            onesTask.cancel()
        }
        try await waitUntil("both subscriptions on the server") { server.openSubscriptionCount == 2 }
        var publishedTwos: [ShopCatalog.Offer] = []
        var publishedOnes: [ShopCatalog.Offer] = []
        for _ in 0..<3 {
            publishedTwos += server.advance(productId: "p2")
            publishedOnes += server.advance(productId: "p1")
        }
        try await twos.waitForCount(publishedTwos.count)
        try await ones.waitForCount(publishedOnes.count)
        let twoOffers = await twos.items.compactMap { $0.data?.offerUpdated }
        let oneOffers = await ones.items.compactMap { $0.data?.offerUpdated }
        #expect(twoOffers.map(\.id) == publishedTwos.map(\.id))
        #expect(oneOffers.map(\.id) == publishedOnes.map(\.id))
        #expect(twoOffers.map(\.status.rawValue) == publishedTwos.map(\.status))
        #expect(server.realtimeConnections.count == 1)
        #expect(try #require(await transport.webSocketStatistics()) == (2, 1))
        twosTask.cancel()
        try await waitUntil("one subscription left on the server") { server.openSubscriptionCount == 1 }
        #expect(server.openRealtimeConnectionCount == 1)
        onesTask.cancel()
        try await waitUntil("the socket closed after the last subscription") { server.openRealtimeConnectionCount == 0 }
    }

    @Test("An error message ends its own subscription with its GraphQL errors; the others on the socket go on")
    func errorMessage() async throws {
        let server = try ShopServer.start()
        defer { server.stop() }
        let transport = SubscriptionTransportCase.webSocket.make(server)
        let client = GraphQLHTTPClient(endpoint: server.graphQLURL, subscriptions: transport)
        let (events, good) = SubscriptionTransportCase.consume(
            client.subscribe(OfferUpdatedSubscription(productId: Self.productId)))
        defer { good.cancel() }
        try await waitUntil("the subscription on the server") { server.openSubscriptionCount == 1 }
        let (_, bad) = SubscriptionTransportCase.consume(client.subscribe(UnknownFieldSubscription()))
        let error = try #require(await bad.value)
        guard case .graphQL(let operation, _, let errors) = error else { throw error }
        #expect(operation == UnknownFieldSubscription.operationName)
        #expect(errors.first?.message.contains("noSuchField") == true)
        server.advance(productId: Self.productId)
        try await events.waitForCount(1)
        #expect(server.realtimeConnections.count == 1)
    }

    @Test("Pings keep a quiet socket: the server answers, nothing is dropped")
    func keepAlive() async throws {
        let server = try ShopServer.start()
        defer { server.stop() }
        var options = SubscriptionTransportCase.quickOptions
        options.pingInterval = .milliseconds(20)
        options.pongTimeout = .seconds(20)
        let transport = SubscriptionTransportCase.webSocket.make(server, options: options)
        let client = GraphQLHTTPClient(endpoint: server.graphQLURL, subscriptions: transport)
        let (events, task) = SubscriptionTransportCase.consume(
            client.subscribe(OfferUpdatedSubscription(productId: Self.productId)))
        defer { task.cancel() }
        try await waitUntil("the subscription on the server") { server.openSubscriptionCount == 1 }
        // A quiet socket: the client pings (every 20 ms) and the server answers, several times over, with no event.
        try await waitUntil("five pings answered on the quiet socket") { server.webSocketPingCount >= 5 }
        #expect(server.openSubscriptionCount == 1)
        server.advance(productId: Self.productId)
        try await events.waitForCount(1)
        #expect(try #require(await transport.webSocketStatistics()).connectionAttempts == 1)
    }

    #if canImport(FoundationNetworking)
        @Test("Where URLSession cannot open WebSockets, .webSocket fails at once with a typed error, never a hang")
        func unavailableOnThisPlatform() async throws {
            let server = try ShopServer.start()
            defer { server.stop() }
            let client = GraphQLHTTPClient(
                endpoint: server.graphQLURL, subscriptions: .webSocket(url: server.webSocketURL))
            let (_, task) = SubscriptionTransportCase.consume(
                client.subscribe(OfferUpdatedSubscription(productId: Self.productId)))
            let error = try #require(await task.value)
            guard case .webSocketUnavailable(_, let reason) = error else { throw error }
            #expect(reason.contains("WebSockets not supported"), "\(reason)")
            #expect(server.realtimeConnections.isEmpty)
        }
    #endif
}
