import Foundation
import GraphQLBridgeSupport

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The production streaming transport: a `URLSession` data task whose delegate hands each piece of the body on as
/// it arrives (on Linux, swift-corelibs-foundation has no `bytes(for:)`, but a data delegate receives a streamed
/// body as it comes). The wait for the head and the gaps in the body are bounded by the transport itself;
/// cancelling the calling task before the head, or ``GraphQLStreamingResponse/cancel()`` after it, cancels the
/// `URLSessionTask` (the server sees the connection close).
///
/// The body's memory is bounded by `maximumBufferedBytes`: when the consumer leaves more than that unread, the body
/// fails with ``TransportError/Kind-swift.enum/responseTooLarge(limit:)`` (a subscription ends with
/// ``APIError/responseTooLarge(operation:limit:)``, not retried) and the connection is closed. Where `URLSession`
/// honours `suspend()` on a running data task (Apple platforms), the task is also suspended when a quarter of the
/// limit (at most 256 KiB) is unread and resumed when the consumer has read it down to half of that, so that TCP's
/// flow control holds the server back first. swift-corelibs-foundation (Linux) keeps delivering the body after
/// `suspend()` (measured: a 48 MB stream arrived whole), so there the limit alone bounds memory: the stream ends
/// with the error, the task is cancelled, and what arrives until the cancellation takes effect is dropped as it
/// comes (a 192 MB flood grows the process by about the limit, not by the flood).
///
/// A stream past its limit is cancelled from a queue of the transport's own, not from the session's delegate queue:
/// swift-corelibs-foundation's `cancel()` waits for the session's work queue, which a server
/// flooding the connection can keep busy until its body ends (measured: up to a whole 1 GB flood); on the delegate
/// queue every piece libcurl read meanwhile would wait there in memory (measured: +144 to +216 MB for 192 MB).
///
/// The `URLSession` is made at the first request, so a client that never subscribes costs nothing. Its per-host
/// connection limit is raised to 4,096: each subscription holds a connection of its own. Over HTTP/1.1 every
/// subscription is a TCP connection; many subscriptions to one server are cheaper on one WebSocket.
public final class URLSessionStreamingTransport: GraphQLStreamingTransport, Sendable {
    private let sessionConfiguration: URLSessionConfiguration
    private let state = StreamingSessionHolder()
    /// The most unread bytes of one stream's body held in memory. Default 8 MiB.
    public let maximumBufferedBytes: Int

    /// Creates a transport whose `URLSession` (made when first needed) uses a copy of `sessionConfiguration`.
    /// - Parameters:
    ///   - sessionConfiguration: the session's configuration (copied).
    ///   - maximumBufferedBytes: the most unread bytes of one stream's body held in memory; past it the stream
    ///     fails. Default 8 MiB (at least 1 KiB).
    public init(sessionConfiguration: URLSessionConfiguration = .ephemeral, maximumBufferedBytes: Int = 8 << 20) {
        self.maximumBufferedBytes = max(1024, maximumBufferedBytes)
        let copy = (sessionConfiguration.copy() as? URLSessionConfiguration) ?? sessionConfiguration
        // A subscription stays open: no whole-request deadline (the transport bounds the gaps itself).
        copy.timeoutIntervalForResource = 7 * 24 * 3600
        // Each subscription holds a connection of its own ("distinct connections"): URLSession's default of 6 per
        // host (HTTP/1.1) would queue the seventh subscription behind the first six, which never end.
        copy.httpMaximumConnectionsPerHost = max(copy.httpMaximumConnectionsPerHost, 4_096)
        // A stream is never cached; and without a URLCache, swift-corelibs-foundation does not look the request up
        // on a background queue first, a window in which a cancellation traps ("a task that is not in the
        // registry", swift-corelibs-foundation issues 3292 and 3296).
        copy.urlCache = nil
        copy.requestCachePolicy = .reloadIgnoringLocalCacheData
        self.sessionConfiguration = copy
    }

    deinit { state.invalidate() }

    /// For tests and benchmarks: over the most recent streams (up to 16), the most unread bytes one held at once,
    /// how many times reading paused, and how many failed past the limit.
    @_spi(Testing) public var bufferStatistics: (peakBufferedBytes: Int, pauses: Int, overflows: Int) {
        state.recentQueues().reduce(into: (0, 0, 0)) { total, queue in
            let statistics = queue.statistics
            total.0 = max(total.0, statistics.peakBufferedBytes)
            total.1 += statistics.pauses
            total.2 += statistics.overflowed ? 1 : 0
        }
    }

