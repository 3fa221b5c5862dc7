import Dispatch
import Foundation
@_spi(Testing) import GraphQLBridge
import GraphQLBridgeSupport

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif
#if canImport(Glibc)
    import Glibc
#endif

/// The `streams` benchmark (issue 29 row 5): every subscription stream parser timed on a body of a few MB cut into
/// 1-byte, 7-byte and 1 KiB pieces against the same bytes in one piece (the ratio is the figure: a linear parser
/// stays within a small constant), and the memory a stalled consumer costs under a 192 MB flood: SSE and multipart
/// over `URLSessionStreamingTransport` against a loopback server (back-pressure where `URLSession` allows it, the
/// limit otherwise), `graphql-transport-ws` against an in-memory server that floods (the subscription's limit), and,
/// as the baseline in the same run, a bare `URLSession` cancelling at the limit from its delegate queue (the
/// transport before issue 29's fix) and from a queue of its own (the transport now).
enum StreamsBenchmark {
    struct Tick: GraphQLSubscription {
        static let operationName = "Tick"
        static let document = "subscription Tick{tick}"
        struct Data: Decodable, Sendable {
            let tick: Int
        }
    }

    static func run(options: BenchmarkOptions) -> Int32 {
        var status: Int32 = 0
        print("streams: parsers, a body of one big event/part plus small ones, cut into pieces vs one piece")
        status |= parsers()
        print("")
        print("streams: a stalled consumer under a 192 MB flood")
        status |= CacheBenchmark.blocking { await httpFlood(multipart: false) }
        status |= CacheBenchmark.blocking { await httpFlood(multipart: true) }
        status |= CacheBenchmark.blocking { await webSocketFlood() }
        // Last: the delegate-queue baseline leaves the heap large (freed memory is reused by what runs after it).
        status |= CacheBenchmark.blocking { await bareURLSessionFlood(cancelOnDelegateQueue: false) }
        status |= CacheBenchmark.blocking { await bareURLSessionFlood(cancelOnDelegateQueue: true) }
        return status
    }

    // MARK: - Parsers

    static func pieces(_ bytes: [UInt8], size: Int) -> [Data] {
        guard size > 0 else { return [Data(bytes)] }
        return stride(from: 0, to: bytes.count, by: size).map { Data(bytes[$0..<min($0 + size, bytes.count)]) }
    }

    static func time(_ body: () throws -> StreamParserProbe.Outcome) rethrows -> (Double, StreamParserProbe.Outcome) {
        var best = Double.infinity
        var outcome = StreamParserProbe.Outcome(items: 0, itemBytes: 0, bytesScanned: 0)
        for _ in 0..<3 {
            let start = DispatchTime.now().uptimeNanoseconds
            outcome = try body()
            best = min(best, Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6)
        }
        return (best, outcome)
    }

    static func parsers() -> Int32 {
        var status: Int32 = 0
        for megabytes in [2, 4] { status |= parsers(megabytes: megabytes) }
        return status
    }

    static func parsers(megabytes: Int) -> Int32 {
        let big = String(repeating: "a", count: megabytes << 20)
        var sse = "event: next\ndata: {\"big\":\"\(big)\"}\n\n"
        var multipart = "\r\n--graphql\r\ncontent-type: application/json\r\n\r\n{\"big\":\"\(big)\"}"
        for index in 0..<(megabytes * 5_000) {
            sse += "event: next\ndata: {\"n\":\(index)}\n\n"
            multipart += "\r\n--graphql\r\n\r\n{\"n\":\(index)}"
        }
        multipart += "\r\n--graphql--\r\n"
        let sseBytes = Array(sse.utf8)
        let multipartBytes = Array(multipart.utf8)
        var rows: [[String]] = []
        var failed = false
        for (name, bytes) in [("SSE", sseBytes), ("multipart", multipartBytes)] {
            var whole = 0.0
            var expected: StreamParserProbe.Outcome?
            for size in [0, 1024, 7, 1] {
                let cut = pieces(bytes, size: size)
                do {
                    let (ms, outcome) = try time {
                        name == "SSE"
                            ? try StreamParserProbe.serverSentEvents(cut)
                            : try StreamParserProbe.multipart(cut, boundary: "graphql")
                    }
                    if size == 0 { whole = ms }
                    if let expected, expected.items != outcome.items || expected.itemBytes != outcome.itemBytes {
                        failed = true
                    }
                    expected = expected ?? outcome
                    rows.append([
                        name, size == 0 ? "one piece" : "\(size) B", "\(bytes.count)", "\(outcome.items)",
                        String(format: "%.2f", Double(outcome.bytesScanned) / Double(bytes.count)),
                        String(format: "%.1f", ms), String(format: "%.1f", ms * 1e6 / Double(bytes.count)),
                        String(format: "%.2f", ms / whole),
                    ])
                } catch {
                    print("  \(name) failed: \(error)")
                    failed = true
                }
            }
        }
        let table = TextTable(
            header: [
                "parser", "pieces", "bytes", "items", "scanned/byte", "ms (best of 3)", "ns/byte", "x one piece",
            ], rows: rows)
        for line in table.lines { print(line) }
        if failed { print("  FAILED: a cut gave other items than one piece") }
        return failed ? 1 : 0
    }

