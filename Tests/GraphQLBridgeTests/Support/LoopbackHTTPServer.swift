import Foundation
import GraphQLBridgeSupport
import RuntimeTestSupport

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// A tiny HTTP/1.1 server on 127.0.0.1 (an ephemeral port) for testing ``URLSessionTransport`` against a
/// real socket. Every connection gets the same ``Behavior``; each is served on its own thread and closed
/// after one exchange. Call ``stop()`` when done.
final class LoopbackHTTPServer: @unchecked Sendable {
    /// What the server does with each request.
    enum Behavior: Sendable {
        /// Answers with `status`, `headers` (plus `Content-Length` and `Connection: close`) and `body`.
        case respond(status: Int, headers: [String: String], body: Data)
        /// Announces `Content-Length: contentLength`, then sends that many bytes in 64 KiB writes.
        case announce(contentLength: Int)
        /// Sends `totalBytes` in `Transfer-Encoding: chunked` chunks of `chunkSize`, without a length,
        /// pausing `pause` after each chunk; stops when the client leaves.
        case stream(totalBytes: Int, chunkSize: Int, pause: Duration = .zero)
        /// Waits `delay`, then answers 200 with `body` (JSON).
        case delayed(Duration, body: Data)
        /// A `text/event-stream` of `next` events of about `eventSize` bytes each (`{"data":{"tick":n}}` padded in
        /// `extensions`), `totalBytes` in all, then `complete`; stops when the client leaves.
        case eventStream(totalBytes: Int, eventSize: Int)
        /// Reads the request and never answers; the connection stays open until the client leaves or the
        /// server stops.
        case neverAnswer
    }

    /// A request as the server read it.
    struct ReceivedRequest: Sendable {
        /// `POST`.
        var method: String
        /// `/graphql`.
        var target: String
        /// Header fields as sent, in order.
        var headers: [(name: String, value: String)]
        /// The body.
        var body: Data

        /// The first field of that name, compared case-insensitively.
        func header(_ name: String) -> String? {
            headers.first { $0.name.lowercased() == name.lowercased() }?.value
        }
    }

    struct SocketError: Error, CustomStringConvertible {
        var description: String
    }

    /// The port the server listens on.
    let port: UInt16
    private let behavior: Behavior
    private let listener: Int32
    private struct State {
        var stopped = false
        var received: [ReceivedRequest] = []
        var bytesWritten = 0
        var ended = 0
    }

    private let state = Locked(State())