    /// Sends the request and returns when its head has arrived.
    public func stream(_ request: HTTPRequest, body: Data, idleTimeout: Duration?) async throws
        -> GraphQLStreamingResponse
    {
        var urlRequest = URLRequest(url: request.url)
        urlRequest.httpMethod = request.method
        // A backstop only: the delegate bounds the wait for the head and the gaps itself.
        urlRequest.timeoutInterval =
            max(request.timeout.timeInterval, idleTimeout?.timeInterval ?? 0).rounded(.up) + 3600
        for (name, value) in request.headers { urlRequest.setValue(value, forHTTPHeaderField: name) }
        if !body.isEmpty || request.method == "POST" { urlRequest.httpBody = body }
        try Task.checkCancellation()
        let (session, delegate) = state.session(configuration: sessionConfiguration)
        let task = session.dataTask(with: urlRequest)
        let response = try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation {
                (continuation: CheckedContinuation<GraphQLStreamingResponse, any Error>) in
                delegate.register(
                    task, continuation: continuation, headTimeout: request.timeout, idleTimeout: idleTimeout,
                    maximumBufferedBytes: maximumBufferedBytes)
                task.resume()
            }
        } onCancel: {
            task.cancel()
        }
        // The response keeps the transport (and its session) alive: releasing the transport while a stream runs
        // would cancel the stream.
        return GraphQLStreamingResponse(head: response.head, body: response.body) { [self] in
            withExtendedLifetime(self) { response.cancel() }
        }
    }
}

/// The transport's session and delegate, made at the first request.
private final class StreamingSessionHolder: Sendable {
    private let made = Locked<(URLSession, StreamingSessionDelegate)?>(nil)

    func session(configuration: URLSessionConfiguration) -> (URLSession, StreamingSessionDelegate) {
        made.withLock { made in
            if let made { return made }
            let delegate = StreamingSessionDelegate()
            let queue = OperationQueue()
            queue.maxConcurrentOperationCount = 1
            let session = URLSession(configuration: configuration, delegate: delegate, delegateQueue: queue)
            made = (session, delegate)
            return (session, delegate)
        }
    }

    func invalidate() {
        made.withLock { $0?.0.invalidateAndCancel() }
    }

    func recentQueues() -> [BoundedDataQueue] {
        made.withLock { $0?.1.recentQueues() ?? [] }
    }
}

/// Resumes each request's continuation with its head, then yields the body's pieces to its stream; bounds the
/// wait for the head and the gaps with one check per period (re-armed only when it fires, not on every piece).
///
/// `@unchecked Sendable` (an `NSObject` subclass): `states` is a `Locked`, `queue` a constant. Continuations are
/// resumed and streams finished after the lock is released.
private final class StreamingSessionDelegate: NSObject, URLSessionDataDelegate, @unchecked Sendable {
    private struct State {
        let task: URLSessionTask
        var headContinuation: CheckedContinuation<GraphQLStreamingResponse, any Error>?
        var bodyContinuation: BoundedDataQueue?
        let headTimeout: Duration
        let idleTimeout: Duration?
        let maximumBufferedBytes: Int
        /// When something last arrived (uptime nanoseconds).
        var lastActivity: UInt64
    }

    private let states = Locked<[Int: State]>([:])
    private let recent = Locked<[BoundedDataQueue]>([])
    /// Where a stream past its limit is cancelled: swift-corelibs-foundation's `cancel()` blocks until the
    /// session's work queue is free, so it must not run on the delegate queue, which would stop draining the pieces
    /// libcurl keeps reading. (Only this cancellation: moving the others here too, the consumer's among them, made
    /// them race the task's completion, and swift-corelibs-foundation traps on a cancelled task that has left its
    /// registry.)
    private let control = DispatchQueue(label: "GraphQLBridge.URLSessionStreamingTransport.cancel")

    /// Cancels `task` from the transport's own queue (see `control`), unless it completed meanwhile (a completed
    /// task is not cancelled: swift-corelibs-foundation traps on some).
    func cancel(_ task: URLSessionTask) {
        control.async { [weak self] in
            guard self?.isRunning(task.taskIdentifier) ?? false else { return }
            task.cancel()
        }
    }

    func recentQueues() -> [BoundedDataQueue] { recent.value }

    /// Whether the task has not completed yet.
    func isRunning(_ id: Int) -> Bool { states.withLock { $0[id] != nil } }
    private let queue = DispatchQueue(label: "GraphQLBridge.URLSessionStreamingTransport.timeouts")

    func register(
        _ task: URLSessionTask, continuation: CheckedContinuation<GraphQLStreamingResponse, any Error>,
        headTimeout: Duration, idleTimeout: Duration?, maximumBufferedBytes: Int
    ) {
        states.withLock { states in
            states[task.taskIdentifier] = State(
                task: task, headContinuation: continuation, headTimeout: headTimeout, idleTimeout: idleTimeout,
                maximumBufferedBytes: maximumBufferedBytes, lastActivity: DispatchTime.now().uptimeNanoseconds)
        }
        scheduleCheck(task.taskIdentifier, after: headTimeout)
    }

    private func scheduleCheck(_ id: Int, after delay: Duration) {
        let nanoseconds = max(1_000_000, min(Int64(delay.timeInterval * 1e9), Int64(Int32.max) * 1_000_000))
        queue.asyncAfter(deadline: .now() + .nanoseconds(Int(nanoseconds))) { [weak self] in self?.check(id) }
    }

