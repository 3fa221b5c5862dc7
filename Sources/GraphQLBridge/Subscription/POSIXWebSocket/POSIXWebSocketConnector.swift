import Foundation
import GraphQLBridgeSupport

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A WebSocket connector over POSIX sockets (RFC 6455, `ws://` only): subscriptions over a WebSocket on a platform
/// whose `URLSession` cannot open WebSockets (Linux, where swift-corelibs-foundation needs a libcurl built with
/// WebSocket support).
///
/// ```swift
/// let socketURL = URL(string: "ws://127.0.0.1:8080/graphql")!
/// let client = GraphQLHTTPClient(
///     endpoint: URL(string: "http://127.0.0.1:8080/graphql")!,
///     subscriptions: .webSocket(url: socketURL, connector: POSIXWebSocketConnector()))
/// ```
///
/// **No TLS.** It opens `ws://` URLs only: TLS on Linux needs a package from outside (Foundation has none for a
/// socket of one's own), and this library takes none. A `wss://` URL (or any other scheme) fails at once, before
/// any connection, with ``GraphQLWebSocketError`` of kind ``GraphQLWebSocketError/Kind-swift.enum/unavailable``,
/// which a subscription reports as ``APIError/webSocketUnavailable(operation:reason:)`` and does not try again. Use
/// it for a server on the same host or network (a local backend, a sidecar or a proxy that ends TLS), and
/// ``URLSessionWebSocketConnector`` where `URLSession` opens WebSockets (Apple platforms, and a `wss://` URL).
///
/// The handshake is checked (status 101, `Sec-WebSocket-Accept`, the subprotocol); a refused upgrade is reported
/// with its status. The opening handshake is bounded by the request's timeout. Each connection reads on a thread of
/// its own (never on Swift concurrency's pool); pings are answered; frames are masked; no extensions.
///
/// Memory is bounded: a message (its frames together) larger than `maximumMessageSize` fails the connection (close
/// code 1009), and the reader thread stops reading the socket while `maximumUnreadBytes` of messages wait to be
/// received (back-pressure: TCP's flow control holds the server back).
public final class POSIXWebSocketConnector: GraphQLWebSocketConnector, Sendable {
    /// The largest message accepted.
    public let maximumMessageSize: Int
    /// The most bytes of received messages held before the reader pauses.
    public let maximumUnreadBytes: Int

    /// Creates a connector.
    /// - Parameters:
    ///   - maximumMessageSize: the largest message accepted. Default 16 MiB.
    ///   - maximumUnreadBytes: the most bytes of messages held until received before reading pauses. Default 1 MiB.
    public init(maximumMessageSize: Int = 16 << 20, maximumUnreadBytes: Int = 1 << 20) {
        self.maximumMessageSize = max(1, maximumMessageSize)
        self.maximumUnreadBytes = max(1, maximumUnreadBytes)
    }

    /// Opens the socket and runs the opening handshake (on a thread of its own: the calls block).
    public func connect(_ request: HTTPRequest, subprotocols: [String]) async throws -> any GraphQLWebSocketConnection {
        try await withCheckedThrowingContinuation { continuation in
            let thread = Thread {
                do {
                    continuation.resume(
                        returning: try POSIXWebSocketConnection.open(
                            request, subprotocols: subprotocols, maximumMessageSize: self.maximumMessageSize,
                            maximumUnreadBytes: self.maximumUnreadBytes))
                } catch {
                    continuation.resume(throwing: error)
                }
            }
            thread.name = "POSIXWebSocketConnector.connect"
            thread.start()
        }
    }
}

