import Foundation
import GraphQLBridgeSupport

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The production transport: `URLSession`, with a limit on the response size, the request's timeout,
/// the whole-request deadline, and cancellation (cancelling the calling task cancels the `URLSessionTask`).
///
/// Both time limits are enforced by the transport itself, to the millisecond, on every platform:
/// swift-corelibs-foundation (Linux) ignores `timeoutIntervalForResource` and truncates `timeoutInterval` to whole
/// seconds. `URLSession`'s own limits are set a second beyond them, as a backstop. One timer per transport watches
/// the deadlines of all its requests (see `SessionDelegate`); on swift-corelibs-foundation the delegate callbacks
/// are delivered through a lighter delegate queue (`DelegateCallbackQueue`). Both keep a small request's cost close
/// to `URLSession.data(for:)`'s.
public final class URLSessionTransport: GraphQLTransport, Sendable {
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
    /// The streaming side (``GraphQLStreamingTransport``), for the queries that ask for incremental delivery: its
    /// `URLSession` is made at its first request.
    private let streaming: URLSessionStreamingTransport

    /// Creates a transport with its own `URLSession` made from `sessionConfiguration`.
    public init(
        configuration: Configuration = .init(), sessionConfiguration: URLSessionConfiguration = .ephemeral
    ) {
        self.configuration = configuration
        streaming = URLSessionStreamingTransport(sessionConfiguration: sessionConfiguration)
        // A copy: the caller's configuration object is not changed.
        let sessionConfiguration = (sessionConfiguration.copy() as? URLSessionConfiguration) ?? sessionConfiguration
        // A backstop: the transport enforces the deadline itself (Linux ignores this setting).
        sessionConfiguration.timeoutIntervalForResource = configuration.resourceTimeout.timeInterval.rounded(.up) + 1
        let delegate = SessionDelegate(
            maximumResponseSize: configuration.maximumResponseSize, resourceTimeout: configuration.resourceTimeout)
        self.delegate = delegate
        #if canImport(FoundationNetworking)
            let delegateQueue: OperationQueue? = DelegateCallbackQueue()
        #else
            let delegateQueue: OperationQueue? = nil  // the session's own serial queue
        #endif
        self.session = URLSession(configuration: sessionConfiguration, delegate: delegate, delegateQueue: delegateQueue)
    }

    deinit { session.finishTasksAndInvalidate() }

    /// How many requests the transport is following: sent and not yet answered, failed, timed out or cancelled. Each
    /// one's state (its continuation, its response and body so far, its deadlines) is dropped when it ends (for tests).
    @_spi(Testing) public var requestsInFlight: Int { delegate.requestsInFlight }

    /// Sends the request through `URLSession`.
    public func send(_ request: HTTPRequest, body: Data, operationName: String) async throws -> (HTTPResponse, Data) {
        var urlRequest = URLRequest(url: request.url)
        urlRequest.httpMethod = request.method
        // A backstop: the delegate enforces the timeout to the millisecond (Linux truncates this to whole seconds).
        urlRequest.timeoutInterval = request.timeout.timeInterval.rounded(.up) + 1
        for (name, value) in request.headers { urlRequest.setValue(value, forHTTPHeaderField: name) }
        if !body.isEmpty || request.method == "POST" { urlRequest.httpBody = body }
        // A `GET` (a persisted query) goes to the server every time: the client's fetch policies and `GraphQLCache`
        // decide what is served from a cache, not URLSession's own HTTP cache (which honours `max-age` on Apple
        // platforms). Proxies and CDNs on the way still cache it.
        if request.method == "GET" { urlRequest.cachePolicy = .reloadIgnoringLocalCacheData }

        try Task.checkCancellation()
        let task = session.dataTask(with: urlRequest)
        let delegate = self.delegate
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation {
                (continuation: CheckedContinuation<(HTTPResponse, Data), any Error>) in
                delegate.register(task, continuation: continuation, idleTimeout: request.timeout)
                task.resume()
            }
        } onCancel: {
            task.cancel()
        }
    }
}

/// Collects each task's response and body, enforces the size limit and both time limits, and resumes each request's
/// continuation once.
///
/// The time limits are watched by one timer for all the transport's requests, not two timers per request (each
/// created, re-armed on every chunk and cancelled, through libdispatch's manager thread on Linux): each request's
/// state holds its two deadlines as plain instants, a byte received only moves the idle deadline
/// (no system call), and the shared timer is armed for the earliest deadline, re-armed only when a new request's
/// deadline is earlier than the armed one or when it fires (it then fails the expired requests and arms itself for
/// the next deadline, if any).
///
/// `@unchecked Sendable`: the requests' states and the armed deadline are only read or written inside
/// `registry.withLock`, and the timer is only re-armed there (so re-armings happen in the order of the decisions);
/// the other stored properties are constants. Continuations are resumed after the lock is released.
private final class SessionDelegate: NSObject, URLSessionDataDelegate, @unchecked Sendable {
    private struct State {
        let task: URLSessionTask
        let continuation: CheckedContinuation<(HTTPResponse, Data), any Error>
        var response: HTTPResponse?
        var body = Data()
        /// The request's timeout (`HTTPRequest.timeout`): the longest wait for the next byte.
        let idleTimeout: Duration
        /// When the request times out if nothing more arrives (uptime nanoseconds); moved on every byte received.
        var idleDeadline: UInt64
        /// The whole-request deadline (uptime nanoseconds).
        let hardDeadline: UInt64