    /// Starts listening on 127.0.0.1 with an ephemeral port (or only binds it, when `listening` is `false`).
    init(_ behavior: Behavior, listening: Bool = true) throws {
        self.behavior = behavior
        #if canImport(Darwin)
            let descriptor = socket(AF_INET, SOCK_STREAM, 0)
        #else
            let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        #endif
        guard descriptor >= 0 else { throw SocketError(description: "socket() failed: errno \(errno)") }
        var yes: Int32 = 1
        setsockopt(descriptor, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
        var address = sockaddr_in()
        #if canImport(Darwin)
            address.sin_len = UInt8(MemoryLayout<sockaddr_in>.size)
        #endif
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = 0
        address.sin_addr = in_addr(s_addr: UInt32(0x7F00_0001).bigEndian)
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard bound == 0, !listening || listen(descriptor, 16) == 0 else {
            close(descriptor)
            throw SocketError(description: "bind/listen failed: errno \(errno)")
        }
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let named = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(descriptor, $0, &length) }
        }
        guard named == 0 else {
            close(descriptor)
            throw SocketError(description: "getsockname failed: errno \(errno)")
        }
        self.listener = descriptor
        self.port = UInt16(bigEndian: address.sin_port)
        guard listening else {
            close(descriptor)
            return
        }
        let thread = Thread { [self] in acceptLoop() }
        thread.start()
    }

    /// A port on 127.0.0.1 on which nothing listens (it was bound for a moment, then closed).
    static func closedPort() throws -> UInt16 {
        let server = try LoopbackHTTPServer(.neverAnswer, listening: false)
        server.stop()
        return server.port
    }

    /// `http://127.0.0.1:<port>/graphql`.
    var url: URL {
        get throws {
            guard let url = URL(string: "http://127.0.0.1:\(port)/graphql") else {
                throw SocketError(description: "no URL for port \(port)")
            }
            return url
        }
    }

    /// The requests read so far.
    var requests: [ReceivedRequest] { state.withLock { $0.received } }

    /// How many body bytes the server has written so far.
    var bodyBytesWritten: Int { state.withLock { $0.bytesWritten } }

    /// How many connections the server has finished with (answered, or found that the client left).
    var endedConnections: Int { state.withLock { $0.ended } }

    /// Stops accepting and ends every connection within a few tens of milliseconds.
    func stop() {
        state.withLock { $0.stopped = true }
    }

    /// Waits (``waitUntil(_:interval:_:)``) until `count` requests have been read; `false` when the wait ended first.
    func waitForRequests(_ count: Int = 1) async -> Bool {
        (try? await waitUntil("\(count) requests read") { self.requests.count >= count }) != nil
    }

    /// Waits (``waitUntil(_:interval:_:)``) until the server has finished with `count` connections; `false` when
    /// the wait ended first.
    func waitForEndedConnections(_ count: Int = 1) async -> Bool {
        (try? await waitUntil("\(count) connections ended") { self.endedConnections >= count }) != nil
    }

    private var isStopped: Bool { state.withLock { $0.stopped } }

    private func acceptLoop() {
        defer { close(listener) }
        while !isStopped {
            guard wait(for: listener, milliseconds: 20) else { continue }
            let connection = accept(listener, nil, nil)
            guard connection >= 0 else { continue }
            #if canImport(Darwin)
                var yes: Int32 = 1
                setsockopt(connection, SOL_SOCKET, SO_NOSIGPIPE, &yes, socklen_t(MemoryLayout<Int32>.size))
            #endif
            let thread = Thread { [self] in
                serve(connection)
                close(connection)
                state.withLock { $0.ended += 1 }
            }
            thread.start()
        }
    }

    /// Whether `descriptor` became readable (or closed) within `milliseconds`.
    private func wait(for descriptor: Int32, milliseconds: Int32) -> Bool {
        var entry = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
        return poll(&entry, 1, milliseconds) > 0
    }

    private func serve(_ connection: Int32) {
        guard let request = readRequest(connection) else { return }
        state.withLock { $0.received.append(request) }
        switch behavior {
        case .respond(let status, let headers, let body):
            var head = "HTTP/1.1 \(status) \(Self.reason(status))\r\n"
            for (name, value) in headers.sorted(by: { $0.key < $1.key }) { head += "\(name): \(value)\r\n" }
            head += "Content-Length: \(body.count)\r\nConnection: close\r\n\r\n"
            _ = write(Data(head.utf8), to: connection) && write(body, to: connection)
        case .announce(let contentLength):
            let head =
                "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: \(contentLength)\r\n"
                + "Connection: close\r\n\r\n"
            guard write(Data(head.utf8), to: connection) else { return }
            var remaining = contentLength
            let chunk = Data(repeating: UInt8(ascii: " "), count: 64 * 1024)
            while remaining > 0, !isStopped {
                let part = chunk.prefix(remaining)
                guard write(part, to: connection) else { return }
                state.withLock { $0.bytesWritten += part.count }
                remaining -= part.count
            }
        case .stream(let totalBytes, let chunkSize, let pause):
            let head =
                "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n"
                + "Connection: close\r\n\r\n"
            guard write(Data(head.utf8), to: connection) else { return }
            var remaining = totalBytes
            let chunk = Data(repeating: UInt8(ascii: " "), count: chunkSize)
            while remaining > 0, !isStopped {
                let part = chunk.prefix(remaining)
                let framed = Data(String(part.count, radix: 16).utf8) + Data("\r\n".utf8) + part + Data("\r\n".utf8)
                guard write(framed, to: connection) else { return }
                state.withLock { $0.bytesWritten += part.count }
                remaining -= part.count
                if pause > .zero {
                    Thread.sleep(forTimeInterval: pause.timeInterval)
                }
            }
            _ = write(Data("0\r\n\r\n".utf8), to: connection)
        case .eventStream(let totalBytes, let eventSize):
            let head =
                "HTTP/1.1 200 OK\r\nContent-Type: text/event-stream\r\nTransfer-Encoding: chunked\r\n"
                + "Connection: close\r\n\r\n"
            guard write(Data(head.utf8), to: connection) else { return }
            let padding = String(repeating: "x", count: max(0, eventSize - 80))
            var sent = 0
            var tick = 0
            while sent < totalBytes, !isStopped {
                tick += 1
                let event = Data(
                    "event: next\ndata: {\"data\":{\"tick\":\(tick)},\"extensions\":{\"pad\":\"\(padding)\"}}\n\n".utf8)
                let framed =
                    Data(String(event.count, radix: 16).utf8) + Data("\r\n".utf8) + event + Data("\r\n".utf8)
                guard write(framed, to: connection) else { return }
                state.withLock { $0.bytesWritten += event.count }
                sent += event.count
            }
            let complete = Data("event: complete\ndata:\n\n".utf8)
            _ =
                write(
                    Data(String(complete.count, radix: 16).utf8) + Data("\r\n".utf8) + complete
                        + Data("\r\n0\r\n\r\n".utf8), to: connection)
        case .delayed(let delay, let body):
            Thread.sleep(forTimeInterval: delay.timeInterval)
            let head =
                "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: \(body.count)\r\n"
                + "Connection: close\r\n\r\n"
            _ = write(Data(head.utf8), to: connection) && write(body, to: connection)
        case .neverAnswer:
            var buffer = [UInt8](repeating: 0, count: 1024)
            while !isStopped {
                guard wait(for: connection, milliseconds: 20) else { continue }
                if recv(connection, &buffer, buffer.count, 0) <= 0 { return }  // the client left
            }
        }
    }

    /// Reads the request line, the header fields and a `Content-Length` body.
    private func readRequest(_ connection: Int32) -> ReceivedRequest? {
        var bytes = Data()
        var buffer = [UInt8](repeating: 0, count: 16 * 1024)
        let separator = Data("\r\n\r\n".utf8)
        var headEnd: Range<Data.Index>?
        var contentLength = 0
        while !isStopped {
            if headEnd == nil, let range = bytes.range(of: separator) {
                headEnd = range
                let head = String(decoding: bytes[..<range.lowerBound], as: UTF8.self)
                for line in head.split(separator: "\r\n").dropFirst() {
                    let parts = line.split(separator: ":", maxSplits: 1)
                    guard parts.count == 2 else { continue }
                    let value = parts[1].trimmingCharacters(in: .whitespaces)
                    switch parts[0].lowercased() {
                    case "content-length": contentLength = Int(value) ?? 0
                    case "expect" where value.lowercased() == "100-continue":
                        _ = write(Data("HTTP/1.1 100 Continue\r\n\r\n".utf8), to: connection)
                    default: break
                    }
                }
            }
            if let headEnd, bytes.count - headEnd.upperBound >= contentLength {
                return Self.parse(bytes, headEnd: headEnd, contentLength: contentLength)
            }
            guard wait(for: connection, milliseconds: 20) else { continue }
            let count = recv(connection, &buffer, buffer.count, 0)
            guard count > 0 else { return nil }
            bytes.append(contentsOf: buffer[0..<count])
        }
        return nil
    }

    private static func parse(_ bytes: Data, headEnd: Range<Data.Index>, contentLength: Int) -> ReceivedRequest? {
        let head = String(decoding: bytes[..<headEnd.lowerBound], as: UTF8.self)
        var lines = head.split(separator: "\r\n", omittingEmptySubsequences: false).map(String.init)
        guard !lines.isEmpty else { return nil }
        let requestLine = lines.removeFirst().split(separator: " ")
        guard requestLine.count >= 2 else { return nil }
        let headers = lines.compactMap { line -> (name: String, value: String)? in
            let parts = line.split(separator: ":", maxSplits: 1)
            guard parts.count == 2 else { return nil }
            return (String(parts[0]), parts[1].trimmingCharacters(in: .whitespaces))
        }
        let body = bytes[headEnd.upperBound..<(headEnd.upperBound + contentLength)]
        return ReceivedRequest(
            method: String(requestLine[0]), target: String(requestLine[1]), headers: headers, body: Data(body))
    }

    /// Writes all of `data`; `false` when the connection failed (the client left).
    private func write(_ data: Data, to connection: Int32) -> Bool {
        #if canImport(Darwin)
            let flags: Int32 = 0
        #else
            let flags = Int32(MSG_NOSIGNAL)
        #endif
        return data.withUnsafeBytes { raw -> Bool in
            guard let base = raw.baseAddress else { return true }
            var offset = 0
            while offset < raw.count {
                let sent = send(connection, base + offset, raw.count - offset, flags)
                if sent <= 0 { return false }
                offset += sent
            }
            return true
        }
    }

    private static func reason(_ status: Int) -> String {
        switch status {
        case 200: return "OK"
        case 400: return "Bad Request"
        case 401: return "Unauthorized"
        case 500: return "Internal Server Error"
        default: return "Status"
        }
    }
}
