import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The production transport: `URLSession`, with a limit on the response size, the request's timeout,
/// the whole-request deadline, and cancellation (cancelling the calling task cancels the `URLSessionTask`).
///
/// Both time limits are enforced by the transport itself, to the millisecond, on every platform:
/// swift-corelibs-foundation (Linux) ignores `timeoutIntervalForResource` and truncates `timeoutInterval` to whole
/// seconds. `URLSession`'s own limits are set a second beyond them, as a backstop.
public final class URLSessionTransport: GraphQLTransport, @unchecked Sendable {
    /// The transport's settings.
    public struct Configuration: Sendable {
        /// The largest response body accepted, in bytes; a larger one fails with
        /// ``TransportError/Kind-swift.enum/responseTooLarge(limit:)`` as soon as it is seen. Default 32 MiB.
        public var maximumResponseSize: Int
        /// The whole-request deadline (from sending to the last byte of the body), whatever the per-request idle
        /// timeout; past it the request fails with ``TransportError/Kind-swift.enum/timedOut``. Default 120 s.
        public var resourceTimeout: Duration

        /// Creates settings.
        public init(maximumResponseSize: Int = 32 << 20, resourceTimeout: Duration = .seconds(120)) {
            self.maximumResponseSize = maximumResponseSize
            self.resourceTimeout = resourceTimeout
        }
    }

    /// The settings this transport was made with.
    public let configuration: Configuration
    private let session: URLSession
    private let delegate: SessionDelegate

    /// Creates a transport with its own `URLSession` made from `sessionConfiguration`.
    public init(
        configuration: Configuration = .init(), sessionConfiguration: URLSessionConfiguration = .ephemeral
    ) {
        self.configuration = configuration
        // A copy: the caller's configuration object is not changed.
        let sessionConfiguration = (sessionConfiguration.copy() as? URLSessionConfiguration) ?? sessionConfiguration
        // A backstop: the transport enforces the deadline itself (Linux ignores this setting).
        sessionConfiguration.timeoutIntervalForResource = configuration.resourceTimeout.seconds.rounded(.up) + 1
        let delegate = SessionDelegate(maximumResponseSize: configuration.maximumResponseSize)
        self.delegate = delegate
        self.session = URLSession(configuration: sessionConfiguration, delegate: delegate, delegateQueue: nil)
    }

    deinit { session.finishTasksAndInvalidate() }

    /// Sends the request through `URLSession`.
    public func send(_ request: HTTPRequest, body: Data, operationName: String) async throws -> (HTTPResponse, Data) {
        var urlRequest = URLRequest(url: request.url)
        urlRequest.httpMethod = request.method
        // A backstop: the delegate enforces the timeout to the millisecond (Linux truncates this to whole seconds).
        urlRequest.timeoutInterval = request.timeout.seconds.rounded(.up) + 1
        for (name, value) in request.headers { urlRequest.setValue(value, forHTTPHeaderField: name) }
        if !body.isEmpty || request.method == "POST" { urlRequest.httpBody = body }

        try Task.checkCancellation()
        let task = session.dataTask(with: urlRequest)
        let delegate = self.delegate
        let configuration = self.configuration
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation {
                (continuation: CheckedContinuation<(HTTPResponse, Data), any Error>) in
                delegate.register(
                    task, continuation: continuation, idleTimeout: request.timeout,
                    deadline: configuration.resourceTimeout)
                task.resume()
            }
        } onCancel: {
            task.cancel()
        }
    }
}

/// Collects each task's response and body, enforcing the size limit, and resumes its continuation once.
private final class SessionDelegate: NSObject, URLSessionDataDelegate, @unchecked Sendable {
    private struct State {
        var continuation: CheckedContinuation<(HTTPResponse, Data), any Error>
        var response: HTTPResponse?
        var body = Data()
        /// Fires when no byte arrived for the request's timeout; rescheduled on every byte.
        var idleTimer: (any DispatchSourceTimer)?
        var idleTimeout: Duration = .zero
        /// Fires at the whole-request deadline.
        var deadlineTimer: (any DispatchSourceTimer)?
    }

    private let lock = NSLock()
    private var states: [Int: State] = [:]
    private let maximumResponseSize: Int

    init(maximumResponseSize: Int) {
        self.maximumResponseSize = maximumResponseSize
    }

    func register(
        _ task: URLSessionTask, continuation: CheckedContinuation<(HTTPResponse, Data), any Error>,
        idleTimeout: Duration, deadline: Duration
    ) {
        var state = State(continuation: continuation)
        state.idleTimeout = idleTimeout
        state.idleTimer = timer(after: idleTimeout) { [weak self, weak task] in
            guard let self, let task else { return }
            self.fail(
                task,
                TransportError(
                    .timedOut,
                    "the server did not answer in time (nothing received for \(Self.describe(idleTimeout)))"))
            task.cancel()
        }
        state.deadlineTimer = timer(after: deadline) { [weak self, weak task] in
            guard let self, let task else { return }
            self.fail(
                task,
                TransportError(
                    .timedOut,
                    "the request did not complete within its deadline of \(Self.describe(deadline)) "
                        + "(URLSessionTransport.Configuration.resourceTimeout)"))
            task.cancel()
        }
        lock.withLock { states[task.taskIdentifier] = state }
        // Started once the state is there to fail.
        state.idleTimer?.resume()
        state.deadlineTimer?.resume()
    }

