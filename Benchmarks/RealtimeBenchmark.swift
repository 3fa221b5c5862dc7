import Dispatch
import Foundation
import GraphQLBridge
import LotteryAPI
import LotteryBackend

/// The `realtime` benchmark, in one release run, over each transport (Server-Sent Events, multipart HTTP, and
/// `graphql-transport-ws` through the test-side POSIX connector) against the embedded backend on loopback:
///
/// 1. **Latency**: from the server's write (`DrawClock.sellTickets`, one `drawUpdated` event: a draw's
///    `ticketsSold`) to (a) the transport's own delivery of the event's bytes (the baseline: a bare streaming
///    request, or a bare WebSocket), (b) the subscription's decoded element (written through the cache), (c) a
///    `GameQuery` watcher's new element showing the new count. p50 and p99 of 301 rounds; what the client adds is
///    (c) − (a) at p50 (target ≤ 1 ms).
/// 2. **Throughput**: 2,000 events sent as fast as the clock makes them; events per second the client takes in
///    (decoded, written through the cache), against the transport's own rate.
/// 3. **Memory**: 1,000 subscriptions on one socket and 1,000 over SSE against a server in a child process; the
///    client's heap (and resident size) per subscription, every subscription receiving an event (target: under
///    16 KB per subscription on one socket), and the server's count back to 0 after cancelling.
enum RealtimeBenchmark {
    static let rounds = 301
    static let warmup = 20
    static let gameId = "6x45"

    enum Transport: String, CaseIterable, Sendable {
        case serverSentEvents = "SSE"
        case multipartHTTP = "multipart"
        case webSocket = "WebSocket"

        func subscriptions(webSocketURL: URL) -> GraphQLSubscriptionTransport {
            let options = GraphQLSubscriptionOptions(pingInterval: nil)
            switch self {
            case .serverSentEvents: return .serverSentEvents(options: options)
            case .multipartHTTP: return .multipartHTTP(options: options)
            case .webSocket:
                return .webSocket(url: webSocketURL, connector: POSIXWebSocketConnector(), options: options)
            }
        }
    }

    static func run(options: BenchmarkOptions) -> Int32 {
        print("== realtime ==")
        print(
            "workload: drawUpdated(gameId: \"6x45\") with DrawDetails; each event one draw's ticketsSold changed by the "
                + "embedded backend's clock; loopback; \(rounds) rounds after \(warmup) warm-up rounds")
        var failures = 0
        var latency = TextTable(header: [
            "transport", "transport p50", "p99", "element p50", "p99", "watcher p50", "p99", "added p50", "ratio",
        ])
        var throughput = TextTable(header: ["transport", "transport events/s", "client events/s", "client / transport"])
        for transport in Transport.allCases {
            let outcome = CacheBenchmark.blocking { await measure(transport) }
            if let problem = outcome.problem {
                print("  \(transport.rawValue): FAILED: \(problem)")
                failures += 1
                continue
            }
            let added = outcome.added.p50
            latency.rows.append([
                transport.rawValue, ms(outcome.raw.p50), ms(outcome.raw.p99), ms(outcome.element.p50),
                ms(outcome.element.p99), ms(outcome.watcher.p50), ms(outcome.watcher.p99), ms(added),
                CacheBenchmark.format(outcome.watcher.p50 / outcome.raw.p50) + "x",
            ])
            throughput.rows.append([
                transport.rawValue, String(Int(outcome.rawRate)), String(Int(outcome.clientRate)),
                CacheBenchmark.format(outcome.clientRate / outcome.rawRate) + "x",
            ])
            if added > 1 {
                print("  \(transport.rawValue): target (client adds at most 1 ms at p50) missed: \(ms(added))")
            }
        }
        print(
            "latency from the server's write (ms): the transport's own delivery, the subscription's element, a watcher's element"
        )
        latency.lines.forEach { print($0) }
        print("throughput: 2,000 events")
        throughput.lines.forEach { print($0) }

        do {
            let child = try RealtimeServerProcess.start()
            defer { child.stop() }
            var memory = TextTable(header: [
                "1,000 subscriptions", "anonymous resident per subscription", "resident per subscription",
                "all got the event",
                "server count after cancel",
            ])
            for transport in [Transport.webSocket, .serverSentEvents] {
                let outcome = CacheBenchmark.blocking { await measureMemory(transport, child: child) }
                if let problem = outcome.problem {
                    print("  memory, \(transport.rawValue): FAILED: \(problem)")
                    failures += 1
                    continue
                }
                memory.rows.append([
                    transport == .webSocket ? "WebSocket (one socket)" : "SSE (1,000 connections)",
                    kilobytes(outcome.heapPerSubscription), kilobytes(outcome.residentPerSubscription),
                    outcome.allReceived ? "yes" : "NO", String(outcome.countAfterCancel),
                ])
                if transport == .webSocket {
                    let pass = outcome.heapPerSubscription < 16 * 1024 && outcome.allReceived
                    print(
                        "target: 1,000 subscriptions on one socket under 16 KB each: \(pass ? "PASS" : "FAIL") "
                            + "(\(kilobytes(outcome.heapPerSubscription)))")
                }
                if !outcome.allReceived || outcome.countAfterCancel != 0 { failures += 1 }
            }
            memory.lines.forEach { print($0) }
        } catch {
            print("  memory: FAILED: \(error)")
            failures += 1
        }
        return failures == 0 ? 0 : 1
    }

