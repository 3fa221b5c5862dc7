import Foundation

/// One request of a query that asks for incremental delivery (`@defer`, `@stream`), read as its answer arrives: each
/// ``next()`` gives the answer as merged so far (``IncrementalResultMerger``), decoded, from the initial payload to the
/// complete answer (``State/isFinal``). One request is sent; a server that ignores the directives (one JSON body), a
/// refusing status, or a transport that only gives whole bodies (not a ``GraphQLStreamingTransport``) gives the
/// complete answer as the one state. Cancelling the consuming task, or ``cancel()``, closes the connection.
///
/// Read by one consumer at a time (a watch's driver, one `execute`): `@unchecked Sendable`, its mutable state touched
/// only by ``next()`` and ``cancel()``, which that consumer calls from one task at a time.
final class IncrementalQueryFetch<Operation: GraphQLOperation>: @unchecked Sendable {
    /// The answer as merged so far.
    struct State: Sendable {
        /// The merged answer decoded, partial data included, with what the caller's error policy makes of it
        /// (``GraphQLHTTPClient/Fetched/failure``).
        var fetched: GraphQLHTTPClient.Fetched<Operation.Data>
        /// Whether this is the complete answer: the last state.
        var isFinal: Bool
        /// Before the last state: what the cache may take of the answer so far (`nil`: nothing). Its data holds only
        /// what arrived: the fields of deferred fragments still pending are absent (never written as missing or
        /// `null`), and so is every list still being streamed (a list cut short is not the list); when which lists
        /// are streamed cannot be known (Apollo's 2022 format announces nothing), an answer with `@stream` is not
        /// written before it is complete.
        var cacheable: GraphQLHTTPClient.Fetched<Operation.Data>?
    }

    private let client: GraphQLHTTPClient
    private let operation: Operation
    private let errorPolicy: GraphQLErrorPolicy
    /// Whether the operation may stream lists (`@stream` in its document): looked for once, not at each state.
    private let mayStream: Bool
    /// The key a transport that gives whole bodies shares the request under (``GraphQLHTTPClient/fetch``).
    private let queryKey: String?
    /// The generation the request started at, for the cache's writes of its states.
    private var startedAt: UInt64?
    /// The request's place among the requests sent through the cache (``GraphQLCache/nextRequestSequence()``): its
    /// states' writes are ordered against the cache's other answers as a whole answer's are.
    private var sentSequence: UInt64?
    private var requestTime: Date?
    private var head = HTTPResponse(status: 200)
    private var response: GraphQLStreamingResponse?
    private var body: AsyncThrowingStream<Data, any Error>.AsyncIterator?
    private var parser: MultipartMixedParser?
    /// Parts read and not merged yet.
    private var parts: [Data] = []
    /// The closing delimiter was read.
    private var closed = false
    private var merger = IncrementalResultMerger()
    private var started = false
    private var finished = false
    /// The start of the body, for the errors that quote it.
    private var excerpt = Data()
    /// How many bytes of the body were read.
    private var bytesRead = 0
    /// The largest body read (whole or in parts): a ``URLSessionTransport``'s
    /// ``URLSessionTransport/Configuration/maximumResponseSize``, else 32 MiB.
    private var maximumBodySize = 32 << 20

    init(client: GraphQLHTTPClient, operation: Operation, errorPolicy: GraphQLErrorPolicy, queryKey: String? = nil) {
        self.client = client
        self.operation = operation
        self.errorPolicy = errorPolicy
        self.queryKey = queryKey
        mayStream = Operation.document.contains("@stream")
    }

    deinit {
        response?.cancel()
    }

    /// Closes the connection; later calls of ``next()`` return `nil`.
    func cancel() {
        finish()
    }

    private func finish() {
        finished = true
        parts = []
        response?.cancel()
        response = nil
        body = nil
    }