    /// Fails the request if it waited too long for its head or for the next piece; otherwise checks again when
    /// the current wait would end.
    private func check(_ id: Int) {
        let now = DispatchTime.now().uptimeNanoseconds
        enum Verdict { case gone, wait(Duration), expired(State, TransportError) }
        let verdict = states.withLock { states -> Verdict in
            guard let state = states[id] else { return .gone }
            let limit: Duration
            let what: String
            if state.headContinuation != nil {
                limit = state.headTimeout
                what = "the response head"
            } else if let idle = state.idleTimeout {
                // Reading is paused for a slow consumer: the silence is ours, not the server's.
                if state.bodyContinuation?.statistics.paused == true {
                    states[id]?.lastActivity = now
                    return .wait(idle)
                }
                limit = idle
                what = "the next part of the stream"
            } else {
                return .gone
            }
            let waited = Duration.nanoseconds(Int64(now &- state.lastActivity))
            if waited < limit { return .wait(limit - waited) }
            states[id] = nil
            let millis = Int64(limit.timeInterval * 1000)
            return .expired(state, TransportError(.timedOut, "waited \(millis) ms for \(what) without receiving it"))
        }
        switch verdict {
        case .gone: return
        case .wait(let delay): scheduleCheck(id, after: delay)
        case .expired(let state, let error):
            state.headContinuation?.resume(throwing: error)
            state.bodyContinuation?.finish(throwing: error)
            state.task.cancel()
        }
    }

    func urlSession(
        _ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
        completionHandler: @escaping @Sendable (URLSession.ResponseDisposition) -> Void
    ) {
        guard let http = response as? HTTPURLResponse else {
            fail(dataTask, TransportError(.other, "the response is not an HTTP response"))
            completionHandler(.cancel)
            dataTask.cancel()
            return
        }
        var headers = HTTPHeaders()
        for (name, value) in http.allHeaderFields {
            if let name = name as? String { headers[name] = "\(value)" }
        }
        let head = HTTPResponse(status: http.statusCode, headers: headers)
        let task: URLSessionTask = dataTask
        let limit = states.withLock { $0[dataTask.taskIdentifier]?.maximumBufferedBytes } ?? (8 << 20)
        // Back-pressure where `suspend()` stops the transfer; what was already on its way is kept up to the limit.
        #if canImport(FoundationNetworking)
            let pauseAt: Int? = nil
        #else
            let pauseAt: Int? = min(limit / 4, 256 * 1024)
        #endif
        let bodyContinuation = BoundedDataQueue(
            limit: limit, pauseAt: pauseAt,
            overflowError: {
                TransportError(.responseTooLarge(limit: limit), "the stream's unread bytes exceed \(limit) bytes")
            },
            onPause: { task.suspend() }, onResume: { task.resume() },
            // From the delegate queue: never `cancel()` there (see `control`).
            onOverflow: { [weak self] in self?.cancel(task) },
            onConsumerCancelled: { task.cancel() })
        recent.withLock { recent in
            recent.append(bodyContinuation)
            if recent.count > 16 { recent.removeFirst() }
        }
        let body = bodyContinuation.makeStream()
        let idle = states.withLock { states -> (CheckedContinuation<GraphQLStreamingResponse, any Error>?, Duration?) in
            guard let index = states.index(forKey: dataTask.taskIdentifier) else { return (nil, nil) }
            let continuation = states.values[index].headContinuation
            states.values[index].headContinuation = nil
            states.values[index].bodyContinuation = bodyContinuation
            states.values[index].lastActivity = DispatchTime.now().uptimeNanoseconds
            return (continuation, states.values[index].idleTimeout)
        }
        completionHandler(.allow)
        guard let headContinuation = idle.0 else {
            bodyContinuation.finish()
            dataTask.cancel()
            return
        }
        if let idleTimeout = idle.1 { scheduleCheck(dataTask.taskIdentifier, after: idleTimeout) }
        headContinuation.resume(
            returning: GraphQLStreamingResponse(
                head: head, body: body,
                cancel: { [weak self] in
                    bodyContinuation.cancel()
                    // A task that has completed is not cancelled (swift-corelibs-foundation traps on some).
                    if self?.isRunning(task.taskIdentifier) ?? false { task.cancel() }
                }))
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        let continuation = states.withLock { states -> BoundedDataQueue? in
            guard let index = states.index(forKey: dataTask.taskIdentifier) else { return nil }
            states.values[index].lastActivity = DispatchTime.now().uptimeNanoseconds
            return states.values[index].bodyContinuation
        }
        continuation?.push(data)
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        guard let state = states.withLock({ $0.removeValue(forKey: task.taskIdentifier) }) else { return }
        let failure = error.map { error -> any Error in
            if let urlError = error as? URLError { return TransportError(urlError) }
            return error
        }
        if let headContinuation = state.headContinuation {
            headContinuation.resume(throwing: failure ?? TransportError(.other, "the server sent no response"))
        }
        if let failure {
            state.bodyContinuation?.finish(throwing: failure)
        } else {
            state.bodyContinuation?.finish()
        }
    }

    private func fail(_ task: URLSessionTask, _ error: TransportError) {
        guard let state = states.withLock({ $0.removeValue(forKey: task.taskIdentifier) }) else { return }
        state.headContinuation?.resume(throwing: error)
        state.bodyContinuation?.finish(throwing: error)
    }
}
