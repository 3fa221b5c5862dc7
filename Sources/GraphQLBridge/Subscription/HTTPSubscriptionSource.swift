import Foundation

/// One subscription over an HTTP stream, Server-Sent Events or multipart: opens the request (through the client's
/// middlewares), parses the stream, and reconnects with backoff when it drops, as ``GraphQLSubscriptionOptions``
/// say. Read by one consumer at a time (a subscription's iterator); released or closed, it closes its connection.
///
/// `@unchecked Sendable`: the mutable state is only touched by `next()` and `close()`, which the iterator that owns
/// this source calls from one task at a time; `response` is also read by `deinit`, when no call can be running.
final class HTTPSubscriptionSource: SubscriptionPayloadSource, @unchecked Sendable {
    enum Format: Sendable {
        case serverSentEvents
        case multipart
    }

    /// Opens the stream through the client's middlewares.
    typealias Open = @Sendable () async throws -> GraphQLStreamingResponse

    private let format: Format
    private let operationName: String
    private let options: GraphQLSubscriptionOptions
    private let open: Open
    private let random: @Sendable () -> Double
    private let sleep: SubscriptionSleep
    /// Called each time a stream is accepted (``GraphQLSubscriptionSequence/onOpen(_:)``).
    private let onOpen: (@Sendable () -> Void)?
    private var response: GraphQLStreamingResponse?
    private var body: AsyncThrowingStream<Data, any Error>.AsyncIterator?
    private var sse = ServerSentEventParser()
    private var multipart: MultipartMixedParser?
    /// Payloads parsed from the last piece and not given yet (`pending[pendingStart...]`).
    private var pending: [Data] = []
    private var pendingStart = 0
    private var ended = false
    private var failures = 0
    private var authenticationFailures = 0
    private var connectedAt: ContinuousClock.Instant?
    private var sawEvent = false
    /// How many connections were opened (for tests).
    private(set) var connectionCount = 0

    init(
        format: Format, operationName: String, options: GraphQLSubscriptionOptions,
        random: @escaping @Sendable () -> Double = { Double.random(in: 0..<1) },
        sleep: @escaping SubscriptionSleep = SubscriptionSleeping.real, onOpen: (@Sendable () -> Void)? = nil,
        open: @escaping Open
    ) {
        self.sleep = sleep
        self.onOpen = onOpen
        self.format = format
        self.operationName = operationName
        self.options = options
        self.random = random
        self.open = open
    }

    deinit {
        response?.cancel()
    }

    func close() {
        ended = true
        pending = []
        pendingStart = 0
        response?.cancel()
        response = nil
        body = nil
    }

    func next() async throws(APIError) -> Data? {
        while true {
            if pendingStart < pending.count {
                let payload = pending[pendingStart]
                pendingStart += 1
                if pendingStart == pending.count {
                    pending.removeAll(keepingCapacity: true)
                    pendingStart = 0
                }
                return payload
            }
            if ended { return nil }
            if Task.isCancelled {
                close()
                return nil
            }
            if body == nil {
                do throws(SubscriptionConnectionError) {
                    try await connect()
                } catch {
                    if Task.isCancelled {
                        close()
                        return nil
                    }
                    try await recover(from: error)
                }
                continue
            }
            let chunk: Data?
            do {
                chunk = try await body?.next()
            } catch {
                if Task.isCancelled {
                    close()
                    return nil
                }
                dropConnection()
                try await recover(from: SubscriptionConnectionError(error))
                continue
            }
            guard let chunk else {
                if Task.isCancelled {
                    close()
                    return nil
                }
                // The server closed the stream without completing the subscription: a drop.
                dropConnection()
                try await recover(
                    from: .transport(TransportError(.connection, "the server closed the subscription's stream")))
                continue
            }
            do throws(SubscriptionConnectionError) {
                try consume(chunk)
            } catch {
                close()
                throw error.apiError(operation: operationName)
            }
        }
    }

    /// The media types of a single GraphQL response (GraphQL over HTTP).
    static let jsonMediaTypes: Set<String> = ["application/json", "application/graphql-response+json"]

    /// The stream asked for, as the error of a response that is not it names it.
    private var expected: String {
        switch format {
        case .serverSentEvents: return "a text/event-stream"
        case .multipart: return "multipart/mixed"
        }
    }