        var earliestDeadline: UInt64 { min(idleDeadline, hardDeadline) }
    }

    /// The requests in flight and the timer's deadline.
    private struct Registry {
        var states: [Int: State] = [:]
        /// The deadline the shared timer is armed for; `nil` when it is not armed.
        var armedDeadline: UInt64?
    }

    private let registry = Locked(Registry())
    private let timer: any DispatchSourceTimer
    /// Where a response past `maximumResponseSize` is cancelled: swift-corelibs-foundation's `cancel()` waits for
    /// the session's work queue, which a fast server keeps busy until the body ends; on the delegate queue that wait
    /// would leave every piece read meanwhile queued in memory (the body held whole after all).
    private let control = DispatchQueue(label: "GraphQLBridge.URLSessionTransport.cancel")
    private let maximumResponseSize: Int
    private let resourceTimeout: Duration

    init(maximumResponseSize: Int, resourceTimeout: Duration) {
        self.maximumResponseSize = maximumResponseSize
        self.resourceTimeout = resourceTimeout
        self.timer = DispatchSource.makeTimerSource(
            queue: DispatchQueue(label: "GraphQLBridge.URLSessionTransport.timeouts"))
        super.init()
        timer.setEventHandler { [weak self] in self?.expire() }
        timer.schedule(deadline: .distantFuture)
        timer.resume()
    }

    deinit { timer.cancel() }

    /// Cancels `task` from the transport's own queue (see `control`).
    func cancel(_ task: URLSessionTask) {
        control.async { task.cancel() }
    }

    /// How many requests have a state.
    var requestsInFlight: Int { registry.withLock { $0.states.count } }

    func register(
        _ task: URLSessionTask, continuation: CheckedContinuation<(HTTPResponse, Data), any Error>,
        idleTimeout: Duration
    ) {
        let now = DispatchTime.now().uptimeNanoseconds
        let state = State(
            task: task, continuation: continuation, idleTimeout: idleTimeout,
            idleDeadline: Self.adding(idleTimeout, to: now), hardDeadline: Self.adding(resourceTimeout, to: now))
        registry.withLock { registry in
            registry.states[task.taskIdentifier] = state
            let deadline = state.earliestDeadline
            if registry.armedDeadline.map({ deadline < $0 }) ?? true { arm(for: deadline, in: &registry) }
        }
    }

    /// Arms the shared timer for `deadline`; called inside `registry.withLock`.
    private func arm(for deadline: UInt64, in registry: inout Registry) {
        registry.armedDeadline = deadline
        // Past `Int64.max` nanoseconds `DispatchTime` means "never" anyway; the deadline is then never reached.
        let time = deadline < UInt64(Int64.max) ? DispatchTime(uptimeNanoseconds: deadline) : .distantFuture
        timer.schedule(deadline: time, leeway: .milliseconds(1))
    }

    /// The shared timer fired: fails every request past one of its deadlines and arms the timer for the next one.
    private func expire() {
        let now = DispatchTime.now().uptimeNanoseconds
        let expired = registry.withLock { registry -> [(State, TransportError)] in
            var expired: [(State, TransportError)] = []
            var next: UInt64?
            for state in registry.states.values {
                if state.hardDeadline <= now && state.hardDeadline <= state.idleDeadline {
                    expired.append((state, deadlineError()))
                } else if state.idleDeadline <= now {
                    expired.append((state, Self.idleTimeoutError(state.idleTimeout)))
                } else {
                    next = min(next ?? .max, state.earliestDeadline)
                }
            }
            for (state, _) in expired { registry.states[state.task.taskIdentifier] = nil }
            if let next {
                arm(for: next, in: &registry)
            } else {
                registry.armedDeadline = nil
            }
            return expired
        }
        for (state, error) in expired {
            state.continuation.resume(throwing: error)
            state.task.cancel()
        }
    }

    private static func idleTimeoutError(_ idleTimeout: Duration) -> TransportError {
        TransportError(.timedOut, "the server did not answer in time (nothing received for \(describe(idleTimeout)))")
    }

    private func deadlineError() -> TransportError {
        TransportError(
            .timedOut,
            "the request did not complete within its deadline of \(Self.describe(resourceTimeout)) "
                + "(URLSessionTransport.Configuration.resourceTimeout)")
    }

