import Foundation
import GraphQLBridge
import GraphQLBridgeSupport
import GraphQLBridgeTesting
import LotteryBackend
import RuntimeTestSupport
import Testing

/// The embedded backend's `graphql-transport-ws` server, driven message by message through the test-side POSIX
/// WebSocket client: the protocol's close codes for a client that breaks the protocol.
@Suite("graphql-transport-ws server (embedded backend)", .serialized)
struct WebSocketServerTests {
    static let subscribe =
        #"{"id":"1","type":"subscribe","payload":{"query":"subscription { drawUpdated(gameId: \"6x45\") { id status } }"}}"#

    static func open(_ server: EmbeddedLotteryServer, subprotocols: [String] = ["graphql-transport-ws"]) async throws
        -> any GraphQLWebSocketConnection
    {
        try await POSIXWebSocketConnector().connect(
            HTTPRequest(method: "GET", url: server.webSocketURL, timeout: HangDetector.limit),
            subprotocols: subprotocols)
    }

    /// The embedded backend, with a `connection_init` deadline far beyond any test's steps (the 4408 test sets its
    /// own): on a loaded machine, the 10 s default could pass between opening a socket and its first message.
    static func startServer() throws -> EmbeddedLotteryServer {
        try EmbeddedLotteryServer.start(options: EmbeddedBackendOptions(webSocketInitTimeout: .seconds(300)))
    }

    /// Receives until the socket closes; returns the close code and the text messages before it.
    static func closeCode(_ connection: any GraphQLWebSocketConnection) async -> (Int?, [String]) {
        var texts: [String] = []
        while true {
            do {
                if case .text(let text) = try await connection.receive() { texts.append(text) }
            } catch let error as GraphQLWebSocketError {
                if case .closed(let code) = error.kind { return (code, texts) }
                return (nil, texts)
            } catch {
                return (nil, texts)
            }
        }
    }

    @Test("Init, ack, subscribe, next per draw change, complete; ping answered with pong")
    func conversation() async throws {
        let server = try Self.startServer()
        defer { server.stop() }
        let socket = try await Self.open(server)
        try await socket.send(text: #"{"type":"connection_init"}"#)
        #expect(try await socket.receive() == .text(#"{"type":"connection_ack"}"#))
        try await socket.send(text: #"{"type":"ping"}"#)
        #expect(try await socket.receive() == .text(#"{"type":"pong"}"#))
        try await socket.send(text: Self.subscribe)
        try await waitUntil("the subscription on the server") { server.openSubscriptionCount == 1 }
        server.drawClock.advance(gameId: "6x45")
        #expect(
            try await socket.receive()
                == .text(
                    #"{"id":"1","type":"next","payload":{"data":{"drawUpdated":{"id":"6x45-9007199254740994","status":"DRAWING"}}}}"#
                ))
        try await socket.send(text: #"{"id":"1","type":"complete"}"#)
        try await waitUntil("the subscription completed on the server") { server.openSubscriptionCount == 0 }
        await socket.close(code: 1000, reason: "done")
        try await waitUntil("the socket closed on the server") { server.openRealtimeConnectionCount == 0 }
    }

    @Test("subscribe before connection_init: 4401")
    func subscribeBeforeInit() async throws {
        let server = try Self.startServer()
        defer { server.stop() }
        let socket = try await Self.open(server)
        try await socket.send(text: Self.subscribe)
        #expect(await Self.closeCode(socket).0 == 4401)
    }

    @Test("A second connection_init: 4429")
    func secondInit() async throws {
        let server = try Self.startServer()
        defer { server.stop() }
        let socket = try await Self.open(server)
        try await socket.send(text: #"{"type":"connection_init"}"#)
        try await socket.send(text: #"{"type":"connection_init"}"#)
        let (code, texts) = await Self.closeCode(socket)
        #expect(code == 4429 && texts == [#"{"type":"connection_ack"}"#])
    }

    @Test("An id already in use: 4409")
    func duplicateID() async throws {
        let server = try Self.startServer()
        defer { server.stop() }
        let socket = try await Self.open(server)
        try await socket.send(text: #"{"type":"connection_init"}"#)
        try await socket.send(text: Self.subscribe)
        try await socket.send(text: Self.subscribe)
        #expect(await Self.closeCode(socket).0 == 4409)
        try await waitUntil("the subscription dropped with the socket") { server.openSubscriptionCount == 0 }
    }

    @Test("No connection_init in time: 4408")
    func initTimeout() async throws {
        let server = try EmbeddedLotteryServer.start(
            options: EmbeddedBackendOptions(webSocketInitTimeout: .milliseconds(50)))
        defer { server.stop() }
        let socket = try await Self.open(server)
        #expect(await Self.closeCode(socket).0 == 4408)
    }

    @Test("Not JSON, or an unknown type: 4400")
    func invalidMessage() async throws {
        let server = try Self.startServer()
        defer { server.stop() }
        let socket = try await Self.open(server)
        try await socket.send(text: "hello")
        #expect(await Self.closeCode(socket).0 == 4400)
    }

    @Test("A client that does not speak graphql-transport-ws: 4406")
    func wrongSubprotocol() async throws {
        let server = try Self.startServer()
        defer { server.stop() }
        let socket = try await Self.open(server, subprotocols: [])
        #expect(await Self.closeCode(socket).0 == 4406)
    }
}
