import Foundation
import GraphQLBridge
import GraphQLBridgeSupport
import GraphQLBridgeTesting
import LotteryAPI
import LotteryBackend
import Testing

/// `GraphQLSubscriptionSequence.onOpen(_:)` over each transport against the embedded backend: called once per
/// connection that opens (the stream's head accepted, or `subscribe` sent on an acknowledged socket), again after a
/// dropped connection is resumed, never for a connection the server refused.
@Suite("A subscription's open signal (embedded backend)", .serialized)
struct SubscriptionOpenSignalTests {
    static let gameId = "6x45"

    @Test("onOpen: called when the subscription opens, and again after a drop", arguments: RealtimeTransport.allCases)
    func opensAndReopens(transport: RealtimeTransport) async throws {
        let server = try EmbeddedLotteryServer.start(options: .init(webSocketInitTimeout: .seconds(300)))
        defer { server.stop() }
        let client = GraphQLHTTPClient(endpoint: server.graphQLURL, subscriptions: transport.make(server))
        let opens = Locked(0)
        let sequence = client.subscribe(DrawUpdatedSubscription(gameId: Self.gameId)).onOpen {
            opens.withLock { $0 += 1 }
        }
        let (events, task) = SubscriptionTransportTests.consume(sequence)
        defer { task.cancel() }
        try await waitUntil("the subscription to open") { opens.withLock { $0 } == 1 }
        // The embedded backend answers a stream's head, then listens (as many servers do): the test waits for it.
        try await waitUntil("the subscription on the server") { server.openSubscriptionCount == 1 }
        server.drawClock.advance(gameId: Self.gameId)
        try await events.waitForCount(1)

        server.dropRealtimeConnections()
        try await waitUntil("the subscription to open again") { opens.withLock { $0 } == 2 }
        try await waitUntil("the subscription on the server again") { server.openSubscriptionCount == 1 }
        server.drawClock.advance(gameId: Self.gameId)
        try await events.waitForCount(2)
        #expect(opens.withLock { $0 } == 2, "one open per connection")
    }

    @Test("onOpen is not called for a connection the server refuses", arguments: RealtimeTransport.allCases)
    func notForRefused(transport: RealtimeTransport) async throws {
        let server = try EmbeddedLotteryServer.start(
            options: EmbeddedBackendOptions(token: "alice"))
        defer { server.stop() }
        let client = GraphQLHTTPClient(
            endpoint: server.graphQLURL, middlewares: [BearerTokenMiddleware(token: "mallory")],
            subscriptions: transport.make(server))
        let opens = Locked(0)
        let (_, task) = SubscriptionTransportTests.consume(
            client.subscribe(DrawUpdatedSubscription(gameId: Self.gameId)).onOpen { opens.withLock { $0 += 1 } })
        let error = try #require(await task.value)
        #expect(error.isAuthenticationFailure, "\(error)")
        #expect(opens.withLock { $0 } == 0)
    }
}