    // MARK: - SSE and multipart flood

    static func httpFlood(multipart: Bool) async -> Int32 {
        let total = 192 << 20
        let name = multipart ? "multipart" : "SSE"
        guard let server = try? FloodServer(totalBytes: total, multipart: multipart) else {
            print("  \(name): cannot start the loopback server")
            return 1
        }
        defer { server.stop() }
        let transport = URLSessionStreamingTransport()
        let limit = transport.maximumBufferedBytes
        guard let url = URL(string: "http://127.0.0.1:\(server.port)/graphql") else { return 1 }
        let options = GraphQLSubscriptionOptions()
        let client = GraphQLHTTPClient(
            endpoint: url,
            subscriptions: multipart
                ? .multipartHTTP(transport: transport, options: options)
                : .serverSentEvents(transport: transport, options: options))
        let memory = PeakResidentMemory()
        var iterator = client.subscribe(Tick()).makeAsyncIterator()
        var events = 0
        var ending = "no error"
        do {
            // One event, then the consumer stalls for 3 s while the server floods, then it reads on.
            if try await iterator.next() != nil { events += 1 }
            try? await Task.sleep(for: .seconds(3))
            while try await iterator.next() != nil { events += 1 }
        } catch {
            ending = String("\(error)".prefix(60)) + "..."
        }
        let peak = memory.stop()
        let statistics = transport.bufferStatistics
        print(
            "  \(name) (URLSessionStreamingTransport, maximumBufferedBytes \(limit)): server wrote "
                + "\(server.bytesWritten >> 20) MB of \(total >> 20) MB, consumer got \(events) events, then: \(ending); "
                + "peak unread \(statistics.peakBufferedBytes) B, pauses \(statistics.pauses), overflows "
                + "\(statistics.overflows), peak RSS +\(peak / 1024) MB")
        return statistics.peakBufferedBytes <= limit ? 0 : 1
    }

    /// The baseline: a bare `URLSession` data task under the same flood, cancelled once 8 MiB arrived, from the
    /// delegate queue or from a queue of its own.
    static func bareURLSessionFlood(cancelOnDelegateQueue: Bool) async -> Int32 {
        let total = 192 << 20
        guard let server = try? FloodServer(totalBytes: total, multipart: false),
            let url = URL(string: "http://127.0.0.1:\(server.port)/graphql")
        else {
            print("  bare URLSession: cannot start the loopback server")
            return 1
        }
        defer { server.stop() }
        let delegate = FloodCancellingDelegate(limit: 8 << 20, cancelOnDelegateQueue: cancelOnDelegateQueue)
        let queue = OperationQueue()
        queue.maxConcurrentOperationCount = 1
        let session = URLSession(configuration: .ephemeral, delegate: delegate, delegateQueue: queue)
        defer { session.invalidateAndCancel() }
        let memory = PeakResidentMemory()
        let started = DispatchTime.now().uptimeNanoseconds
        session.dataTask(with: url).resume()
        await delegate.waitForCompletion()
        let milliseconds = (DispatchTime.now().uptimeNanoseconds - started) / 1_000_000
        let peak = memory.stop()
        print(
            "  bare URLSession, cancelled at 8 MiB from "
                + (cancelOnDelegateQueue ? "the delegate queue (the transport before)" : "a queue of its own (now)")
                + ": server wrote \(server.bytesWritten >> 20) MB of \(total >> 20) MB, the delegate got "
                + "\(delegate.bytesReceived >> 20) MB, ended after \(milliseconds) ms, peak RSS +\(peak / 1024) MB")
        return 0
    }