/// An open WebSocket on a POSIX socket.
///
/// `@unchecked Sendable`: `descriptor` and `subprotocol` are constants; `closeSent` is a `Locked`, held while a frame
/// is written (so frames do not interleave); the reader thread owns the frame reader; the iterator is used by one
/// receiving task at a time (the protocol's rule) and behind a `Locked` for the rest (not `Sendable` itself, as an
/// async iterator is not).
final class POSIXWebSocketConnection: GraphQLWebSocketConnection, @unchecked Sendable {
    let descriptor: Int32
    let subprotocol: String?
    /// Whether the close frame was sent; held while a frame is written.
    private let closeSent = Locked(false)
    private let messages: AsyncThrowingStream<GraphQLWebSocketMessage, any Error>
    private let continuation: AsyncThrowingStream<GraphQLWebSocketMessage, any Error>.Continuation
    private let iterator: Locked<AsyncThrowingStream<GraphQLWebSocketMessage, any Error>.AsyncIterator?>
    private let maximumMessageSize: Int
    private let maximumUnreadBytes: Int
    /// The bytes of messages yielded and not received yet; the reader waits on it while it is over the limit.
    private let unread = NSCondition()
    private var unreadBytes = 0
    private var receiving = true

    private init(descriptor: Int32, subprotocol: String?, maximumMessageSize: Int, maximumUnreadBytes: Int) {
        self.descriptor = descriptor
        self.subprotocol = subprotocol
        self.maximumMessageSize = maximumMessageSize
        self.maximumUnreadBytes = maximumUnreadBytes
        // Unbounded in count, bounded in bytes: the reader waits while `maximumUnreadBytes` are unread.
        (messages, continuation) = AsyncThrowingStream.makeStream(bufferingPolicy: .unbounded)
        iterator = Locked(messages.makeAsyncIterator())
    }

    deinit {
        // The reader thread holds the connection until it ends: nothing uses the descriptor any more.
        _ = systemClose(descriptor)
    }

