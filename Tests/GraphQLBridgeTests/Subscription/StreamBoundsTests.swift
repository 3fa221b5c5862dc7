import Foundation
import GraphQLBridgeSupport
import RuntimeTestSupport
import Testing

@_spi(Testing) @testable import GraphQLBridge

/// Every stream within bounds (issue 29 row 5): the parsers do work linear in their input however it is cut, one
/// event larger than the limit is a typed error (read no further than the limit), and a consumer that stops reading
/// holds the server back (SSE: the data task pauses) or ends its subscription with a typed error (WebSocket), with
/// the unread bytes never past the limit.
@Suite("Subscription streams within bounds")
struct StreamBoundsTests {
    struct Tick: GraphQLSubscription {
        static let operationName = "Tick"
        static let document = "subscription Tick{tick}"
        struct Data: Decodable, Sendable, Equatable {
            let tick: Int
        }
    }

    /// Cuts `bytes` at seeded random points (pieces of 1 to `maximum` bytes).
    static func randomPieces(_ bytes: [UInt8], seed: UInt64, maximum: Int) -> [Data] {
        var generator = SplitMix(seed: seed)
        var pieces: [Data] = []
        var start = 0
        while start < bytes.count {
            let size = 1 + Int(generator.next() % UInt64(maximum))
            pieces.append(Data(bytes[start..<min(start + size, bytes.count)]))
            start += size
        }
        return pieces
    }

    static func fixed(_ bytes: [UInt8], size: Int) -> [Data] {
        stride(from: 0, to: bytes.count, by: size).map { Data(bytes[$0..<min($0 + size, bytes.count)]) }
    }

    // MARK: - Parsers: linear work

    static let sseText: [UInt8] = {
        let big = String(repeating: "a", count: 200_000)
        return Array(
            ("event: next\r\ndata: {\"big\":\"\(big)\"}\r\n\r\n: beat\n\nevent: next\ndata: 1\ndata: 2\r\r"
                + "data: \(big)\n\nevent: complete\ndata:\n\n").utf8)
    }()

    @Test(
        "SSE: each byte is scanned once, whatever the pieces (1, 7, 1024 bytes, one piece)", arguments: [1, 7, 1024, 0])
    func serverSentEventsLinear(pieceSize: Int) throws {
        var whole = ServerSentEventParser()
        let expected = try whole.feed(Data(Self.sseText))
        var parser = ServerSentEventParser()
        var events: [ServerSentEventParser.Event] = []
        let pieces = pieceSize == 0 ? [Data(Self.sseText)] : Self.fixed(Self.sseText, size: pieceSize)
        for piece in pieces { events += try parser.feed(piece) }
        #expect(events == expected)
        #expect(events.count == 4)
        #expect(parser.bytesScanned == Self.sseText.count)
    }

    static let multipartText: [UInt8] = {
        let big = String(repeating: "b", count: 200_000)
        return Array(
            ("\r\n--graphql\r\ncontent-type: application/json\r\n\r\n{\"payload\":\"\(big)\"}\r\n--graphql\r\n\r\n{}"
                + "\r\n--graphql\r\ncontent-type: application/json\r\n\r\n{\"payload\":\"\(big)-\r\n--graph\"}"
                + "\r\n--graphql--\r\n").utf8)
    }()

    @Test(
        "multipart: delimiters searched in linear work, whatever the pieces (1, 7, 1024 bytes, one piece)",
        arguments: [1, 7, 1024, 0])
    func multipartLinear(pieceSize: Int) throws {
        var whole = MultipartMixedParser(boundary: "graphql")
        let expected = try whole.feed(Data(Self.multipartText))
        var parser = MultipartMixedParser(boundary: "graphql")
        var outputs: [MultipartMixedParser.Output] = []
        let pieces = pieceSize == 0 ? [Data(Self.multipartText)] : Self.fixed(Self.multipartText, size: pieceSize)
        for piece in pieces { outputs += try parser.feed(piece) }
        #expect(outputs == expected)
        #expect(outputs.count == 4)
        // Each byte scanned once, plus a pattern's length (12 bytes) of overlap per piece at most.
        let bound = Self.multipartText.count + 12 * pieces.count
        #expect(parser.bytesScanned <= bound, "scanned \(parser.bytesScanned) bytes of \(Self.multipartText.count)")
    }

