import Foundation
import GraphQLBridgeSupport

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The production WebSocket connector: `URLSessionWebSocketTask`.
///
/// Where the platform's `URLSession` cannot open WebSockets (on Linux, swift-corelibs-foundation needs a libcurl
/// built with WebSocket support, and Debian 12's libcurl 7.88 has none), ``connect(_:subprotocols:)`` fails at once
/// with ``GraphQLWebSocketError/Kind-swift.enum/unavailable``, which a subscription reports as
/// ``APIError/webSocketUnavailable(operation:reason:)``: never a hang. The opening handshake is bounded by the
/// request's timeout.
///
/// A message larger than `maximumMessageSize` fails the connection (the task's own limit, set on every task: the
/// platform's default is 1 MiB), as ``POSIXWebSocketConnector`` does, so both connectors bound a message alike.
public final class URLSessionWebSocketConnector: GraphQLWebSocketConnector, Sendable {
    private let sessionConfiguration: URLSessionConfiguration
    private let holder = WebSocketSessionHolder()
    /// The largest message accepted, in bytes.
    public let maximumMessageSize: Int

    /// Creates a connector whose `URLSession` (made when first needed) uses a copy of `sessionConfiguration`.
    ///
    /// - Parameters:
    ///   - sessionConfiguration: the configuration of the connector's `URLSession`.
    ///   - maximumMessageSize: the largest message accepted. Default 16 MiB, as ``POSIXWebSocketConnector``'s.
    public init(sessionConfiguration: URLSessionConfiguration = .ephemeral, maximumMessageSize: Int = 16 << 20) {
        self.sessionConfiguration = (sessionConfiguration.copy() as? URLSessionConfiguration) ?? sessionConfiguration
        self.maximumMessageSize = max(1, maximumMessageSize)
    }

    deinit { holder.invalidate() }

    /// Opens the WebSocket and returns once the server has accepted the upgrade.
    public func connect(_ request: HTTPRequest, subprotocols: [String]) async throws -> any GraphQLWebSocketConnection {
        var urlRequest = URLRequest(url: request.url)
        urlRequest.timeoutInterval = request.timeout.timeInterval.rounded(.up) + 1
        for (name, value) in request.headers { urlRequest.setValue(value, forHTTPHeaderField: name) }
        if !subprotocols.isEmpty {
            urlRequest.setValue(subprotocols.joined(separator: ", "), forHTTPHeaderField: "Sec-WebSocket-Protocol")
        }
        try Task.checkCancellation()
        let delegate = holder.session(configuration: sessionConfiguration)
        let task = delegate.session.webSocketTask(with: urlRequest)
        task.maximumMessageSize = maximumMessageSize
        let subprotocol = try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<String?, any Error>) in
                delegate.delegate.register(task, continuation: continuation, timeout: request.timeout)
                task.resume()
            }
        } onCancel: {
            task.cancel()
        }
        return URLSessionWebSocketConnection(task: task, subprotocol: subprotocol, connector: self)
    }
}

/// An open `URLSessionWebSocketTask`.
private final class URLSessionWebSocketConnection: GraphQLWebSocketConnection, Sendable {
    let task: URLSessionWebSocketTask
    let subprotocol: String?
    /// Kept alive with the connection: releasing the connector invalidates its session.
    let connector: URLSessionWebSocketConnector

    init(task: URLSessionWebSocketTask, subprotocol: String?, connector: URLSessionWebSocketConnector) {
        self.task = task
        self.subprotocol = subprotocol
        self.connector = connector
    }

    func send(text: String) async throws {
        do {
            try await task.send(.string(text))
        } catch {
            throw closedError(error)
        }
    }

    func receive() async throws -> GraphQLWebSocketMessage {
        do {
            switch try await task.receive() {
            case .string(let text): return .text(text)
            case .data(let data): return .binary(data)
            @unknown default: return .binary(Data())
            }
        } catch {
            throw closedError(error)
        }
    }

    func close(code: Int, reason: String) async {
        task.cancel(
            with: URLSessionWebSocketTask.CloseCode(rawValue: code) ?? .normalClosure, reason: Data(reason.utf8))
    }