    /// Connects, runs the handshake and starts the reader thread.
    static func open(
        _ request: HTTPRequest, subprotocols: [String], maximumMessageSize: Int = 16 << 20,
        maximumUnreadBytes: Int = 1 << 20
    ) throws -> POSIXWebSocketConnection {
        let url = request.url
        guard url.scheme?.lowercased() == "ws", let host = url.host, !host.isEmpty else {
            throw GraphQLWebSocketError(.unavailable, unsupportedURLMessage(url))
        }
        let port = url.port ?? 80
        let descriptor = try connectSocket(host: host, port: port)
        do {
            var timeout = timeval()
            let milliseconds = max(1, Int(clamping: request.timeout.wholeMilliseconds))
            timeout.tv_sec = milliseconds / 1000
            timeout.tv_usec = .init(milliseconds % 1000 * 1000)
            _ = setsockopt(descriptor, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
            let key = Data((0..<16).map { _ in UInt8.random(in: 0...255) }).base64EncodedString()
            var path = url.path.isEmpty ? "/" : url.path
            if let query = url.query { path += "?" + query }
            var head = "GET \(path) HTTP/1.1\r\nHost: \(host):\(port)\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
            head += "Sec-WebSocket-Key: \(key)\r\nSec-WebSocket-Version: 13\r\n"
            if !subprotocols.isEmpty { head += "Sec-WebSocket-Protocol: \(subprotocols.joined(separator: ", "))\r\n" }
            for (name, value) in request.headers { head += "\(name): \(value)\r\n" }
            head += "\r\n"
            guard writeAll(descriptor, Array(head.utf8)) else {
                throw TransportError(.connection, "the connection closed while sending the WebSocket handshake")
            }
            var received: [UInt8] = []
            var headEnd: Int?
            while headEnd == nil {
                var chunk = [UInt8](repeating: 0, count: 4096)
                let count = chunk.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
                guard count > 0 else {
                    throw TransportError(
                        count == 0 ? .connection : .timedOut,
                        "no WebSocket handshake response (\(count == 0 ? "connection closed" : "timed out"))")
                }
                received += chunk[0..<count]
                headEnd = findHeadEnd(received)
                guard received.count < 64 * 1024 else {
                    throw GraphQLWebSocketError(.protocolViolation, "the handshake response's head exceeds 64 KB")
                }
            }
            guard let end = headEnd else { throw TransportError(.connection, "no handshake response") }
            let lines = String(decoding: received[0..<end], as: UTF8.self).components(separatedBy: "\r\n")
            let status = lines.first.flatMap { line -> Int? in
                let parts = line.split(separator: " ")
                return parts.count >= 2 ? Int(parts[1]) : nil
            }
            var headers: [String: String] = [:]
            var responseHeaders = HTTPHeaders()
            for line in lines.dropFirst() {
                guard let colon = line.firstIndex(of: ":") else { continue }
                let value = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
                headers[line[..<colon].lowercased()] = value
                responseHeaders[String(line[..<colon])] = value
            }
            guard let status else {
                throw GraphQLWebSocketError(.protocolViolation, "the handshake response has no status")
            }
            guard status == 101 else {
                var body = Array(received[end...])
                let length = Int(headers["content-length"] ?? "") ?? 0
                while body.count < min(length, 64 * 1024) {
                    var chunk = [UInt8](repeating: 0, count: 4096)
                    let count = chunk.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
                    guard count > 0 else { break }
                    body += chunk[0..<count]
                }
                throw GraphQLWebSocketError(
                    .upgradeRefused(status: status), String(decoding: body, as: UTF8.self),
                    responseHeaders: responseHeaders)
            }
            let expected = Data(SHA1.digest(Array((key + "258EAFA5-E914-47DA-95CA-C5AB0DC85B11").utf8)))
                .base64EncodedString()
            guard headers["sec-websocket-accept"] == expected else {
                throw GraphQLWebSocketError(.protocolViolation, "Sec-WebSocket-Accept is not the key's answer")
            }
            let chosen = headers["sec-websocket-protocol"]
            if let chosen, !subprotocols.contains(chosen) {
                throw GraphQLWebSocketError(
                    .protocolViolation, "the server chose a subprotocol not asked for: \(chosen)")
            }
            if !subprotocols.isEmpty, chosen == nil {
                throw GraphQLWebSocketError(.protocolViolation, "the server accepted none of \(subprotocols)")
            }
            var none = timeval()
            _ = setsockopt(descriptor, SOL_SOCKET, SO_RCVTIMEO, &none, socklen_t(MemoryLayout<timeval>.size))
            let connection = POSIXWebSocketConnection(
                descriptor: descriptor, subprotocol: chosen, maximumMessageSize: maximumMessageSize,
                maximumUnreadBytes: maximumUnreadBytes)
            connection.startReading(leftover: Array(received[end...]))
            return connection
        } catch {
            _ = systemClose(descriptor)
            throw error
        }
    }

    func send(text: String) async throws {
        try sendFrame(opcode: 1, payload: Array(text.utf8))
    }

    func receive() async throws -> GraphQLWebSocketMessage {
        var iterator = self.iterator.value
        defer { self.iterator.withLock { $0 = iterator } }
        guard let message = try await iterator?.next() else {
            throw GraphQLWebSocketError(.closed(code: 1006), "the connection ended")
        }
        noteReceived(Self.size(of: message))
        return message
    }

    func close(code: Int, reason: String) async {
        sendClose(code: code, reason: reason)
        _ = systemShutdown(descriptor)
        stopWaiting()
    }

    private static func size(of message: GraphQLWebSocketMessage) -> Int {
        switch message {
        case .text(let text): return text.utf8.count
        case .binary(let data): return data.count
        }
    }

    /// Hands a message to the receiver; waits (the socket unread) while too many bytes are unread.
    private func deliver(_ message: GraphQLWebSocketMessage) {
        let size = Self.size(of: message)
        unread.lock()
        unreadBytes += size
        unread.unlock()
        continuation.yield(message)
        unread.lock()
        while receiving, unreadBytes > maximumUnreadBytes { unread.wait() }
        unread.unlock()
    }

    /// The receiver took a message: the reader may go on.
    private func noteReceived(_ size: Int) {
        unread.lock()
        unreadBytes -= size
        unread.signal()
        unread.unlock()
    }

    private func stopWaiting() {
        unread.lock()
        receiving = false
        unread.broadcast()
        unread.unlock()
    }

    private func sendClose(code: Int, reason: String) {
        let payload =
            [UInt8(truncatingIfNeeded: code >> 8), UInt8(truncatingIfNeeded: code)] + Array(reason.utf8.prefix(120))
        closeSent.withLock { closeSent in
            guard !closeSent else { return }
            closeSent = true
            _ = Self.writeAll(descriptor, WebSocketFrame.encode(opcode: 8, payload: payload, mask: Self.randomMask()))
        }
    }

    private func sendFrame(opcode: UInt8, payload: [UInt8]) throws {
        let frame = WebSocketFrame.encode(opcode: opcode, payload: payload, mask: Self.randomMask())
        let sent = closeSent.withLock { closeSent -> Bool in
            guard !closeSent else { return false }
            return Self.writeAll(descriptor, frame)
        }
        guard sent else { throw GraphQLWebSocketError(.closed(code: 1006), "the socket is closed") }
    }

    private static func randomMask() -> [UInt8] { (0..<4).map { _ in UInt8.random(in: 0...255) } }

    /// Reads frames on a thread of its own until the socket ends.
    private func startReading(leftover: [UInt8]) {
        let thread = Thread { [self] in
            var reader = WebSocketFrameReader(maximumPayload: maximumMessageSize)
            var fragments: [UInt8] = []
            var fragmentOpcode: UInt8 = 0
            var pending = leftover
            while true {
                let frames: [WebSocketFrame]
                do throws(WebSocketFrameReader.Malformed) {
                    frames = try reader.feed(pending)
                } catch {
                    continuation.finish(throwing: GraphQLWebSocketError(.protocolViolation, error.message))
                    return
                }
                for frame in frames {
                    switch frame.opcode {
                    case 0, 1, 2:
                        if frame.opcode != 0 {
                            fragmentOpcode = frame.opcode
                            fragments = []
                        }
                        guard fragments.count + frame.payload.count <= maximumMessageSize else {
                            let reason = "a message exceeds \(maximumMessageSize) bytes"
                            sendClose(code: 1009, reason: reason)
                            continuation.finish(throwing: GraphQLWebSocketError(.closed(code: 1009), reason))
                            _ = systemShutdown(descriptor)
                            return
                        }
                        fragments += frame.payload
                        guard frame.isFinal else { continue }
                        deliver(
                            fragmentOpcode == 1
                                ? .text(String(decoding: fragments, as: UTF8.self)) : .binary(Data(fragments)))
                        fragments = []
                    case 8:
                        let code = frame.payload.count >= 2 ? Int(frame.payload[0]) << 8 | Int(frame.payload[1]) : 1005
                        let reason = frame.payload.count > 2 ? String(decoding: frame.payload[2...], as: UTF8.self) : ""
                        sendClose(code: code == 1005 ? 1000 : code, reason: "")
                        continuation.finish(throwing: GraphQLWebSocketError(.closed(code: code), reason))
                        _ = systemShutdown(descriptor)
                        return
                    case 9:
                        try? sendFrame(opcode: 10, payload: frame.payload)
                    default:
                        continue
                    }
                }
                var chunk = [UInt8](repeating: 0, count: 16 * 1024)
                let count = chunk.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
                if count <= 0 {
                    if count < 0, errno == EINTR {
                        pending = []
                        continue
                    }
                    continuation.finish(throwing: GraphQLWebSocketError(.closed(code: 1006), "the connection was lost"))
                    return
                }
                pending = Array(chunk[0..<count])
            }
        }
        thread.name = "POSIXWebSocketConnection.read"
        thread.start()
    }

    // MARK: - Sockets

    private static func connectSocket(host: String, port: Int) throws -> Int32 {
        var hints = addrinfo()
        hints.ai_family = AF_UNSPEC
        #if canImport(Glibc)
            hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        #else
            hints.ai_socktype = SOCK_STREAM
        #endif
        var results: UnsafeMutablePointer<addrinfo>?
        let status = getaddrinfo(host, String(port), &hints, &results)
        guard status == 0, let first = results else {
            throw TransportError(.connection, "cannot resolve \(host)", requestCertainlyNotSent: true)
        }
        defer { freeaddrinfo(results) }
        var lastError: Int32 = 0
        var entry: UnsafeMutablePointer<addrinfo>? = first
        while let current = entry {
            let descriptor = socket(current.pointee.ai_family, current.pointee.ai_socktype, current.pointee.ai_protocol)
            if descriptor >= 0 {
                if systemConnect(descriptor, current.pointee.ai_addr, current.pointee.ai_addrlen) == 0 {
                    var one: Int32 = 1
                    _ = setsockopt(
                        descriptor, Int32(IPPROTO_TCP), TCP_NODELAY, &one, socklen_t(MemoryLayout<Int32>.size))
                    #if canImport(Darwin)
                        _ = setsockopt(descriptor, SOL_SOCKET, SO_NOSIGPIPE, &one, socklen_t(MemoryLayout<Int32>.size))
                    #endif
                    return descriptor
                }
                lastError = errno
                _ = systemClose(descriptor)
            }
            entry = current.pointee.ai_next
        }
        throw TransportError(
            .connection, "cannot connect to \(host):\(port) (errno \(lastError))", requestCertainlyNotSent: true)
    }

    private static func writeAll(_ descriptor: Int32, _ bytes: [UInt8]) -> Bool {
        #if canImport(Glibc)
            let flags = Int32(MSG_NOSIGNAL)
        #else
            let flags: Int32 = 0
        #endif
        var offset = 0
        return bytes.withUnsafeBytes { raw in
            while offset < raw.count {
                let sent = systemSend(descriptor, raw.baseAddress.map { $0 + offset }, raw.count - offset, flags)
                if sent > 0 {
                    offset += sent
                } else if sent < 0, errno == EINTR {
                    continue
                } else {
                    return false
                }
            }
            return true
        }
    }

    private static func findHeadEnd(_ bytes: [UInt8]) -> Int? {
        guard bytes.count >= 4 else { return nil }
        for index in 0...(bytes.count - 4)
        where bytes[index] == 0x0D && bytes[index + 1] == 0x0A && bytes[index + 2] == 0x0D && bytes[index + 3] == 0x0A {
            return index + 4
        }
        return nil
    }
}

/// Why `url` cannot be opened by `POSIXWebSocketConnector`: what it opens and, for `wss://`, why not TLS.
private func unsupportedURLMessage(_ url: URL) -> String {
    switch url.scheme?.lowercased() {
    case "wss":
        return "POSIXWebSocketConnector opens ws:// URLs only (no TLS: it would need a package from outside), not "
            + "\(url); use URLSessionWebSocketConnector where URLSession opens WebSockets, or a ws:// URL"
    case "ws":
        return "the WebSocket URL \(url) has no host"
    default:
        return "POSIXWebSocketConnector opens ws:// URLs only, not \(url)"
    }
}

private func systemConnect(_ descriptor: Int32, _ address: UnsafeMutablePointer<sockaddr>?, _ length: socklen_t)
    -> Int32
{
    #if canImport(Glibc)
        return Glibc.connect(descriptor, address, length)
    #else
        return Darwin.connect(descriptor, address, length)
    #endif
}

private func systemClose(_ descriptor: Int32) -> Int32 {
    #if canImport(Glibc)
        return Glibc.close(descriptor)
    #else
        return Darwin.close(descriptor)
    #endif
}

private func systemShutdown(_ descriptor: Int32) -> Int32 {
    #if canImport(Glibc)
        return Glibc.shutdown(descriptor, Int32(SHUT_RDWR))
    #else
        return Darwin.shutdown(descriptor, SHUT_RDWR)
    #endif
}

private func systemSend(_ descriptor: Int32, _ buffer: UnsafeRawPointer?, _ count: Int, _ flags: Int32) -> Int {
    #if canImport(Glibc)
        return Glibc.send(descriptor, buffer, count, flags)
    #else
        return Darwin.send(descriptor, buffer, count, flags)
    #endif
}