    /// `uptime` plus `duration`, in nanoseconds: a negative duration counts as zero, and the sum saturates.
    private static func adding(_ duration: Duration, to uptime: UInt64) -> UInt64 {
        let (seconds, attoseconds) = duration.components
        guard seconds >= 0, attoseconds >= 0 else { return uptime }
        let (secondsPart, overflow) = UInt64(seconds).multipliedReportingOverflow(by: 1_000_000_000)
        guard !overflow else { return .max }
        let nanoseconds = secondsPart.addingReportingOverflow(UInt64(attoseconds / 1_000_000_000))
        guard !nanoseconds.overflow else { return .max }
        let sum = uptime.addingReportingOverflow(nanoseconds.partialValue)
        return sum.overflow ? .max : sum.partialValue
    }

    private static func describe(_ duration: Duration) -> String {
        "\(duration.wholeMilliseconds) ms"
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
        let expected = http.expectedContentLength
        if expected > Int64(maximumResponseSize) {
            fail(dataTask, tooLarge(announced: expected))
            completionHandler(.cancel)
            // swift-corelibs-foundation ignores the disposition: without this the body would still be read.
            cancel(dataTask)
            return
        }
        let now = DispatchTime.now().uptimeNanoseconds
        registry.withLock { registry in
            guard let index = registry.states.index(forKey: dataTask.taskIdentifier) else { return }
            registry.states.values[index].response = head
            registry.states.values[index].idleDeadline = Self.adding(
                registry.states.values[index].idleTimeout, to: now)
            if expected > 0 { registry.states.values[index].body.reserveCapacity(Int(expected)) }
        }
        completionHandler(.allow)
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        let now = DispatchTime.now().uptimeNanoseconds
        let overLimit = registry.withLock { registry -> Bool in
            guard let index = registry.states.index(forKey: dataTask.taskIdentifier) else { return false }
            // In place (no copy of the body): the dictionary's storage is not shared.
            registry.states.values[index].idleDeadline = Self.adding(
                registry.states.values[index].idleTimeout, to: now)
            registry.states.values[index].body.append(data)
            return registry.states.values[index].body.count > maximumResponseSize
        }
        if overLimit {
            fail(dataTask, tooLarge(announced: nil))
            cancel(dataTask)
        }
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        guard let state = registry.withLock({ $0.states.removeValue(forKey: task.taskIdentifier) }) else { return }
        // The shared timer stays armed: when it fires it finds nothing expired and re-arms for the next deadline.
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
        guard let state = registry.withLock({ $0.states.removeValue(forKey: task.taskIdentifier) }) else { return }
        state.continuation.resume(throwing: error)
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

#if canImport(FoundationNetworking)
    /// The session's delegate queue on swift-corelibs-foundation: a serial queue whose `addOperation(_:)` with a block
    /// (how corelibs delivers each delegate callback: the response, each chunk of the body, the completion) submits
    /// the block straight to a serial `DispatchQueue`, without the `Operation` machinery corelibs' `OperationQueue`
    /// runs for each block (a `BlockOperation`, its locks and state changes, a `DispatchWorkItem`). Operations added
    /// any other way go through `OperationQueue` itself, onto the same serial queue (its `underlyingQueue`), so the
    /// callbacks keep their order either way. Not used on Apple platforms, whose `URLSession` is left as it is.
    ///
    /// `@unchecked Sendable`: `OperationQueue` is thread-safe; the only property added is a constant `DispatchQueue`.
    private final class DelegateCallbackQueue: OperationQueue, @unchecked Sendable {
        /// Held here: corelibs' `underlyingQueue` does not retain the queue.
        private let serialQueue = DispatchQueue(label: "GraphQLBridge.URLSessionTransport.delegate")

        override init() {
            super.init()
            maxConcurrentOperationCount = 1
            underlyingQueue = serialQueue
        }

        override func addOperation(_ block: @escaping @Sendable () -> Void) {
            serialQueue.async(execute: block)
        }
    }
#endif

extension URLSessionTransport: GraphQLStreamingTransport {
    /// Sends `request` and returns when its head has arrived, the body following as it arrives: how a query that asks
    /// for incremental delivery (`@defer`, `@stream`) is read part by part. Through a ``URLSessionStreamingTransport``
    /// made with this transport's session configuration; the head and the gaps in the body are bounded (the
    /// request's timeout, `idleTimeout`), the whole request is not (``Configuration/resourceTimeout`` applies to
    /// ``send(_:body:operationName:)``).
    public func stream(_ request: HTTPRequest, body: Data, idleTimeout: Duration?) async throws
        -> GraphQLStreamingResponse
    {
        try await streaming.stream(request, body: body, idleTimeout: idleTimeout)
    }
}