    @Test("parsers: seeded random cuts give the one-piece result with linear work", arguments: [1, 2, 3, 5, 8, 13])
    func randomCuts(seed: UInt64) throws {
        print("StreamBoundsTests.randomCuts seed \(seed)")
        var wholeSSE = ServerSentEventParser()
        let expectedEvents = try wholeSSE.feed(Data(Self.sseText))
        var sse = ServerSentEventParser()
        var events: [ServerSentEventParser.Event] = []
        for piece in Self.randomPieces(Self.sseText, seed: seed, maximum: 600) { events += try sse.feed(piece) }
        #expect(events == expectedEvents)
        #expect(sse.bytesScanned == Self.sseText.count)

        var wholeMultipart = MultipartMixedParser(boundary: "graphql")
        let expectedOutputs = try wholeMultipart.feed(Data(Self.multipartText))
        var multipart = MultipartMixedParser(boundary: "graphql")
        var outputs: [MultipartMixedParser.Output] = []
        let pieces = Self.randomPieces(Self.multipartText, seed: seed, maximum: 600)
        for piece in pieces { outputs += try multipart.feed(piece) }
        #expect(outputs == expectedOutputs)
        #expect(multipart.bytesScanned <= Self.multipartText.count + 12 * pieces.count)
    }

    // MARK: - One event bounded