    static func ms(_ value: Double) -> String { CacheBenchmark.format(value) }

    static func kilobytes(_ bytes: Double) -> String { String(format: "%.1f KB", bytes / 1024) }

    // MARK: - Latency and throughput

    struct Percentiles: Sendable {
        var p50 = 0.0
        var p99 = 0.0

        init(_ samples: [Double]) {
            let sorted = samples.sorted()
            guard !sorted.isEmpty else { return }
            p50 = sorted[sorted.count / 2]
            p99 = sorted[min(sorted.count - 1, Int((Double(sorted.count) * 0.99).rounded(.up)) - 1)]
        }

        init() {}
    }

    struct Outcome: Sendable {
        var raw = Percentiles()
        var element = Percentiles()
        var watcher = Percentiles()
        /// Per event: the watcher's element after the bare transport's delivery.
        var added = Percentiles()
        var rawRate = 0.0
        var clientRate = 0.0
        var problem: String?
    }

    static func measure(_ transport: Transport) async -> Outcome {
        var outcome = Outcome()
        let server: EmbeddedLotteryServer
        do {
            server = try EmbeddedLotteryServer.start(options: EmbeddedBackendOptions(heartbeatInterval: .seconds(600)))
        } catch {
            outcome.problem = "\(error)"
            return outcome
        }
        defer { server.stop() }
        do {
            // The bare transport and the client subscribe side by side: each event reaches both, in the same
            // conditions (a loaded machine slows both alike).
            let raw = try await RawStream.open(transport, server: server)
            defer { raw.close() }
            let cache = GraphQLCache(maxAge: .seconds(3600))
            let client = GraphQLHTTPClient(
                endpoint: server.graphQLURL, cache: cache,
                subscriptions: transport.subscriptions(webSocketURL: server.webSocketURL))
            let watched = AsyncStream<(ContinuousClock.Instant, Int64?)>.makeStream()
            let watch = Task {
                do {
                    for try await result in client.watch(GameQuery(id: gameId)) {
                        watched.continuation.yield((.now, result.data?.game?.nextDraw?.ticketsSold))
                    }
                } catch {}
                watched.continuation.finish()
            }
            defer { watch.cancel() }
            var watcher = watched.stream.makeAsyncIterator()
            guard await watcher.next() != nil else { throw CacheBenchmark.Problem("the watcher gave nothing") }
            let elements = AsyncStream<(ContinuousClock.Instant, Int64?)>.makeStream()
            let consumer = Task {
                do throws(APIError) {
                    for try await event in client.subscribe(DrawUpdatedSubscription(gameId: gameId)) {
                        elements.continuation.yield((.now, event.data?.drawUpdated.ticketsSold))
                    }
                } catch {}
                elements.continuation.finish()
            }
            defer { consumer.cancel() }
            var element = elements.stream.makeAsyncIterator()
            try await waitForSubscriptions(server, 2)
            var rawSamples: [Double] = []
            var elementSamples: [Double] = []
            var watcherSamples: [Double] = []
            var added: [Double] = []
            for round in 0..<(warmup + rounds) {
                let start = ContinuousClock.now
                guard let sold = server.drawClock.sellTickets(gameId: gameId)?.ticketsSold else {
                    throw CacheBenchmark.Problem("no draw on sale")
                }
                let rawArrived = try await raw.next()
                guard let (arrived, count) = await element.next(), count == sold else {
                    throw CacheBenchmark.Problem("the subscription's element is missing or wrong")
                }
                var seen: ContinuousClock.Instant?
                while let next = await watcher.next() {
                    if next.1 == sold {
                        seen = next.0
                        break
                    }
                }
                guard let watcherArrived = seen else { throw CacheBenchmark.Problem("the watcher ended") }
                if round >= warmup {
                    rawSamples.append(WatchBenchmark.milliseconds(rawArrived - start))
                    elementSamples.append(WatchBenchmark.milliseconds(arrived - start))
                    watcherSamples.append(WatchBenchmark.milliseconds(watcherArrived - start))
                    added.append(WatchBenchmark.milliseconds(watcherArrived - rawArrived))
                }
            }
            outcome.raw = Percentiles(rawSamples)
            outcome.element = Percentiles(elementSamples)
            outcome.watcher = Percentiles(watcherSamples)
            outcome.added = Percentiles(added)
            let receiveRaw: @Sendable () async throws -> Void = { _ = try await raw.next() }
            let elementsBox = IteratorBox(element)
            let receiveClient: @Sendable () async throws -> Void = {
                guard await elementsBox.next() else { throw CacheBenchmark.Problem("the subscription ended") }
            }
            (outcome.rawRate, outcome.clientRate) = try await rates(server, raw: receiveRaw, client: receiveClient)
        } catch {
            outcome.problem = "\(error)"
        }
        return outcome
    }