    /// Opens the stream; a response that is not the stream asked for is thrown as what it is.
    private func connect() async throws(SubscriptionConnectionError) {
        connectionCount += 1
        let response: GraphQLStreamingResponse
        do {
            response = try await open()
        } catch {
            throw SubscriptionConnectionError(error)
        }
        let head = response.head
        guard (200..<300).contains(head.status) else {
            response.cancel()
            let refusal = SubscriptionConnectionError.httpStatus(status: head.status, body: Data(), errors: [])
            guard let wait = RetryAfter.delay(status: head.status, headers: head.headers) else { throw refusal }
            throw .throttled(refusal, retryAfter: wait)
        }
        let mediaType = head.mediaType ?? ""
        if Self.jsonMediaTypes.contains(mediaType) {
            // A single JSON answer in place of the stream: a refusal, whose GraphQL errors are the server's word.
            let body = await GraphQLHTTPClient.collect(response, limit: 64 * 1024)
            response.cancel()
            let errors = SubscriptionMessage.graphQLErrors(SubscriptionMessage(body)?.errors)
            if !errors.isEmpty { throw .httpStatus(status: head.status, body: body, errors: errors) }
            throw .invalidResponse(
                status: head.status, reason: "expected \(expected), got \(mediaType) without GraphQL errors",
                body: body)
        }
        switch format {
        case .serverSentEvents:
            guard mediaType == "text/event-stream" else {
                response.cancel()
                throw .invalidResponse(
                    status: head.status,
                    reason: "expected a text/event-stream, got \(mediaType.isEmpty ? "no Content-Type" : mediaType)",
                    body: Data())
            }
            sse = ServerSentEventParser(maximumEventSize: options.limits.maximumEventSize)
        case .multipart:
            guard mediaType == "multipart/mixed",
                let boundary = MultipartMixedParser.boundary(ofContentType: head.headers["Content-Type"] ?? "")
            else {
                response.cancel()
                throw .invalidResponse(
                    status: head.status,
                    reason:
                        "expected multipart/mixed with a boundary, got \(head.headers["Content-Type"] ?? "no Content-Type")",
                    body: Data())
            }
            multipart = MultipartMixedParser(boundary: boundary, maximumPartSize: options.limits.maximumEventSize)
        }
        self.response = response
        body = response.body.makeAsyncIterator()
        connectedAt = .now
        sawEvent = false
        authenticationFailures = 0
        onOpen?()
    }

    /// Parses a piece of the stream into payloads (`pending`), the end of the subscription, or its failure.
    private func consume(_ chunk: Data) throws(SubscriptionConnectionError) {
        switch format {
        case .serverSentEvents:
            let events: [ServerSentEventParser.Event]
            do {
                events = try sse.feed(chunk)
            } catch {
                throw .tooLarge(
                    "an SSE event exceeds \(error.limit) bytes (GraphQLSubscriptionOptions.limits.maximumEventSize)",
                    limit: error.limit)
            }
            for event in events {
                switch event.type {
                case "next":
                    pending.append(event.data)
                    sawEvent = true
                case "complete":
                    finish()
                    return
                default:
                    continue  // other event types are not the protocol's: ignored
                }
            }
        case .multipart:
            let outputs: [MultipartMixedParser.Output]
            do {
                outputs = try multipart?.feed(chunk) ?? []
            } catch {
                if let limit = error.limit { throw .tooLarge("the multipart stream: \(error.message)", limit: limit) }
                throw .protocolViolation("the multipart stream is malformed: \(error.message)")
            }
            for output in outputs {
                switch output {
                case .end:
                    finish()
                    return
                case .part(let part):
                    guard let message = SubscriptionMessage(part) else {
                        throw .protocolViolation(
                            "a multipart part is not a JSON object: \(SubscriptionConnectionError.excerpt(part))")
                    }
                    if message.errors != nil {
                        // Top-level errors: a transport-level failure that ends the stream.
                        let errors = SubscriptionMessage.graphQLErrors(message.errors)
                        throw .graphQL(
                            errors.isEmpty ? [GraphQLError(message: "the server ended the subscription")] : errors)
                    }
                    if let payload = message.payload, payload != Data("null".utf8) {
                        pending.append(payload)
                        sawEvent = true
                    }
                // `{}`: a heartbeat.
                }
            }
        }
    }

    /// The server completed the subscription: the payloads already parsed are still given.
    private func finish() {
        ended = true
        response?.cancel()
        response = nil
        body = nil
    }

    private func dropConnection() {
        response?.cancel()
        response = nil
        body = nil
    }

    /// After a failed or dropped connection: waits the backoff and lets `next()` reconnect, or ends the
    /// subscription with the error when it is fatal or the tries are used up.
    private func recover(from error: SubscriptionConnectionError) async throws(APIError) {
        if sawEvent || connectedAt.map({ ContinuousClock.now - $0 > options.maximumRetryDelay }) == true {
            failures = 0
        }
        sawEvent = false
        connectedAt = nil
        switch error.disposition {
        case .fatal:
            close()
            throw error.apiError(operation: operationName)
        case .authentication:
            authenticationFailures += 1
            if authenticationFailures > options.maximumAuthenticationRetries {
                close()
                throw error.apiError(operation: operationName)
            }
        case .transient:
            failures += 1
            if failures > options.maximumRetries {
                close()
                throw error.apiError(operation: operationName)
            }
        }
        // The backoff, or longer when the server asked for a longer wait (Retry-After on a 429 or 503).
        let delay = max(
            options.retryDelay(attempt: failures + authenticationFailures, random: random()), error.retryAfter ?? .zero)
        do {
            try await sleep(delay)
        } catch {
            close()
        }
    }
}
