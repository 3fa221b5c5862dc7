import Foundation
import GraphQLBridgeSupport
import Testing

@testable import GraphQLBridge

/// The reconnections of a subscription (Server-Sent Events, multipart and `graphql-transport-ws`) against a scripted
/// server, checked step by step against a small reference model of the attempts, the waits between them, the events
/// given and how the subscription ends: drops, refusals (500, 503 and 429, with and without `Retry-After`; for the
/// WebSocket a refused upgrade), a failing token provider or middleware, a completed stream and a cut one (a socket
/// dropped without a close frame), in every order a seed draws.
///
/// The waits are recorded by an injected sleeper that returns at once (no test waits a backoff or a `Retry-After`),
/// and the jitter's draw is fixed at 0, so every wait is exact. A failing seed prints itself and its shrunk script;
/// issue 29's rows 6 and 7 and the completion rule are fixed scripts.
@Suite("Subscriptions: reconnections against a reference model")
struct ReconnectionModelTests {
    // MARK: - The script

    /// The transport a script runs over.
    enum Mode: CaseIterable, CustomStringConvertible {
        case serverSentEvents, multipart, webSocket
        var description: String {
            switch self {
            case .serverSentEvents: return "serverSentEvents"
            case .multipart: return "multipart"
            case .webSocket: return "webSocket"
            }
        }
    }

    /// What the server (or the client's own middleware) does with one connection attempt.
    enum Attempt: Hashable, CustomStringConvertible {
        /// The stream opens, gives `events` events, then completes (`complete`, the final boundary) or is cut.
        case stream(events: Int, completes: Bool)
        /// The server refuses with `status`, with `Retry-After` (delta-seconds) when `retryAfter` is set; a
        /// `retryAfterInPast` sends an HTTP-date in the past instead (a wait of 0).
        case refused(status: Int, retryAfter: Int?, retryAfterInPast: Bool)
        /// The token provider (a middleware) throws: a refresh failing on the network.
        case middlewareFails
        /// No connection (a transport failure).
        case unreachable

        var description: String {
            switch self {
            case .stream(let events, let completes): return ".stream(events: \(events), completes: \(completes))"
            case .refused(let status, let retryAfter, let past):
                return ".refused(status: \(status), retryAfter: \(retryAfter.map(String.init) ?? "nil"), "
                    + "retryAfterInPast: \(past))"
            case .middlewareFails: return ".middlewareFails"
            case .unreachable: return ".unreachable"
            }
        }
    }

    /// One observable step, in the order it happens.
    enum Step: Hashable, CustomStringConvertible {
        case open(Int)
        case wait(Duration)
        case event(Int)
        case ended(String?)

        var description: String {
            switch self {
            case .open(let number): return "open #\(number)"
            case .wait(let delay): return "wait \(delay)"
            case .event(let tick): return "event \(tick)"
            case .ended(let error): return "ended(\(error ?? "completed"))"
            }
        }
    }

    static let options = GraphQLSubscriptionOptions(
        initialRetryDelay: .milliseconds(1), maximumRetryDelay: .seconds(3_600), retryDelayMultiplier: 2, jitter: 0.5,
        maximumRetries: 3, maximumAuthenticationRetries: 1)

    // MARK: - The reference model

    /// What a subscription does with `script`: each attempt is an open (the script's end completes the stream); a
    /// failure after a connection that gave an event counts from 1 again; a retryable failure waits
    /// `max(backoff, Retry-After)` (Retry-After only on 429 and 503, capped at 5 minutes, a past date 0), until
    /// `maximumRetries` failures in a row end it with the last failure. A completed stream ends it without an error.
    static func model(_ script: [Attempt]) -> [Step] {
        var steps: [Step] = []
        var failures = 0
        var tick = 0
        var index = 0
        while true {
            let attempt = index < script.count ? script[index] : .stream(events: 0, completes: true)
            index += 1
            steps.append(.open(index))
            var sawEvent = false
            var retryAfter: Duration?
            let failure: String
            switch attempt {
            case .stream(let events, let completes):
                for _ in 0..<events {
                    tick += 1
                    steps.append(.event(tick))
                }
                sawEvent = events > 0
                if completes {
                    steps.append(.ended(nil))
                    return steps
                }
                failure = "transport"
            case .refused(let status, let seconds, let past):
                if RetryAfter.statuses.contains(status) {
                    if past {
                        retryAfter = .zero
                    } else if let seconds {
                        retryAfter = min(.seconds(seconds), RetryAfter.maximum)
                    }
                }
                failure = "httpStatus \(status)"
            case .middlewareFails:
                failure = "transport"
            case .unreachable:
                failure = "transport"
            }
            if sawEvent { failures = 0 }
            failures += 1
            if failures > options.maximumRetries {
                steps.append(.ended(failure))
                return steps
            }
            steps.append(.wait(max(options.retryDelay(attempt: failures, random: 0), retryAfter ?? .zero)))
        }
    }