    /// Events per second of the bare transport and of the client, both receiving the same 2,000 events, written
    /// by a thread as fast as the clock makes them.
    static func rates(
        _ server: EmbeddedLotteryServer, raw: @escaping @Sendable () async throws -> Void,
        client: @escaping @Sendable () async throws -> Void
    ) async throws -> (Double, Double) {
        let count = 2_000
        let clock = server.drawClock
        let start = ContinuousClock.now
        let producer = Thread {
            for _ in 0..<count { clock.sellTickets(gameId: gameId) }
        }
        producer.start()
        async let rawDone: ContinuousClock.Instant = {
            for _ in 0..<count { try await raw() }
            return .now
        }()
        async let clientDone: ContinuousClock.Instant = {
            for _ in 0..<count { try await client() }
            return .now
        }()
        let (rawEnd, clientEnd) = try await (rawDone, clientDone)
        return (
            Double(count) / (WatchBenchmark.milliseconds(rawEnd - start) / 1000),
            Double(count) / (WatchBenchmark.milliseconds(clientEnd - start) / 1000)
        )
    }

    /// An async iterator used from one task at a time, behind a reference (to hand it to a `@Sendable` closure).
    final class IteratorBox: @unchecked Sendable {
        // @unchecked: `iterator` is only used by the one task that runs `next()` at a time.
        private var iterator: AsyncStream<(ContinuousClock.Instant, Int64?)>.Iterator

        init(_ iterator: AsyncStream<(ContinuousClock.Instant, Int64?)>.Iterator) { self.iterator = iterator }

        func next() async -> Bool { await iterator.next() != nil }
    }