    /// A one-shot timer (not yet resumed) on a global queue, to the millisecond.
    private func timer(after delay: Duration, _ handler: @escaping @Sendable () -> Void) -> any DispatchSourceTimer {
        let timer = DispatchSource.makeTimerSource(queue: .global())
        let (seconds, attoseconds) = delay.components
        let milliseconds = max(0, seconds) * 1000 + max(0, attoseconds) / 1_000_000_000_000_000
        timer.schedule(deadline: .now() + .milliseconds(Int(clamping: milliseconds)), leeway: .milliseconds(1))
        timer.setEventHandler(handler: handler)
        return timer
    }

    /// Pushes the idle timer back: a byte arrived.
    private func touch(_ state: inout State) {
        guard let timer = state.idleTimer else { return }
        let (seconds, attoseconds) = state.idleTimeout.components
        let milliseconds = max(0, seconds) * 1000 + max(0, attoseconds) / 1_000_000_000_000_000
        timer.schedule(deadline: .now() + .milliseconds(Int(clamping: milliseconds)), leeway: .milliseconds(1))
    }

    private static func describe(_ duration: Duration) -> String {
        let (seconds, attoseconds) = duration.components
        return "\(seconds * 1000 + attoseconds / 1_000_000_000_000_000) ms"
    }

    func urlSession(
        _ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
        completionHandler: @escaping @Sendable (URLSession.ResponseDisposition) -> Void
    ) {
        guard let http = response as? HTTPURLResponse else {
            fail(dataTask, TransportError(.other, "the response is not an HTTP response"))
            completionHandler(.cancel)
            return
        }
        var headers = HTTPHeaders()
        for (name, value) in http.allHeaderFields {
            if let name = name as? String { headers[name] = "\(value)" }
        }
        let head = HTTPResponse(status: http.statusCode, headers: headers)
        let expected = http.expectedContentLength
        if expected > Int64(maximumResponseSize) {
            fail(dataTask, tooLarge(announced: expected))
            completionHandler(.cancel)
            return
        }
        lock.withLock {
            if var state = states[dataTask.taskIdentifier] { touch(&state) }
            states[dataTask.taskIdentifier]?.response = head
            if expected > 0 { states[dataTask.taskIdentifier]?.body.reserveCapacity(Int(expected)) }
        }
        completionHandler(.allow)
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        let overLimit = lock.withLock { () -> Bool in
            guard var state = states[dataTask.taskIdentifier] else { return false }
            states[dataTask.taskIdentifier] = nil  // avoid a copy-on-write of the body while appending
            touch(&state)
            state.body.append(data)
            let over = state.body.count > maximumResponseSize
            states[dataTask.taskIdentifier] = state
            return over
        }
        if overLimit {
            fail(dataTask, tooLarge(announced: nil))
            dataTask.cancel()
        }
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        guard let state = lock.withLock({ states.removeValue(forKey: task.taskIdentifier) }) else { return }
        Self.cancelTimers(of: state)
        if let error {
            state.continuation.resume(throwing: SessionDelegate.translate(error))
        } else if let response = state.response {
            state.continuation.resume(returning: (response, state.body))
        } else {
            state.continuation.resume(throwing: TransportError(.other, "the server sent no response"))
        }
    }

    /// Fails the task's request at once (the caller does not wait for the cancelled task to wind down);
    /// the task's later completion finds no state and does nothing.
    private func fail(_ task: URLSessionTask, _ error: TransportError) {
        guard let state = lock.withLock({ states.removeValue(forKey: task.taskIdentifier) }) else { return }
        Self.cancelTimers(of: state)
        state.continuation.resume(throwing: error)
    }

    private static func cancelTimers(of state: State) {
        state.idleTimer?.cancel()
        state.deadlineTimer?.cancel()
    }

    private func tooLarge(announced: Int64?) -> TransportError {
        let size = announced.map { "announced \($0) bytes" } ?? "more bytes"
        return TransportError(
            .responseTooLarge(limit: maximumResponseSize),
            "the response (\(size)) exceeds the limit of \(maximumResponseSize) bytes; "
                + "raise URLSessionTransport.Configuration.maximumResponseSize or select less data")
    }

    static func translate(_ error: any Error) -> any Error {
        guard let urlError = error as? URLError else { return error }
        return TransportError(urlError)
    }
}

extension Duration {
    /// The duration in seconds, as a `TimeInterval`.
    var seconds: TimeInterval {
        let (seconds, attoseconds) = components
        return TimeInterval(seconds) + TimeInterval(attoseconds) / 1e18
    }
}