    /// The next state of the answer; `nil` after the complete one.
    /// - Throws: ``APIError``: the transport's failure, ``APIError/cancelled(operation:)``,
    ///   ``APIError/responseTooLarge(operation:limit:)`` past the body's limit, or a body that does not
    ///   make an incrementally delivered result (``APIError/invalidResponse(operation:status:reason:bodyExcerpt:)``,
    ///   ``APIError/decoding(operation:_:)``, saying which payload and where).
    func next() async throws(APIError) -> State? {
        if finished { return nil }
        let name = Operation.operationName
        if !started {
            started = true
            do throws(APIError) {
                if let whole = try await open() {
                    finish()
                    return whole
                }
            } catch {
                finish()
                throw error
            }
        }
        while true {
            if !parts.isEmpty {
                let part = parts.removeFirst()
                do throws(GraphQLDecodingError) {
                    guard try merger.apply(part: part) else { continue }
                } catch {
                    finish()
                    throw .decoding(operation: name, error)
                }
                return state()
            }
            guard !closed, var iterator = body else {
                finish()
                throw refused(
                    merger.payloadCount == 0
                        ? "a multipart/mixed response without a payload"
                        : "the body ended while its last payload said hasNext: true")
            }
            let chunk: Data?
            do {
                chunk = try await iterator.next()
            } catch {
                finish()
                throw GraphQLHTTPClient.translate(error, operation: name)
            }
            body = iterator
            guard let chunk else {
                finish()
                if Task.isCancelled { throw .cancelled(operation: name) }
                throw refused(
                    merger.payloadCount == 0
                        ? "a multipart/mixed response without a payload"
                        : "the body was cut short: no closing delimiter, and the last payload said hasNext: true")
            }
            if excerpt.count < 300 { excerpt.append(chunk.prefix(300 - excerpt.count)) }
            bytesRead += chunk.count
            guard bytesRead <= maximumBodySize else {
                finish()
                throw .responseTooLarge(operation: name, limit: maximumBodySize)
            }
            guard var reading = parser else { continue }
            do {
                for output in try reading.feed(chunk) {
                    switch output {
                    case .part(let part): parts.append(part)
                    case .end: closed = true
                    }
                }
            } catch {
                finish()
                throw refused("the multipart body's framing: \(error.message)")
            }
            parser = reading
        }
    }

    /// Sends the request. Returns the one state of a whole answer; `nil` when a `multipart/mixed` body is open to
    /// read.
    private func open() async throws(APIError) -> State? {
        let name = Operation.operationName
        guard let streaming = client.streamingTransport else {
            // A transport that gives whole bodies: the answer merged whole, as `execute` reads it.
            let fetched = try await client.fetch(operation, errorPolicy: errorPolicy, sharedAs: queryKey)
            startedAt = fetched.startedAt
            sentSequence = fetched.sentSequence
            return State(fetched: fetched, isFinal: true)
        }
        let recordsTape = client.cache != nil && Operation.cacheMetadata != nil
        if let configured = (streaming as? URLSessionTransport)?.configuration.maximumResponseSize {
            maximumBodySize = configured
        }
        let limit = maximumBodySize
        if let cache = client.cache, Operation.cacheMetadata != nil {
            startedAt = cache.isShared ? await cache.requestVersion() : cache.generation.current
            requestTime = cache.currentTime()
            sentSequence = cache.nextRequestSequence()
        }
        var builder = GraphQLRequestBuilder(
            endpoint: client.endpoint, timeout: client.timeout, persistedQueries: client.persistedQueries)
        builder.accept = GraphQLHTTPClient.incrementalAcceptHeader
        let plan = try builder.plan(for: operation)
        let client = self.client
        let idleTimeout = client.timeout
        let opened = LatestValue<GraphQLStreamingResponse>()
        let head: HTTPResponse
        let whole: Data
        do {
            (head, whole) = try await client.send(plan, operationName: name) { request, body, name in
                try await client.runMiddlewares(request, body: body, operationName: name) { request, body, _ in
                    let response = try await streaming.stream(request, body: body, idleTimeout: idleTimeout)
                    if (200..<300).contains(response.head.status), response.head.mediaType == "multipart/mixed" {
                        // The middlewares see the head; the parts are read as they arrive.
                        opened.replace(with: response)?.cancel()
                        return (response.head, Data())
                    }
                    opened.replace(with: nil)?.cancel()
                    defer { response.cancel() }
                    return (response.head, try await Self.readWhole(response, limit: limit))
                }
            }
        } catch {
            opened.replace(with: nil)?.cancel()
            throw GraphQLHTTPClient.translate(error, operation: name)
        }
        guard head.mediaType == "multipart/mixed", let stream = opened.replace(with: nil) else {
            opened.replace(with: nil)?.cancel()
            // A whole answer (a server that ignored the directives, a refusal), or a multipart body a middleware
            // gave whole: read as `execute` reads it.
            let (merged, mergedBody) = try GraphQLHTTPClient.mergingIncrementalDelivery(head, whole, operation: name)
            var fetched = GraphQLHTTPClient.decodeAnswer(
                Operation.Data.self, operation: name, response: merged, body: mergedBody, errorPolicy: errorPolicy,
                recordingTape: recordsTape, startedAt: startedAt, requestTime: requestTime)
            fetched.sentSequence = sentSequence
            return State(fetched: fetched, isFinal: true)
        }
        self.head = head
        response = stream
        guard let boundary = MultipartMixedParser.boundary(ofContentType: head.headers["Content-Type"] ?? "") else {
            throw refused("a multipart/mixed response without a boundary parameter")
        }
        parser = MultipartMixedParser(boundary: boundary)
        body = stream.body.makeAsyncIterator()
        return nil
    }