    static func waitForSubscriptions(_ server: EmbeddedLotteryServer, _ count: Int) async throws {
        let deadline = ContinuousClock.now + .seconds(30)
        while server.openSubscriptionCount != count {
            guard ContinuousClock.now < deadline else {
                throw CacheBenchmark.Problem(
                    "the server has \(server.openSubscriptionCount) subscriptions, not \(count)")
            }
            try await Task.sleep(for: .milliseconds(1))
        }
    }

    // MARK: - Memory

    struct MemoryOutcome: Sendable {
        var heapPerSubscription = 0.0
        var residentPerSubscription = 0.0
        var allReceived = false
        var countAfterCancel = -1
        var problem: String?
    }

    static func measureMemory(_ transport: Transport, child: RealtimeServerProcess) async -> MemoryOutcome {
        var outcome = MemoryOutcome()
        let subscriptions = 1_000
        guard let endpoint = URL(string: "http://127.0.0.1:\(child.port)/graphql"),
            let socketURL = URL(string: "ws://127.0.0.1:\(child.port)/graphql")
        else { return outcome }
        let client = GraphQLHTTPClient(
            endpoint: endpoint, subscriptions: transport.subscriptions(webSocketURL: socketURL))
        // One subscription first, so that the session or the socket exists before the baseline.
        let received = AsyncStream<Void>.makeStream()
        func start() -> Task<Void, Never> {
            Task {
                do throws(APIError) {
                    for try await _ in client.subscribe(DrawUpdatedSubscription(gameId: gameId)) {
                        received.continuation.yield()
                    }
                } catch {}
            }
        }
        var tasks = [start()]
        guard await waitForChild(child, count: 1) else {
            outcome.problem = "the first subscription did not reach the server"
            return outcome
        }
        let before = MemoryUse.now()
        for _ in 1..<subscriptions { tasks.append(start()) }
        guard await waitForChild(child, count: subscriptions) else {
            outcome.problem = "the server counts \(child.ask("count")) subscriptions, not \(subscriptions)"
            for task in tasks { task.cancel() }
            return outcome
        }
        _ = child.ask("sell \(gameId)")
        var got = 0
        for await _ in received.stream {
            got += 1
            if got == subscriptions { break }
        }
        outcome.allReceived = got == subscriptions
        let after = MemoryUse.now()
        outcome.heapPerSubscription = Double(after.heap - before.heap) / Double(subscriptions - 1)
        outcome.residentPerSubscription = Double(after.resident - before.resident) / Double(subscriptions - 1)
        for task in tasks { task.cancel() }
        _ = await waitForChild(child, count: 0)
        outcome.countAfterCancel = Int(child.ask("count")) ?? -1
        return outcome
    }

    static func waitForChild(_ child: RealtimeServerProcess, count: Int) async -> Bool {
        let deadline = ContinuousClock.now + .seconds(60)
        while ContinuousClock.now < deadline {
            if child.ask("count") == String(count) { return true }
            try? await Task.sleep(for: .milliseconds(20))
        }
        return false
    }
}

/// The process's memory from `/proc/self/status` (Linux): anonymous resident bytes (`RssAnon`: the heap and the
/// touched stacks; the Swift toolchain exposes no `mallinfo2`) and all resident bytes (`VmRSS`); zero elsewhere.
struct MemoryUse: Sendable {
    var heap: Int
    var resident: Int

    static func now() -> MemoryUse {
        let status = (try? String(contentsOfFile: "/proc/self/status", encoding: .utf8)) ?? ""
        func kilobytes(_ field: String) -> Int {
            guard let line = status.split(separator: "\n").first(where: { $0.hasPrefix(field + ":") }) else { return 0 }
            return (line.split(separator: " ").dropFirst().first.flatMap { Int($0) } ?? 0) * 1024
        }
        return MemoryUse(heap: kilobytes("RssAnon"), resident: kilobytes("VmRSS"))
    }
}