    private func closedError(_ error: any Error) -> GraphQLWebSocketError {
        let code = task.closeCode.rawValue
        let reason = task.closeReason.map { String(decoding: $0, as: UTF8.self) } ?? "\(error)"
        return GraphQLWebSocketError(.closed(code: code == 0 ? 1006 : code), reason)
    }
}

/// The connector's session, made at the first connection.
private final class WebSocketSessionHolder: Sendable {
    private let made = Locked<(session: URLSession, delegate: WebSocketOpeningDelegate)?>(nil)

    func session(configuration: URLSessionConfiguration) -> (session: URLSession, delegate: WebSocketOpeningDelegate) {
        made.withLock { made in
            if let made { return made }
            let delegate = WebSocketOpeningDelegate()
            let queue = OperationQueue()
            queue.maxConcurrentOperationCount = 1
            let session = URLSession(configuration: configuration, delegate: delegate, delegateQueue: queue)
            made = (session, delegate)
            return (session, delegate)
        }
    }

    func invalidate() {
        made.withLock { $0?.session.invalidateAndCancel() }
    }
}

/// Resumes each opening handshake once: opened (with the chosen subprotocol), failed, or timed out.
///
/// `@unchecked Sendable` (an `NSObject` subclass): its one stored property is a `Locked`. Continuations are resumed
/// after the lock is released.
private final class WebSocketOpeningDelegate: NSObject, URLSessionWebSocketDelegate, @unchecked Sendable {
    private let waiting = Locked<[Int: CheckedContinuation<String?, any Error>]>([:])

    func register(_ task: URLSessionTask, continuation: CheckedContinuation<String?, any Error>, timeout: Duration) {
        let id = task.taskIdentifier
        waiting.withLock { $0[id] = continuation }
        let milliseconds = max(1, Int(timeout.timeInterval * 1000))
        DispatchQueue.global().asyncAfter(deadline: .now() + .milliseconds(milliseconds)) { [weak self] in
            guard let continuation = self?.take(id) else { return }
            continuation.resume(
                throwing: TransportError(
                    .timedOut, "the WebSocket opening handshake took longer than \(milliseconds) ms"))
            task.cancel()
        }
    }

    private func take(_ id: Int) -> CheckedContinuation<String?, any Error>? {
        waiting.withLock { $0.removeValue(forKey: id) }
    }

    func urlSession(
        _ session: URLSession, webSocketTask: URLSessionWebSocketTask, didOpenWithProtocol protocol: String?
    ) {
        take(webSocketTask.taskIdentifier)?.resume(returning: `protocol`)
    }

    func urlSession(
        _ session: URLSession, webSocketTask: URLSessionWebSocketTask,
        didCloseWith closeCode: URLSessionWebSocketTask.CloseCode, reason: Data?
    ) {
        // A close before the handshake finished: the task's completion reports it.
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        guard let continuation = take(task.taskIdentifier) else { return }
        continuation.resume(throwing: Self.openingError(error, response: task.response))
    }

    /// The error of a handshake that did not open: the platform cannot do WebSockets, the server refused the
    /// upgrade, or the connection failed.
    static func openingError(_ error: (any Error)?, response: URLResponse?) -> any Error {
        let text = error.map { ($0 as NSError).localizedDescription } ?? "the connection closed during the handshake"
        if let urlError = error as? URLError, urlError.code == .unsupportedURL || text.contains("not supported") {
            return GraphQLWebSocketError(.unavailable, text)
        }
        if let http = response as? HTTPURLResponse, http.statusCode != 101, http.statusCode != 0 {
            var headers = HTTPHeaders()
            for (name, value) in http.allHeaderFields {
                if let name = name as? String { headers[name] = "\(value)" }
            }
            return GraphQLWebSocketError(.upgradeRefused(status: http.statusCode), text, responseHeaders: headers)
        }
        if let urlError = error as? URLError { return TransportError(urlError) }
        return TransportError(.connection, text)
    }
}