    /// The answer merged so far, as a state.
    private func state() -> State {
        let isFinal = !merger.hasNext
        if isFinal { finish() }
        var merged = head
        merged.headers["Content-Type"] = "application/graphql-response+json; charset=utf-8"
        var fetched = GraphQLHTTPClient.decodeAnswer(
            Operation.Data.self, operation: Operation.operationName, response: merged,
            body: Data(merger.response.jsonText.utf8), errorPolicy: errorPolicy,
            recordingTape: isFinal && client.cache != nil && Operation.cacheMetadata != nil, startedAt: startedAt,
            requestTime: requestTime)
        fetched.result.hasNext = !isFinal
        fetched.sentSequence = sentSequence
        var cacheable: GraphQLHTTPClient.Fetched<Operation.Data>?
        if !isFinal, fetched.result.data != nil,
            let written = Self.arrived(merger, mayStream: mayStream)
        {
            // Without a list to leave out, the body decoded above is the one to write.
            cacheable = GraphQLHTTPClient.Fetched(
                result: fetched.result, body: mayStream ? Data(written.jsonText.utf8) : fetched.body,
                startedAt: startedAt, sentSequence: sentSequence, requestTime: requestTime)
        }
        return State(fetched: fetched, isFinal: isFinal, cacheable: cacheable)
    }

    /// The merged response without the lists still being streamed (the current format's pending results whose
    /// value is a list); `nil` when an operation that may stream lists is in Apollo's 2022 format, which does not say
    /// which lists are still arriving.
    static func arrived(_ merger: IncrementalResultMerger, mayStream: Bool) -> JSONValue? {
        guard mayStream else { return merger.response }
        guard merger.announcesPending else { return nil }
        var response = merger.response
        for path in merger.pending.values {
            response = removingList(from: response, along: [.string("data")] + path)
        }
        return response
    }

    /// `value` without the list at `path` (its field removed from the object that holds it); `value` as it is when
    /// the path leads elsewhere.
    static func removingList(from value: JSONValue, along path: [JSONValue]) -> JSONValue {
        guard let step = path.first else { return value }
        let rest = Array(path.dropFirst())
        switch (value, step) {
        case (.object(var object), .string(let key)):
            guard let child = object[key] else { return value }
            if rest.isEmpty {
                guard case .array = child else { return value }
                _ = object.removeValue(forKey: key)
            } else {
                _ = object.updateValue(removingList(from: child, along: rest), forKey: key)
            }
            return .object(object)
        case (.array(var list), .number(let text)):
            guard let index = Int(text), list.indices.contains(index) else { return value }
            list[index] = removingList(from: list[index], along: rest)
            return .array(list)
        default:
            return value
        }
    }

    /// A body that is not `multipart/mixed`, read whole (up to `limit` bytes).
    private static func readWhole(_ response: GraphQLStreamingResponse, limit: Int) async throws -> Data {
        var collected = Data()
        for try await piece in response.body {
            collected.append(piece)
            if collected.count > limit {
                throw TransportError(.responseTooLarge(limit: limit), "the response body exceeds \(limit) bytes")
            }
        }
        return collected
    }

    private func refused(_ reason: String) -> APIError {
        .invalidResponse(
            operation: Operation.operationName, status: head.status, reason: reason,
            bodyExcerpt: String(decoding: excerpt, as: UTF8.self))
    }
}
