import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The production transport: `URLSession`, with a limit on the response size, the request's timeout,
/// and cancellation (cancelling the calling task cancels the `URLSessionTask`).
public final class URLSessionTransport: GraphQLTransport, @unchecked Sendable {
    /// The transport's settings.
    public struct Configuration: Sendable {
        /// The largest response body accepted, in bytes; a larger one fails with
        /// ``TransportError/Kind-swift.enum/responseTooLarge(limit:)`` as soon as it is seen. Default 32 MiB.
        public var maximumResponseSize: Int
        /// The whole-request deadline, whatever the per-request idle timeout. Default 120 s.
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
        sessionConfiguration.timeoutIntervalForResource = configuration.resourceTimeout.seconds
        let delegate = SessionDelegate(maximumResponseSize: configuration.maximumResponseSize)
        self.delegate = delegate
        self.session = URLSession(configuration: sessionConfiguration, delegate: delegate, delegateQueue: nil)
    }

    deinit { session.finishTasksAndInvalidate() }

    /// Sends the request through `URLSession`.
    public func send(_ request: HTTPRequest, body: Data, operationName: String) async throws -> (HTTPResponse, Data) {
        var urlRequest = URLRequest(url: request.url)
        urlRequest.httpMethod = request.method
        urlRequest.timeoutInterval = request.timeout.seconds
        for (name, value) in request.headers { urlRequest.setValue(value, forHTTPHeaderField: name) }
        if !body.isEmpty || request.method == "POST" { urlRequest.httpBody = body }

        try Task.checkCancellation()
        let task = session.dataTask(with: urlRequest)
        let delegate = self.delegate
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation {
                (continuation: CheckedContinuation<(HTTPResponse, Data), any Error>) in
                delegate.register(task, continuation: continuation)
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
    }

    private let lock = NSLock()
    private var states: [Int: State] = [:]
    private let maximumResponseSize: Int

    init(maximumResponseSize: Int) {
        self.maximumResponseSize = maximumResponseSize
    }

    func register(_ task: URLSessionTask, continuation: CheckedContinuation<(HTTPResponse, Data), any Error>) {
        lock.withLock { states[task.taskIdentifier] = State(continuation: continuation) }
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
            states[dataTask.taskIdentifier]?.response = head
            if expected > 0 { states[dataTask.taskIdentifier]?.body.reserveCapacity(Int(expected)) }
        }
        completionHandler(.allow)
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        let overLimit = lock.withLock { () -> Bool in
            guard var state = states[dataTask.taskIdentifier] else { return false }
            states[dataTask.taskIdentifier] = nil  // avoid a copy-on-write of the body while appending
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
        let state = lock.withLock { states.removeValue(forKey: task.taskIdentifier) }
        state?.continuation.resume(throwing: error)
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
