import Foundation
import GraphQLBridge
import GraphQLBridgeSupport
import GraphQLBridgeTesting
import RuntimeTestSupport
import ShopAPI
import Testing

/// `GraphQLSubscriptionSequence.onOpen(_:)` over each transport against the runtime tests' server (``ShopServer``): called once per
/// connection that opens (the stream's head accepted, or `subscribe` sent on an acknowledged socket), again after a
/// dropped connection is resumed, never for a connection the server refused.
@Suite("A subscription's open signal (test server)", .serialized)
struct SubscriptionOpenSignalTests {
    static let productId = "p2"

    @Test(
        "onOpen: called when the subscription opens, and again after a drop",
        arguments: SubscriptionTransportCase.allCases)
    func opensAndReopens(transport: SubscriptionTransportCase) async throws {
        let server = try ShopServer.start()
        defer { server.stop() }
        let client = GraphQLHTTPClient(endpoint: server.graphQLURL, subscriptions: transport.make(server))
        let opens = Locked(0)
        let sequence = client.subscribe(OfferUpdatedSubscription(productId: Self.productId)).onOpen {
            opens.withLock { $0 += 1 }
        }
        let (events, task) = SubscriptionTransportCase.consume(sequence)
        defer { task.cancel() }
        try await waitUntil("the subscription to open") { opens.withLock { $0 } == 1 }
        // The server answers a stream's head, then listens (as many servers do): the test waits for it.
        try await waitUntil("the subscription on the server") { server.openSubscriptionCount == 1 }
        server.advance(productId: Self.productId)
        try await events.waitForCount(1)

        server.dropRealtimeConnections()
        try await waitUntil("the subscription to open again") { opens.withLock { $0 } == 2 }
        try await waitUntil("the subscription on the server again") { server.openSubscriptionCount == 1 }
        server.advance(productId: Self.productId)
        try await events.waitForCount(2)
        #expect(opens.withLock { $0 } == 2, "one open per connection")
    }

    @Test("onOpen is not called for a connection the server refuses", arguments: SubscriptionTransportCase.allCases)
    func notForRefused(transport: SubscriptionTransportCase) async throws {
        let server = try ShopServer.start(ShopServer.Options(tokens: ["alice"]))
        defer { server.stop() }
        let client = GraphQLHTTPClient(
            endpoint: server.graphQLURL, middlewares: [BearerTokenMiddleware(token: "mallory")],
            subscriptions: transport.make(server))
        let opens = Locked(0)
        let (_, task) = SubscriptionTransportCase.consume(
            client.subscribe(OfferUpdatedSubscription(productId: Self.productId)).onOpen { opens.withLock { $0 += 1 } })
        let error = try #require(await task.value)
        #expect(error.isAuthenticationFailure, "\(error)")
        #expect(opens.withLock { $0 } == 0)
    }
}