    // MARK: - WebSocket flood

    static func webSocketFlood() async -> Int32 {
        let limit = GraphQLSubscriptionLimits().maximumBufferedBytes
        let connector = FloodConnector(totalBytes: 192 << 20, eventSize: 16 * 1024)
        guard let url = URL(string: "ws://127.0.0.1:9/graphql") else { return 1 }
        let transport = GraphQLSubscriptionTransport.webSocket(
            url: url, connector: connector, options: GraphQLSubscriptionOptions(maximumRetries: 0, pingInterval: nil))
        let client = GraphQLHTTPClient(endpoint: url, subscriptions: transport)
        let before = CompareBenchmark.MemoryAtProgress.residentKB()
        var iterator = client.subscribe(Tick()).makeAsyncIterator()
        do {
            _ = try await iterator.next()
        } catch {
            print("  WebSocket: \(error)")
            return 1
        }
        try? await Task.sleep(for: .seconds(3))
        let rss = CompareBenchmark.MemoryAtProgress.residentKB() - before
        var ending = "no error"
        do {
            while try await iterator.next() != nil {}
        } catch {
            ending = "\(error)"
        }
        let statistics = await transport.webSocketBufferStatistics() ?? (0, 0)
        print(
            "  WebSocket (graphql-transport-ws, limits.maximumBufferedBytes \(limit)): stalled 3 s: server sent "
                + "\(connector.bytesSent >> 20) MB of 192 MB, peak unread \(statistics.peakBufferedBytes) B, "
                + "overflows \(statistics.overflows), RSS \(rss >= 0 ? "+" : "")\(rss / 1024) MB; the consumer then got: "
                + "\(ending.prefix(60))...")
        return statistics.peakBufferedBytes <= limit && statistics.overflows == 1 ? 0 : 1
    }

    /// A `graphql-transport-ws` server in memory: acknowledges, then floods `next` messages for the first
    /// subscription until `totalBytes` or the client's `complete`.
    final class FloodConnector: GraphQLWebSocketConnector, Sendable {
        let totalBytes: Int
        let eventSize: Int
        private let sent = Locked(0)
        private let completed = Locked(false)

        init(totalBytes: Int, eventSize: Int) {
            self.totalBytes = totalBytes
            self.eventSize = eventSize
        }

        var bytesSent: Int { sent.value }

        func connect(_ request: HTTPRequest, subprotocols: [String]) async throws -> any GraphQLWebSocketConnection {
            Connection(owner: self)
        }

        final class Connection: GraphQLWebSocketConnection, Sendable {
            let owner: FloodConnector
            private let step = Locked(0)
            private let subscribed = AsyncStream<Void>.makeStream()
            private let closed = AsyncStream<Void>.makeStream()

            init(owner: FloodConnector) { self.owner = owner }

            func send(text: String) async throws {
                if text.contains("\"subscribe\"") { subscribed.continuation.yield() }
                if text.contains("\"complete\"") { owner.completed.withLock { $0 = true } }
            }

            func receive() async throws -> GraphQLWebSocketMessage {
                let index = step.withLock { step -> Int in
                    step += 1
                    return step
                }
                if index == 1 { return .text("{\"type\":\"connection_ack\"}") }
                if index == 2 { for await _ in subscribed.stream { break } }
                if owner.completed.value || owner.sent.value >= owner.totalBytes {
                    for await _ in closed.stream { break }
                    throw GraphQLWebSocketError(.closed(code: 1000), "closed")
                }
                let pad = String(repeating: "p", count: max(0, owner.eventSize - 90))
                let text =
                    "{\"id\":\"1\",\"type\":\"next\",\"payload\":{\"data\":{\"tick\":\(index - 1)},"
                    + "\"extensions\":{\"pad\":\"\(pad)\"}}}"
                owner.sent.withLock { $0 += text.utf8.count }
                return .text(text)
            }

            func close(code: Int, reason: String) async {
                closed.continuation.yield()
                closed.continuation.finish()
            }
        }
    }
}