    // MARK: - The system under test

    /// The scripted server: the middleware counts the attempts (and fails the ones the script says), the streaming
    /// transport answers them; every open, wait and event is recorded in order.
    final class ScriptedServer: GraphQLStreamingTransport, GraphQLWebSocketConnector, GraphQLMiddleware, Sendable {
        struct TokenRefreshFailed: Error {}

        private struct State {
            var attempts = 0
            var steps: [Step] = []
        }

        private let state = Locked(State())
        let script: [Attempt]
        let multipart: Bool

        init(script: [Attempt], mode: Mode) {
            self.script = script
            self.multipart = mode == .multipart
        }

        var steps: [Step] { state.withLock { $0.steps } }

        func record(_ step: Step) {
            state.withLock { $0.steps.append(step) }
        }

        private var current: Attempt {
            state.withLock { state in
                state.attempts <= script.count ? script[state.attempts - 1] : .stream(events: 0, completes: true)
            }
        }

        func intercept(_ request: HTTPRequest, body: Data, operationName: String, next: Next) async throws
            -> (HTTPResponse, Data)
        {
            let number = state.withLock { state in
                state.attempts += 1
                state.steps.append(.open(state.attempts))
                return state.attempts
            }
            if number <= script.count, script[number - 1] == .middlewareFails { throw TokenRefreshFailed() }
            return try await next(request, body, operationName)
        }

        /// How many events the consumer has recorded.
        var eventsRecorded: Int {
            state.withLock { state in state.steps.filter { if case .event = $0 { true } else { false } }.count }
        }

        /// The WebSocket: the attempt's refusal is a refused upgrade (with its `Retry-After`), its stream a socket.
        func connect(_ request: HTTPRequest, subprotocols: [String]) async throws -> any GraphQLWebSocketConnection {
            switch current {
            case .unreachable:
                throw TransportError(.connection, "connection refused")
            case .middlewareFails:
                throw TransportError(.other, "the middleware should have failed this attempt")
            case .refused(let status, let seconds, let past):
                var headers: HTTPHeaders = ["Content-Type": "text/plain"]
                if past {
                    headers["Retry-After"] = "Sun, 06 Nov 1994 08:49:37 GMT"
                } else if let seconds {
                    headers["Retry-After"] = String(seconds)
                }
                throw GraphQLWebSocketError(.upgradeRefused(status: status), "slow down", responseHeaders: headers)
            case .stream(let events, let completes):
                let first = eventsRecorded
                return ScriptedSocket(server: self, ticks: (0..<events).map { first + $0 + 1 }, completes: completes)
            }
        }

