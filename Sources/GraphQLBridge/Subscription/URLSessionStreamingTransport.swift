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
/// The `URLSession` is made at the first request, so a client that never subscribes costs nothing. Its per-host
/// connection limit is raised to 4,096: each subscription holds a connection of its own. Over HTTP/1.1 every
/// subscription is a TCP connection; many subscriptions to one server are cheaper on one WebSocket.
public final class URLSessionStreamingTransport: GraphQLStreamingTransport, Sendable {
    private let sessionConfiguration: URLSessionConfiguration
    private let state = StreamingSessionHolder()

    /// Creates a transport whose `URLSession` (made when first needed) uses a copy of `sessionConfiguration`.
    public init(sessionConfiguration: URLSessionConfiguration = .ephemeral) {
        let copy = (sessionConfiguration.copy() as? URLSessionConfiguration) ?? sessionConfiguration
        // A subscription stays open: no whole-request deadline (the transport bounds the gaps itself).
        copy.timeoutIntervalForResource = 7 * 24 * 3600
        // Each subscription holds a connection of its own ("distinct connections"): URLSession's default of 6 per
        // host (HTTP/1.1) would queue the seventh subscription behind the first six, which never end.
        copy.httpMaximumConnectionsPerHost = max(copy.httpMaximumConnectionsPerHost, 4_096)
        self.sessionConfiguration = copy
    }

    deinit { state.invalidate() }

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
                    task, continuation: continuation, headTimeout: request.timeout, idleTimeout: idleTimeout)
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
        var bodyContinuation: AsyncThrowingStream<Data, any Error>.Continuation?
        let headTimeout: Duration
        let idleTimeout: Duration?
        /// When something last arrived (uptime nanoseconds).
        var lastActivity: UInt64
    }

    private let states = Locked<[Int: State]>([:])
    private let queue = DispatchQueue(label: "GraphQLBridge.URLSessionStreamingTransport.timeouts")

    func register(
        _ task: URLSessionTask, continuation: CheckedContinuation<GraphQLStreamingResponse, any Error>,
        headTimeout: Duration, idleTimeout: Duration?
    ) {
        states.withLock { states in
            states[task.taskIdentifier] = State(
                task: task, headContinuation: continuation, headTimeout: headTimeout, idleTimeout: idleTimeout,
                lastActivity: DispatchTime.now().uptimeNanoseconds)
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
        let (body, bodyContinuation) = AsyncThrowingStream<Data, any Error>.makeStream(bufferingPolicy: .unbounded)
        let task: URLSessionTask = dataTask
        bodyContinuation.onTermination = { termination in
            if case .cancelled = termination { task.cancel() }
        }
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
            returning: GraphQLStreamingResponse(head: head, body: body, cancel: { task.cancel() }))
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        let continuation = states.withLock { states -> AsyncThrowingStream<Data, any Error>.Continuation? in
            guard let index = states.index(forKey: dataTask.taskIdentifier) else { return nil }
            states.values[index].lastActivity = DispatchTime.now().uptimeNanoseconds
            return states.values[index].bodyContinuation
        }
        continuation?.yield(data)
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