    @Test("SSE parser: an event past the limit is an error at the limit, terminated or not")
    func serverSentEventTooLarge() {
        var parser = ServerSentEventParser(maximumEventSize: 1000)
        #expect(throws: ServerSentEventParser.EventTooLarge(limit: 1000)) {
            for piece in Self.fixed(Array(("data: " + String(repeating: "z", count: 5000)).utf8), size: 100) {
                _ = try parser.feed(piece)
            }
        }
        // Many short data lines without the blank line: the same limit.
        var lines = ServerSentEventParser(maximumEventSize: 1000)
        #expect(throws: ServerSentEventParser.EventTooLarge(limit: 1000)) {
            for _ in 0..<200 { _ = try lines.feed(Data("data: 0123456789\n".utf8)) }
        }
    }

    /// A streaming transport whose body never ends: `prefix`, then `filler` for ever, made as it is read; counts
    /// the pieces read.
    final class EndlessTransport: GraphQLStreamingTransport, Sendable {
        let head: HTTPResponse
        let prefix: String
        let filler: Data
        private let pulled = Locked(0)

        init(contentType: String, prefix: String, filler: Data) {
            head = HTTPResponse(status: 200, headers: ["Content-Type": contentType])
            self.prefix = prefix
            self.filler = filler
        }

        var piecesRead: Int { pulled.value }

        func stream(_ request: HTTPRequest, body: Data, idleTimeout: Duration?) async throws -> GraphQLStreamingResponse
        {
            let prefix = Data(self.prefix.utf8)
            let filler = self.filler
            let pulled = self.pulled
            let stream = AsyncThrowingStream<Data, any Error> {
                let count = pulled.withLock { count -> Int in
                    count += 1
                    return count
                }
                return count == 1 ? prefix : filler
            }
            return GraphQLStreamingResponse(head: head, body: stream, cancel: {})
        }
    }

    static func firstError(_ transport: GraphQLSubscriptionTransport) async -> ([Int], APIError?) {
        let client = GraphQLHTTPClient(endpoint: testEndpoint, subscriptions: transport)
        var ticks: [Int] = []
        do throws(APIError) {
            for try await event in client.subscribe(Tick()) { ticks.append(event.data?.tick ?? -1) }
            return (ticks, nil)
        } catch {
            return (ticks, error)
        }
    }

    static let smallLimits = GraphQLSubscriptionOptions(
        maximumRetries: 0, limits: GraphQLSubscriptionLimits(maximumEventSize: 1 << 20))

    @Test("SSE: an endless event ends the subscription with responseTooLarge after reading about the limit")
    func endlessServerSentEvent() async {
        let transport = EndlessTransport(
            contentType: "text/event-stream",
            prefix: "event: next\ndata: {\"data\":{\"tick\":1}}\n\nevent: next\ndata: ",
            filler: Data(repeating: UInt8(ascii: "a"), count: 64 * 1024))
        let (ticks, error) = await Self.firstError(.serverSentEvents(transport: transport, options: Self.smallLimits))
        #expect(ticks == [1])
        #expect(error == .responseTooLarge(operation: "Tick", limit: 1 << 20))
        // Read no further than the limit: 16 pieces of 64 KiB fill 1 MiB, the 17th crosses it.
        #expect(transport.piecesRead <= 18)
    }

    @Test("multipart: an endless part ends the subscription with responseTooLarge after reading about the limit")
    func endlessMultipartPart() async {
        let transport = EndlessTransport(
            contentType: "multipart/mixed;boundary=\"graphql\"",
            prefix: "\r\n--graphql\r\ncontent-type: application/json\r\n\r\n{\"payload\":{\"data\":{\"tick\":1}}}"
                + "\r\n--graphql\r\n\r\n{\"payload\":\"",
            filler: Data(repeating: UInt8(ascii: "a"), count: 64 * 1024))
        let (ticks, error) = await Self.firstError(.multipartHTTP(transport: transport, options: Self.smallLimits))
        #expect(ticks == [1])
        #expect(error == .responseTooLarge(operation: "Tick", limit: 1 << 20))
        #expect(transport.piecesRead <= 18)
    }

    // MARK: - A stalled consumer: SSE over URLSession

    #if canImport(FoundationNetworking)
        /// On Linux, swift-corelibs-foundation keeps delivering a suspended data task's body, so the bound is the
        /// transport's limit and its typed error.
        @Test("SSE over URLSession: a consumer that stops reading ends with responseTooLarge, never over the limit")
        func serverSentEventsStalledConsumer() async throws {
            let totalBytes = 48 << 20
            let server = try LoopbackHTTPServer(.eventStream(totalBytes: totalBytes, eventSize: 16 * 1024))
            defer { server.stop() }
            let limit = 1 << 20
            let transport = URLSessionStreamingTransport(maximumBufferedBytes: limit)
            let client = GraphQLHTTPClient(
                endpoint: try #require(URL(string: "http://127.0.0.1:\(server.port)/graphql")),
                subscriptions: .serverSentEvents(transport: transport, options: GraphQLSubscriptionOptions()))
            var iterator = client.subscribe(Tick()).makeAsyncIterator()
            var events = 0
            do {
                // The first event (the flood may overflow the limit before the consumer even takes it).
                if try await iterator.next() != nil { events += 1 }
                // The consumer holds the iterator; wait (a hang detector, minutes long) until the stream gives up.
                try await waitUntil("the stream to overflow its limit") { transport.bufferStatistics.overflows > 0 }
                while try await iterator.next() != nil { events += 1 }
                Issue.record("the subscription ended without an error after \(events) events")
            } catch let error as APIError {
                #expect(error == .responseTooLarge(operation: "Tick", limit: limit))
            }
            let statistics = transport.bufferStatistics
            #expect(statistics.overflows == 1)
            #expect(statistics.peakBufferedBytes <= limit)
            // The connection was closed (the server's write failed or it finished).
            #expect(await server.waitForEndedConnections(1))
        }
    #endif

    /// How many events `LoopbackHTTPServer.Behavior.eventStream` sends.
    static func eventCount(totalBytes: Int, eventSize: Int) -> Int {
        let padding = String(repeating: "x", count: max(0, eventSize - 80))
        var sent = 0
        var tick = 0
        while sent < totalBytes {
            tick += 1
            sent +=
                "event: next\ndata: {\"data\":{\"tick\":\(tick)},\"extensions\":{\"pad\":\"\(padding)\"}}\n\n".utf8
                .count
        }
        return tick
    }

    // MARK: - A stalled consumer: WebSocket (typed error past the limit)

    /// A `graphql-transport-ws` server in memory that acknowledges, then answers a `subscribe` with `next`
    /// messages as fast as they are received, until the client sends `complete`; records what the client sent.
    final class FloodingConnector: GraphQLWebSocketConnector, Sendable {
        let eventSize: Int
        private struct State {
            var subscribed: String?
            var sent = 0
            var completed = false
            var closeCode: Int?
            var waiter: CheckedContinuation<Void, Never>?
            var done: CheckedContinuation<Void, Never>?
        }
        private let state = Locked(State())

        init(eventSize: Int) {
            self.eventSize = eventSize
        }

        var bytesSent: Int { state.withLock { $0.sent } }
        var closeCode: Int? { state.withLock { $0.closeCode } }

        /// Returns once the client has completed the subscription (or closed the socket).
        func waitForCompletion() async {
            await withCheckedContinuation { continuation in
                let now = state.withLock { state -> Bool in
                    if state.completed { return true }
                    state.done = continuation
                    return false
                }
                if now { continuation.resume() }
            }
        }

        func connect(_ request: HTTPRequest, subprotocols: [String]) async throws -> any GraphQLWebSocketConnection {
            Connection(owner: self)
        }

        final class Connection: GraphQLWebSocketConnection, Sendable {
            let owner: FloodingConnector
            var subprotocol: String? { "graphql-transport-ws" }
            private let step = Locked(0)
            init(owner: FloodingConnector) { self.owner = owner }

            func send(text: String) async throws {
                guard let message = SubscriptionMessage(Data(text.utf8)) else { return }
                if message.type == "subscribe" {
                    let waiter = owner.state.withLock { state in
                        state.subscribed = message.id
                        defer { state.waiter = nil }
                        return state.waiter
                    }
                    waiter?.resume()
                } else if message.type == "complete" {
                    owner.finish(closeCode: nil)
                }
            }

            func receive() async throws -> GraphQLWebSocketMessage {
                let index = step.withLock { step -> Int in
                    step += 1
                    return step
                }
                if index == 1 { return .text("{\"type\":\"connection_ack\"}") }
                // Wait for the subscription, then flood until it is completed.
                await withCheckedContinuation { continuation in
                    let ready = owner.state.withLock { state -> Bool in
                        if state.subscribed != nil, !state.completed { return true }
                        state.waiter = continuation
                        return false
                    }
                    if ready { continuation.resume() }
                }
                let id = owner.state.withLock { $0.subscribed } ?? "1"
                let pad = String(repeating: "p", count: max(0, owner.eventSize - 90))
                let text =
                    "{\"id\":\"\(id)\",\"type\":\"next\",\"payload\":{\"data\":{\"tick\":\(index - 1)},"
                    + "\"extensions\":{\"pad\":\"\(pad)\"}}}"
                owner.state.withLock { $0.sent += text.utf8.count }
                return .text(text)
            }

            func close(code: Int, reason: String) async {
                owner.finish(closeCode: code)
            }
        }

        func finish(closeCode: Int?) {
            let (waiter, done) = state.withLock { state in
                state.completed = true
                if let closeCode, state.closeCode == nil { state.closeCode = closeCode }
                defer {
                    state.waiter = nil
                    state.done = nil
                }
                return (state.waiter, state.done)
            }
            waiter?.resume()
            done?.resume()
        }
    }

    @Test("WebSocket: a consumer that stops reading ends its subscription with responseTooLarge at the limit")
    func webSocketSlowConsumer() async throws {
        let connector = FloodingConnector(eventSize: 16 * 1024)
        let limit = 256 * 1024
        let transport = GraphQLSubscriptionTransport.webSocket(
            url: try #require(URL(string: "ws://127.0.0.1:9/graphql")), connector: connector,
            options: GraphQLSubscriptionOptions(
                maximumRetries: 0, pingInterval: nil, limits: GraphQLSubscriptionLimits(maximumBufferedBytes: limit)))
        let client = GraphQLHTTPClient(endpoint: testEndpoint, subscriptions: transport)
        var iterator = client.subscribe(Tick()).makeAsyncIterator()
        let first = try await iterator.next()
        #expect(first?.data?.tick == 1)
        // The consumer stalls; the server floods until the client gives the subscription up.
        await connector.waitForCompletion()
        #expect(connector.bytesSent > limit)
        do {
            while try await iterator.next() != nil {}
            Issue.record("the subscription ended without an error")
        } catch {
            #expect(error == .responseTooLarge(operation: "Tick", limit: limit))
        }
        guard case .webSocket(_, let engine) = transport.kind else { return }
        let statistics = await engine.bufferStatistics
        #expect(statistics.overflows == 1)
        #expect(statistics.peakBufferedBytes <= limit)
    }

    @Test("WebSocket: a message past maximumEventSize closes the socket with 1009 and ends with responseTooLarge")
    func webSocketMessageTooLarge() async throws {
        let connector = FloodingConnector(eventSize: 64 * 1024)
        let transport = GraphQLSubscriptionTransport.webSocket(
            url: try #require(URL(string: "ws://127.0.0.1:9/graphql")), connector: connector,
            options: GraphQLSubscriptionOptions(
                maximumRetries: 0, pingInterval: nil, limits: GraphQLSubscriptionLimits(maximumEventSize: 32 * 1024)))
        let (ticks, error) = await Self.firstError(transport)
        #expect(ticks.isEmpty)
        #expect(error == .responseTooLarge(operation: "Tick", limit: 32 * 1024))
        #expect(connector.closeCode == 1009)
    }
}

/// SplitMix64, for seeded cuts.
struct SplitMix {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