        func stream(_ request: HTTPRequest, body: Data, idleTimeout: Duration?) async throws -> GraphQLStreamingResponse
        {
            let (stream, continuation) = AsyncThrowingStream<Data, any Error>.makeStream()
            switch current {
            case .unreachable:
                throw TransportError(.connection, "connection refused")
            case .middlewareFails:
                throw TransportError(.other, "the middleware should have failed this attempt")
            case .refused(let status, let seconds, let past):
                var headers: HTTPHeaders = ["Content-Type": "text/plain"]
                if past {
                    headers["Retry-After"] = "Sun, 06 Nov 1994 08:49:37 GMT"
                } else if let seconds {
                    headers["Retry-After"] = String(seconds)
                }
                continuation.yield(Data("slow down".utf8))
                continuation.finish()
                return GraphQLStreamingResponse(
                    head: HTTPResponse(status: status, headers: headers), body: stream, cancel: {})
            case .stream(let events, let completes):
                let first = state.withLock { state in
                    state.steps.filter { if case .event = $0 { true } else { false } }.count
                }
                let ticks = (0..<events).map { first + $0 + 1 }
                let head: HTTPResponse
                if multipart {
                    head = HTTPResponse(
                        status: 200,
                        headers: ["Content-Type": "multipart/mixed;boundary=\"graphql\";subscriptionSpec=\"1.0\""])
                    continuation.yield(Data("\r\n--graphql".utf8))
                    for tick in ticks {
                        continuation.yield(
                            Data(
                                "\r\ncontent-type: application/json\r\n\r\n{\"payload\":{\"data\":{\"tick\":\(tick)}}}\r\n--graphql"
                                    .utf8))
                    }
                    if completes { continuation.yield(Data("--\r\n".utf8)) }
                } else {
                    head = HTTPResponse(status: 200, headers: ["Content-Type": "text/event-stream"])
                    for tick in ticks {
                        continuation.yield(Data("event: next\ndata: {\"data\":{\"tick\":\(tick)}}\n\n".utf8))
                    }
                    if completes { continuation.yield(Data("event: complete\ndata:\n\n".utf8)) }
                }
                continuation.finish()
                return GraphQLStreamingResponse(head: head, body: stream, cancel: {})
            }
        }
    }

    /// The socket's URL (never dialled: the scripted server is the connector).
    static let webSocketEndpoint: URL = {
        var components = URLComponents()
        components.scheme = "ws"
        components.host = "api.example"
        components.path = "/graphql"
        return components.url ?? URL(fileURLWithPath: "/graphql")
    }()

    /// A scripted `graphql-transport-ws` socket: acknowledges `connection_init`, answers `subscribe` with the
    /// attempt's `next` events, then `complete`, or a drop without a close frame (1006) once the consumer has
    /// recorded the events (so that the order of the steps is the model's, not a race).
    final class ScriptedSocket: GraphQLWebSocketConnection, Sendable {
        private struct State {
            var inbox: [String] = []
            var subscribed = false
            var closed = false
        }

        private let state = Locked(State())
        let server: ScriptedServer
        let ticks: [Int]
        let completes: Bool

        init(server: ScriptedServer, ticks: [Int], completes: Bool) {
            self.server = server
            self.ticks = ticks
            self.completes = completes
        }

