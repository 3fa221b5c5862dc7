import Foundation
import GraphQLBridgeSupport

/// The `graphql-transport-ws` engine of one ``GraphQLSubscriptionTransport/webSocket(url:connector:options:)``:
/// every subscription of the client on one socket, over any ``GraphQLWebSocketConnector``.
///
/// - The socket is opened at the first subscription (lazily) and closed (code 1000) when the last one ends.
/// - Each connection sends `connection_init` (its payload the `Authorization` header the middlewares set on the
///   upgrade request, read again at every connection) and waits for `connection_ack` for
///   ``GraphQLSubscriptionOptions/connectionAckTimeout``; then every subscription is sent (`subscribe`), and
///   `next`, `error` and `complete` are routed by id.
/// - `ping` is answered with `pong`; when nothing has arrived for ``GraphQLSubscriptionOptions/pingInterval`` the
///   client pings, and a socket silent for ``GraphQLSubscriptionOptions/pongTimeout`` after that is dropped.
/// - A dropped socket and the close codes 4403, 4408 and 4499 are retried with backoff (4403, a refused token,
///   only ``GraphQLSubscriptionOptions/maximumAuthenticationRetries`` times); 4400, 4401, 4406, 4409, 4429 and
///   4500 end every subscription at once. Subscriptions are sent again on the new socket; events in between
///   are lost.
/// - A subscription that ends on the client (its consumer cancelled, its iterator released) sends `complete`.
/// - Memory is bounded per subscription (``GraphQLSubscriptionLimits``): the socket keeps being read for every
///   subscription, and one whose consumer leaves more than `maximumBufferedBytes` of events unread ends with
///   ``APIError/responseTooLarge(operation:limit:)`` (`complete` is sent); a message larger than
///   `maximumEventSize` closes the socket with 1009 (message too big) and ends every subscription with that error.
actor GraphQLWebSocketClient {
    static let subprotocol = "graphql-transport-ws"

    /// Opens a socket: runs the client's middlewares around the connector; returns the upgrade request as the
    /// middlewares left it (its `Authorization` goes into `connection_init`) and the socket.
    typealias Connect = @Sendable () async throws -> (HTTPRequest, any GraphQLWebSocketConnection)

    private struct Entry {
        let operationName: String
        /// The `subscribe` message's payload: `{"query":…,"operationName":…,"variables":…}`.
        let payload: String
        /// The subscription's unread events, bounded.
        let continuation: BoundedDataQueue
        /// Called each time its `subscribe` message is sent (``GraphQLSubscriptionSequence/onOpen(_:)``).
        let onOpen: (@Sendable () -> Void)?
    }

    let connector: any GraphQLWebSocketConnector
    let options: GraphQLSubscriptionOptions
    private let random: @Sendable () -> Double
    /// How the loop waits between reconnections (tests record the waits instead).
    private let sleep: SubscriptionSleep
    private var connect: Connect?
    private var entries: [Int: Entry] = [:]
    private var lastID = 0
    /// The running connection loop and its generation (a loop that was replaced touches nothing).
    private var loop: Task<Void, Never>?
    private var generation = 0
    private var connection: (any GraphQLWebSocketConnection)?
    private var acknowledged = false
    /// Whether the current connection received an event or was acknowledged (to reset the failure counters).
    private var sawEvent = false
    private var sawAcknowledgement = false
    /// When the current connection was acknowledged.
    private var acknowledgedAt = ContinuousClock.now
    private var lastReceived = ContinuousClock.now
    private var connectionAttempts = 0
    /// Set when the current connection was closed by the client's own timers.
    private var timedOut: SubscriptionConnectionError?
    /// The most unread bytes one subscription held at once, and how many ended past the limit (for tests and
    /// benchmarks).
    private(set) var bufferStatistics = (peakBufferedBytes: 0, overflows: 0)

    init(
        connector: any GraphQLWebSocketConnector, options: GraphQLSubscriptionOptions,
        random: @escaping @Sendable () -> Double = { Double.random(in: 0..<1) },
        sleep: @escaping SubscriptionSleep = SubscriptionSleeping.real
    ) {
        self.connector = connector
        self.options = options
        self.random = random
        self.sleep = sleep
    }

    /// How many subscriptions the socket carries and how many connections were opened.
    var statistics: (activeSubscriptions: Int, connectionAttempts: Int) { (entries.count, connectionAttempts) }

    /// Adds a subscription: its `next` payloads arrive on the stream, which ends on `complete` and fails with an
    /// ``APIError`` on `error` or when the connection gives up. The socket is opened if it is not.
    func subscribe(
        operationName: String, payload: String, onOpen: (@Sendable () -> Void)? = nil, connect: @escaping Connect
    ) async -> (
        id: Int, stream: AsyncThrowingStream<Data, any Error>
    ) {
        lastID += 1
        let id = lastID
        let limit = options.limits.maximumBufferedBytes
        let continuation = BoundedDataQueue(
            limit: limit, pauseAt: nil,
            overflowError: {
                SubscriptionConnectionError.tooLarge(
                    "more than \(limit) bytes of events unread (GraphQLSubscriptionOptions.limits.maximumBufferedBytes)",
                    limit: limit
                ).apiError(operation: operationName)
            },
            onConsumerCancelled: { [weak self] in
                guard let self else { return }
                Task { await self.complete(id) }
            })
        let stream = continuation.makeStream()
        entries[id] = Entry(
            operationName: operationName, payload: payload, continuation: continuation, onOpen: onOpen)
        self.connect = connect
        if loop == nil {
            generation += 1
            let current = generation
            loop = Task { await self.run(generation: current) }
        } else if acknowledged, let connection {
            if await send(Self.subscribeMessage(id: id, payload: payload), on: connection) { onOpen?() }
        }
        return (id, stream)
    }

    /// Ends a subscription from the client's side: `complete` is sent when the server knows it, and the socket is
    /// closed when it was the last.
    func complete(_ id: Int) async {
        guard let entry = entries.removeValue(forKey: id) else { return }
        entry.continuation.finish()
        if acknowledged, let connection {
            await send("{\"id\":\"\(id)\",\"type\":\"complete\"}", on: connection)
        }
        if entries.isEmpty { await closeIdle() }
    }

    /// No subscription is left: stops the loop and closes the socket.
    private func closeIdle() async {
        guard entries.isEmpty else { return }
        loop?.cancel()
        loop = nil
        generation += 1
        acknowledged = false
        if let connection {
            self.connection = nil
            await connection.close(code: 1000, reason: "no subscriptions left")
        }
    }

    // MARK: - The connection loop

    private func run(generation current: Int) async {
        var failures = 0
        var authenticationFailures = 0
        while current == generation, !entries.isEmpty, !Task.isCancelled {
            let ended = await connectAndServe(generation: current)
            guard current == generation else { return }
            connection = nil
            acknowledged = false
            guard let ended, !Task.isCancelled, !entries.isEmpty else { break }
            // A connection that was acknowledged and then gave an event, or lasted, was a success: the count of
            // failures in a row starts again. One that was never acknowledged counts, however long it took.
            if sawAcknowledgement {
                authenticationFailures = 0
                if sawEvent || ContinuousClock.now - acknowledgedAt > options.maximumRetryDelay { failures = 0 }
            }
            switch ended.disposition {
            case .fatal:
                failAll(ended)
                return
            case .authentication:
                authenticationFailures += 1
                if authenticationFailures > options.maximumAuthenticationRetries {
                    failAll(ended)
                    return
                }
            case .transient:
                failures += 1
                if failures > options.maximumRetries {
                    failAll(ended)
                    return
                }
            }
            let delay = max(
                options.retryDelay(attempt: failures + authenticationFailures, random: random()),
                ended.retryAfter ?? .zero)
            do {
                try await sleep(delay)
            } catch {
                break
            }
        }
        if current == generation { loop = nil }
    }

    /// One connection: opens it, initialises it, serves it until it ends; returns why it ended (`nil` when the
    /// loop was stopped).
    private func connectAndServe(generation current: Int) async -> SubscriptionConnectionError? {
        guard let connect else { return .protocolViolation("no connector") }
        connectionAttempts += 1
        sawEvent = false
        sawAcknowledgement = false
        timedOut = nil
        let request: HTTPRequest
        let connection: any GraphQLWebSocketConnection
        do {
            (request, connection) = try await connect()
        } catch {
            return SubscriptionConnectionError(error)
        }
        guard current == generation, !Task.isCancelled, !entries.isEmpty else {
            await connection.close(code: 1000, reason: "no subscriptions left")
            return nil
        }
        self.connection = connection
        lastReceived = .now
        do {
            try await connection.send(text: Self.initMessage(authorization: request.headers["Authorization"]))
        } catch {
            return SubscriptionConnectionError(error)
        }
        let acknowledgementTimer = Task { [options] in
            try? await Task.sleep(for: options.connectionAckTimeout)
            guard !Task.isCancelled else { return }
            await self.closeForTimeout(
                connection, generation: current, error: .acknowledgementTimeout(options.connectionAckTimeout))
        }
        var keepAlive: Task<Void, Never>?
        defer {
            acknowledgementTimer.cancel()
            keepAlive?.cancel()
        }
        while true {
            let message: GraphQLWebSocketMessage
            do {
                message = try await connection.receive()
            } catch {
                if let timedOut { return timedOut }
                return SubscriptionConnectionError(error)
            }
            guard current == generation else { return nil }
            lastReceived = .now
            let size: Int
            switch message {
            case .text(let text): size = text.utf8.count
            case .binary(let data): size = data.count
            }
            let maximumEventSize = options.limits.maximumEventSize
            if size > maximumEventSize {
                let reason =
                    "a message exceeds \(maximumEventSize) bytes (GraphQLSubscriptionOptions.limits.maximumEventSize)"
                await connection.close(code: 1009, reason: reason)
                return .tooLarge(reason, limit: maximumEventSize)
            }
            guard case .text(let text) = message, let parsed = SubscriptionMessage(Data(text.utf8)) else {
                return await violation("the server sent a message that is not a JSON object", on: connection)
            }
            switch parsed.type {
            case "connection_ack":
                guard !acknowledged else { continue }
                acknowledgementTimer.cancel()
                acknowledged = true
                sawAcknowledgement = true
                acknowledgedAt = .now
                let pending = entries.sorted { $0.key < $1.key }
                for (id, entry) in pending {
                    if await send(Self.subscribeMessage(id: id, payload: entry.payload), on: connection) {
                        entry.onOpen?()
                    }
                }
                if let interval = options.pingInterval {
                    keepAlive = Task { await self.keepAlive(connection, generation: current, interval: interval) }
                }
            case "ping":
                await send("{\"type\":\"pong\"}", on: connection)
            case "pong":
                continue
            case "next":
                guard let id = parsed.id.flatMap(Int.init), let entry = entries[id] else { continue }
                sawEvent = true
                let result = entry.continuation.push(parsed.payload ?? Data("null".utf8))
                bufferStatistics.peakBufferedBytes = max(
                    bufferStatistics.peakBufferedBytes, entry.continuation.statistics.peakBufferedBytes)
                guard case .overflowed = result else { continue }
                // The consumer does not keep up: this subscription ends (its error is in its queue), the others go on.
                bufferStatistics.overflows += 1
                entries[id] = nil
                await send("{\"id\":\"\(id)\",\"type\":\"complete\"}", on: connection)
                if entries.isEmpty {
                    await closeIdle()
                    return nil
                }
            case "error":
                guard let id = parsed.id.flatMap(Int.init), let entry = entries.removeValue(forKey: id) else {
                    continue
                }
                let errors = SubscriptionMessage.graphQLErrors(parsed.payload)
                entry.continuation.finish(
                    throwing: SubscriptionConnectionError.graphQL(errors).apiError(operation: entry.operationName))
                if entries.isEmpty {
                    await closeIdle()
                    return nil
                }
            case "complete":
                guard let id = parsed.id.flatMap(Int.init), let entry = entries.removeValue(forKey: id) else {
                    continue
                }
                entry.continuation.finish()
                if entries.isEmpty {
                    await closeIdle()
                    return nil
                }
            default:
                return await violation(
                    "the server sent an unknown message type \(parsed.type ?? "(none)")", on: connection)
            }
        }
    }

    /// Closes the socket with 4400 for a message the protocol does not allow; the subscriptions end.
    private func violation(_ message: String, on connection: any GraphQLWebSocketConnection) async
        -> SubscriptionConnectionError
    {
        await connection.close(code: 4400, reason: message)
        return .closed(code: 4400, reason: message)
    }

    private func closeForTimeout(
        _ connection: any GraphQLWebSocketConnection, generation current: Int, error: SubscriptionConnectionError
    ) async {
        guard current == generation, timedOut == nil else { return }
        timedOut = error
        await connection.close(code: 4499, reason: "\(error)")
    }

    /// Pings when nothing has arrived for `interval`, and drops the socket when nothing arrives after the ping.
    private func keepAlive(_ connection: any GraphQLWebSocketConnection, generation current: Int, interval: Duration)
        async
    {
        while !Task.isCancelled, current == generation {
            let quiet = ContinuousClock.now - lastReceived
            if quiet < interval {
                do { try await Task.sleep(for: interval - quiet) } catch { return }
                continue
            }
            let pinged = ContinuousClock.now
            await send("{\"type\":\"ping\"}", on: connection)
            do { try await Task.sleep(for: options.pongTimeout) } catch { return }
            guard current == generation else { return }
            if lastReceived < pinged {
                await closeForTimeout(connection, generation: current, error: .keepAliveTimeout(options.pongTimeout))
                return
            }
        }
    }

    /// Sends a message; a failure is left to the receive loop (the socket is gone).
    /// Sends `text`; whether it was written (a failed write shows as the connection's end in the loop).
    @discardableResult
    private func send(_ text: String, on connection: any GraphQLWebSocketConnection) async -> Bool {
        do {
            try await connection.send(text: text)
            return true
        } catch {
            return false
        }
    }

    private func failAll(_ error: SubscriptionConnectionError) {
        let failed = entries
        entries = [:]
        loop = nil
        for (_, entry) in failed {
            entry.continuation.finish(throwing: error.apiError(operation: entry.operationName))
        }
    }

    // MARK: - Messages

    /// `connection_init`, with `{"Authorization": "<value>"}` as its payload when the upgrade request has one.
    static func initMessage(authorization: String?) -> String {
        guard let authorization else { return "{\"type\":\"connection_init\"}" }
        return
            "{\"type\":\"connection_init\",\"payload\":{\"Authorization\":\(JSONStringWriter.quoted(authorization))}}"
    }

    static func subscribeMessage(id: Int, payload: String) -> String {
        "{\"id\":\"\(id)\",\"type\":\"subscribe\",\"payload\":\(payload)}"
    }
}