/// The transport's own delivery, without the client: a bare streaming request (SSE, multipart) or a bare
/// WebSocket speaking `graphql-transport-ws`, counting events as their bytes arrive.
final class RawStream: @unchecked Sendable {
    // @unchecked: `pending` is only touched by `next()`, from one task at a time; the rest is constant.
    private let events: AsyncThrowingStream<(Int, ContinuousClock.Instant), any Error>
    private var iterator: AsyncThrowingStream<(Int, ContinuousClock.Instant), any Error>.AsyncIterator
    private var pending = 0
    private var arrivedAt = ContinuousClock.now
    private let onClose: @Sendable () -> Void

    private init(
        events: AsyncThrowingStream<(Int, ContinuousClock.Instant), any Error>, onClose: @escaping @Sendable () -> Void
    ) {
        self.events = events
        self.iterator = events.makeAsyncIterator()
        self.onClose = onClose
    }

    static let query =
        "{\"query\":" + JSONValue.string(DrawUpdatedSubscription.document).jsonText
        + ",\"operationName\":\"DrawUpdated\",\"variables\":{\"gameId\":\"6x45\"}}"

    static func open(_ transport: RealtimeBenchmark.Transport, server: EmbeddedLotteryServer) async throws -> RawStream
    {
        let (events, continuation) = AsyncThrowingStream<(Int, ContinuousClock.Instant), any Error>.makeStream()
        switch transport {
        case .webSocket:
            let socket = try await POSIXWebSocketConnector().connect(
                HTTPRequest(method: "GET", url: server.webSocketURL), subprotocols: ["graphql-transport-ws"])
            try await socket.send(text: "{\"type\":\"connection_init\"}")
            _ = try await socket.receive()
            try await socket.send(text: "{\"id\":\"1\",\"type\":\"subscribe\",\"payload\":\(query)}")
            let reader = Task {
                do {
                    while true {
                        _ = try await socket.receive()
                        continuation.yield((1, .now))
                    }
                } catch {
                    continuation.finish()
                }
            }
            return RawStream(events: events) {
                reader.cancel()
                Task { await socket.close(code: 1000, reason: "") }
            }
        case .serverSentEvents, .multipartHTTP:
            var request = HTTPRequest(method: "POST", url: server.graphQLURL)
            request.headers["Content-Type"] = "application/json"
            let marker: [UInt8]
            if transport == .serverSentEvents {
                request.headers["Accept"] = "text/event-stream"
                marker = Array("event: next".utf8)
            } else {
                request.headers["Accept"] = "multipart/mixed;subscriptionSpec=\"1.0\", application/json"
                marker = Array("{\"payload\"".utf8)
            }
            let response = try await URLSessionStreamingTransport().stream(
                request, body: Data(query.utf8), idleTimeout: nil)
            let reader = Task {
                var counter = MarkerCounter(marker: marker)
                do {
                    for try await piece in response.body {
                        let found = counter.count(in: piece)
                        if found > 0 { continuation.yield((found, .now)) }
                    }
                } catch {}
                continuation.finish()
            }
            return RawStream(events: events) {
                reader.cancel()
                response.cancel()
            }
        }
    }

    /// Waits for the next event's bytes; returns when they arrived.
    @discardableResult
    func next() async throws -> ContinuousClock.Instant {
        if pending > 0 {
            pending -= 1
            return arrivedAt
        }
        guard let (found, arrived) = try await iterator.next() else {
            throw CacheBenchmark.Problem("the raw stream ended")
        }
        pending = found - 1
        arrivedAt = arrived
        return arrived
    }

    func close() { onClose() }
}

/// Counts a marker's occurrences in a stream of pieces, across piece boundaries.
struct MarkerCounter {
    let marker: [UInt8]
    private var carry: [UInt8] = []

    init(marker: [UInt8]) { self.marker = marker }

    mutating func count(in piece: Data) -> Int {
        let bytes = carry + Array(piece)
        var found = 0
        var index = 0
        while index + marker.count <= bytes.count {
            if bytes[index] == marker[0], Array(bytes[index..<(index + marker.count)]) == marker {
                found += 1
                index += marker.count
            } else {
                index += 1
            }
        }
        carry = Array(bytes.suffix(marker.count - 1))
        return found
    }
}