        func send(text: String) async throws {
            guard let object = try? JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any],
                let type = object["type"] as? String
            else { return }
            state.withLock { state in
                switch type {
                case "connection_init": state.inbox.append(#"{"type":"connection_ack"}"#)
                case "ping": state.inbox.append(#"{"type":"pong"}"#)
                case "subscribe":
                    let id = object["id"] as? String ?? ""
                    for tick in ticks {
                        state.inbox.append(#"{"type":"next","id":"\#(id)","payload":{"data":{"tick":\#(tick)}}}"#)
                    }
                    if completes { state.inbox.append(#"{"type":"complete","id":"\#(id)"}"#) }
                    state.subscribed = true
                default: break
                }
            }
        }

        func receive() async throws -> GraphQLWebSocketMessage {
            while true {
                enum Next { case message(String), closed, drop, wait }
                let next = state.withLock { state -> Next in
                    if !state.inbox.isEmpty { return .message(state.inbox.removeFirst()) }
                    if state.closed { return .closed }
                    return state.subscribed && !completes ? .drop : .wait
                }
                switch next {
                case .message(let text): return .text(text)
                case .closed: throw GraphQLWebSocketError(.closed(code: 1000), "closed")
                case .drop:
                    if server.eventsRecorded >= (ticks.last ?? 0) {
                        throw GraphQLWebSocketError(.closed(code: 1006), "dropped")
                    }
                case .wait: break
                }
                try await Task.sleep(for: .milliseconds(1))
            }
        }

        func close(code: Int, reason: String) async {
            state.withLock { $0.closed = true }
        }
    }

    struct Tick: GraphQLSubscription {
        static let operationName = "Tick"
        static let document = "subscription Tick{tick}"
        struct Data: Decodable, Sendable, Equatable {
            let tick: Int
        }
    }

    /// Runs `script` through the public API and returns the steps seen, in order.
    static func run(_ script: [Attempt], mode: Mode) async -> [Step] {
        let server = ScriptedServer(script: script, mode: mode)
        var transport: GraphQLSubscriptionTransport
        switch mode {
        case .serverSentEvents: transport = .serverSentEvents(transport: server, options: options)
        case .multipart: transport = .multipartHTTP(transport: server, options: options)
        case .webSocket:
            let engine = GraphQLWebSocketClient(
                connector: server, options: options, random: { 0 }, sleep: { delay in server.record(.wait(delay)) })
            transport = GraphQLSubscriptionTransport(
                kind: .webSocket(url: webSocketEndpoint, engine: engine), options: options)
        }
        transport.sleep = { delay in server.record(.wait(delay)) }
        transport.random = { 0 }
        let client = GraphQLHTTPClient(endpoint: testEndpoint, middlewares: [server], subscriptions: transport)
        do throws(APIError) {
            for try await event in client.subscribe(Tick()) { server.record(.event(event.data?.tick ?? -1)) }
            server.record(.ended(nil))
        } catch {
            switch error {
            case .httpStatus(_, let status, _): server.record(.ended("httpStatus \(status)"))
            // A socket dropped without a close frame is the WebSocket's transport failure.
            case .transport, .webSocketClosed(_, 1006, _): server.record(.ended("transport"))
            default: server.record(.ended("\(error)"))
            }
        }
        return server.steps
    }

    /// The first step where `observed` leaves the model (the invariant checked after every step), or `nil`.
    static func divergence(_ script: [Attempt], mode: Mode) async -> String? {
        let expected = model(script)
        let observed = await run(script, mode: mode)
        for index in 0..<max(expected.count, observed.count) {
            let want = index < expected.count ? expected[index].description : "(nothing)"
            let got = index < observed.count ? observed[index].description : "(nothing)"
            if want != got {
                return "step \(index): expected \(want), got \(got); model \(expected), observed \(observed)"
            }
        }
        return nil
    }

    // MARK: - Generation and shrinking

    static func script(seed: UInt64) -> (script: [Attempt], mode: Mode) {
        var generator = SplitMix64(seed: seed)
        let length = Int(generator.next() % 9)
        var script: [Attempt] = []
        for _ in 0..<length {
            switch generator.next() % 6 {
            case 0, 1:
                script.append(.stream(events: Int(generator.next() % 3), completes: generator.next() % 5 == 0))
            case 2:
                let status = [429, 503, 500][Int(generator.next() % 3)]
                let choice = generator.next() % 4
                script.append(
                    .refused(
                        status: status, retryAfter: choice == 0 ? nil : [0, 4, 100_000][Int(choice - 1)],
                        retryAfterInPast: generator.next() % 4 == 0))
            case 3: script.append(.middlewareFails)
            default: script.append(.unreachable)
            }
        }
        return (script, Mode.allCases[Int(generator.next() % 3)])
    }

    /// Smaller scripts that still fail: one attempt removed, or one attempt made simpler.
    static func shrink(_ script: [Attempt], mode: Mode) async -> [Attempt] {
        var current = script
        var improved = true
        while improved {
            improved = false
            var candidates: [[Attempt]] = current.indices.map { index in
                var smaller = current
                smaller.remove(at: index)
                return smaller
            }
            for index in current.indices {
                if case .refused(let status, let seconds, let past) = current[index], seconds != nil || past {
                    var simpler = current
                    simpler[index] = .refused(status: status, retryAfter: nil, retryAfterInPast: false)
                    candidates.append(simpler)
                }
            }
            for candidate in candidates where await divergence(candidate, mode: mode) != nil {
                current = candidate
                improved = true
                break
            }
        }
        return current
    }

    struct SplitMix64 {
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

    // MARK: - Tests

    @Test("random interleavings of drops, refusals, Retry-After, token failures, completion and cuts follow the model")
    func randomInterleavings() async {
        let base =
            ProcessInfo.processInfo.environment["RECONNECTION_SEED"].flatMap(UInt64.init)
            ?? UInt64.random(in: 0..<UInt64.max)
        print("ReconnectionModelTests seed: \(base) (replay with RECONNECTION_SEED=\(base))")
        for offset in 0..<150 {
            let seed = base &+ UInt64(offset)
            let (script, mode) = Self.script(seed: seed)
            guard await Self.divergence(script, mode: mode) != nil else { continue }
            let shrunk = await Self.shrink(script, mode: mode)
            let detail = await Self.divergence(shrunk, mode: mode) ?? "(the shrunk script passed)"
            Issue.record(
                "seed \(seed) (RECONNECTION_SEED=\(seed)), \(mode): shrunk script \(shrunk): \(detail)")
            return
        }
    }

    @Test("fixed seeds", arguments: [UInt64(1), 2, 29, 2_026, 0xDEAD_BEEF])
    func fixedSeeds(seed: UInt64) async {
        let (script, mode) = Self.script(seed: seed)
        let detail = await Self.divergence(script, mode: mode)
        #expect(detail == nil, "seed \(seed): \(detail ?? "")")
    }

    @Test(
        "issue 29 row 6: after a drop, a 503 and a 429 with Retry-After: 4 wait at least 4 s each (every transport)",
        arguments: Mode.allCases)
    func retryAfterObeyed(mode: Mode) async {
        let script: [Attempt] = [
            .stream(events: 1, completes: false),
            .refused(status: 503, retryAfter: 4, retryAfterInPast: false),
            .refused(status: 429, retryAfter: 4, retryAfterInPast: false),
            .stream(events: 1, completes: true),
        ]
        let observed = await Self.run(script, mode: mode)
        #expect(
            observed == [
                .open(1), .event(1), .wait(.milliseconds(1)), .open(2), .wait(.seconds(4)), .open(3),
                .wait(.seconds(4)), .open(4), .event(2), .ended(nil),
            ])
        #expect(await Self.divergence(script, mode: mode) == nil)
    }

    @Test("Retry-After is capped at 5 minutes; a past date and a 500's Retry-After do not lengthen the backoff")
    func retryAfterBounds() async {
        let script: [Attempt] = [
            .refused(status: 503, retryAfter: 100_000, retryAfterInPast: false),
            .refused(status: 429, retryAfter: nil, retryAfterInPast: true),
            .refused(status: 500, retryAfter: 4, retryAfterInPast: false),
        ]
        let observed = await Self.run(script, mode: .serverSentEvents)
        #expect(
            observed == [
                .open(1), .wait(.seconds(300)), .open(2), .wait(.milliseconds(2)), .open(3), .wait(.milliseconds(4)),
                .open(4), .ended(nil),
            ])
    }

    @Test(
        "issue 29 row 7: a token provider or middleware failing at a reconnection is retried with backoff",
        arguments: Mode.allCases)
    func middlewareFailureRetried(mode: Mode) async {
        let script: [Attempt] = [
            .stream(events: 1, completes: false), .middlewareFails, .stream(events: 1, completes: true),
        ]
        let observed = await Self.run(script, mode: mode)
        #expect(
            observed == [
                .open(1), .event(1), .wait(.milliseconds(1)), .open(2), .wait(.milliseconds(2)), .open(3), .event(2),
                .ended(nil),
            ])
        // Failing every time: given up after maximumRetries, with the middleware's failure.
        let always = Array(repeating: Attempt.middlewareFails, count: 4)
        let failed = await Self.run(always, mode: mode)
        #expect(failed.last == .ended("transport"))
        #expect(failed.filter { if case .open = $0 { true } else { false } }.count == 4)
    }

    @Test(
        "a completed stream ends without an error and is never resubscribed; a cut one is resumed",
        arguments: Mode.allCases)
    func completionVersusCut(mode: Mode) async {
        let completed = await Self.run([.stream(events: 2, completes: true), .unreachable], mode: mode)
        #expect(completed == [.open(1), .event(1), .event(2), .ended(nil)])
        let cut = await Self.run([.stream(events: 2, completes: false)], mode: mode)
        #expect(cut == [.open(1), .event(1), .event(2), .wait(.milliseconds(1)), .open(2), .ended(nil)])
    }
}
