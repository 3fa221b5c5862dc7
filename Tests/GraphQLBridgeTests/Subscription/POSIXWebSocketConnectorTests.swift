import Foundation
import GraphQLBridgeSupport
import Testing

@testable import GraphQLBridge

/// The runtime's WebSocket connector over POSIX sockets (issue 30): `ws://` only, a `wss://` URL refused at once
/// with a typed error that says why (no TLS), before any connection, and not retried by a subscription; its frame
/// reader reads what its encoder writes however the bytes are cut.
@Suite("POSIXWebSocketConnector: ws:// only, frames")
struct POSIXWebSocketConnectorTests {
    struct Tick: GraphQLSubscription {
        static let operationName = "Tick"
        static let document = "subscription Tick{tick}"
        struct Data: Decodable, Sendable, Equatable {
            let tick: Int
        }
    }

    /// The error `connect` throws for `url`.
    static func connectError(_ url: String) async throws -> GraphQLWebSocketError? {
        let request = HTTPRequest(method: "GET", url: try #require(URL(string: url)), timeout: HangDetector.limit)
        do {
            let connection = try await POSIXWebSocketConnector().connect(
                request, subprotocols: ["graphql-transport-ws"])
            await connection.close(code: 1000, reason: "")
            return nil
        } catch let error as GraphQLWebSocketError {
            return error
        }
    }

    @Test("wss:// is refused at once with .unavailable, saying ws:// only and no TLS, before any connection")
    func secureSchemeRefused() async throws {
        // A port nothing listens on: a connection attempt would fail with a TransportError, not this.
        let port = try LoopbackHTTPServer.closedPort()
        let error = try #require(await Self.connectError("wss://127.0.0.1:\(port)/graphql"))
        #expect(error.kind == .unavailable)
        #expect(error.message.contains("ws:// URLs only"), "\(error.message)")
        #expect(error.message.contains("no TLS"), "\(error.message)")
        #expect(error.message.contains("wss://127.0.0.1:\(port)/graphql"), "it names the URL: \(error.message)")
        #expect(error.description.hasPrefix("WebSockets unavailable: "))
    }

    @Test("other schemes and a ws:// URL without a host are refused with .unavailable naming the URL")
    func otherURLsRefused() async throws {
        for url in ["http://127.0.0.1:9/graphql", "https://example.com/graphql", "ws:///graphql"] {
            let error = try #require(await Self.connectError(url), "\(url)")
            #expect(error.kind == .unavailable, "\(url)")
            #expect(error.message.contains(url), "\(url): \(error.message)")
        }
    }

    @Test("a subscription over wss:// with this connector ends with webSocketUnavailable, not retried")
    func subscriptionOverSecureScheme() async throws {
        let transport = GraphQLSubscriptionTransport.webSocket(
            url: try #require(URL(string: "wss://api.example/graphql")), connector: POSIXWebSocketConnector(),
            options: GraphQLSubscriptionOptions(maximumRetries: 5))
        let client = GraphQLHTTPClient(endpoint: testEndpoint, subscriptions: transport)
        do throws(APIError) {
            for try await _ in client.subscribe(Tick()) {}
            Issue.record("the subscription ended without an error")
        } catch {
            guard case .webSocketUnavailable(let operation, let reason) = error else {
                Issue.record("expected webSocketUnavailable, got \(error)")
                return
            }
            #expect(operation == "Tick")
            #expect(reason.contains("no TLS"), "\(reason)")
        }
    }

    // MARK: - Frames

    @Test("frames read back as written, masked or not, of every length class, however the bytes are cut (seeded)")
    func framesRoundTrip() throws {
        let seed = UInt64(ProcessInfo.processInfo.environment["GRAPHQLBRIDGE_PROPERTY_SEED"] ?? "") ?? 30
        var generator = SplitMix(seed: seed)
        let lengths = [0, 1, 125, 126, 127, 65_535, 65_536, 70_000]
        for run in 0..<40 {
            var frames: [WebSocketFrame] = []
            var bytes: [UInt8] = []
            for _ in 0..<(1 + Int(generator.next() % 6)) {
                let opcode = [UInt8(0), 1, 2, 8, 9, 10][Int(generator.next() % 6)]
                let length =
                    generator.next() % 2 == 0
                    ? lengths[Int(generator.next() % UInt64(lengths.count))] : Int(generator.next() % 300)
                let payload = (0..<length).map { _ in UInt8(truncatingIfNeeded: generator.next()) }
                let mask =
                    generator.next() % 2 == 0 ? nil : (0..<4).map { _ in UInt8(truncatingIfNeeded: generator.next()) }
                frames.append(WebSocketFrame(opcode: opcode, isFinal: true, payload: payload))
                bytes += WebSocketFrame.encode(opcode: opcode, payload: payload, mask: mask)
            }
            var reader = WebSocketFrameReader(maximumPayload: 1 << 20)
            var read: [WebSocketFrame] = []
            var start = 0
            while start < bytes.count {
                let size = 1 + Int(generator.next() % 9000)
                read += try reader.feed(bytes[start..<min(start + size, bytes.count)])
                start += size
            }
            #expect(read == frames, "seed \(seed), run \(run): \(read.count) frames read of \(frames.count)")
        }
    }

    @Test("a frame longer than the limit is refused from its header, before its payload arrives")
    func oversizedFrame() {
        var reader = WebSocketFrameReader(maximumPayload: 1000)
        let header = Array(
            WebSocketFrame.encode(opcode: 1, payload: [UInt8](repeating: 0, count: 70_000), mask: nil)
                .prefix(10))
        #expect(throws: WebSocketFrameReader.Malformed.self) { try reader.feed(header) }
        var short = WebSocketFrameReader(maximumPayload: 100)
        #expect(throws: WebSocketFrameReader.Malformed.self) {
            try short.feed(
                WebSocketFrame.encode(opcode: 2, payload: [UInt8](repeating: 1, count: 126), mask: nil).prefix(4))
        }
    }
}
