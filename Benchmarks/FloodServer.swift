import Foundation
import GraphQLBridgeSupport

#if canImport(Glibc)
    import Glibc
#endif

/// For the `streams` benchmark: an HTTP/1.1 server on 127.0.0.1 that answers its first request with a
/// `text/event-stream` of `next` events (16 KiB each) until `totalBytes`, then `complete` (or, `multipart`, a
/// `multipart/mixed` stream of `payload` parts of 16 KiB, then the final boundary), on a thread of its own; counts
/// the bytes it wrote (a write blocks while the client does not read: TCP's flow control).
final class FloodServer: Sendable {
    struct Failure: Error {}

    let port: UInt16
    let totalBytes: Int
    let multipart: Bool
    private let listener: Int32
    private let written = Locked(0)
    private let stopped = Locked(false)

    var bytesWritten: Int { written.value }

    init(totalBytes: Int, multipart: Bool = false) throws {
        self.totalBytes = totalBytes
        self.multipart = multipart
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard descriptor >= 0 else { throw Failure() }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = 0
        address.sin_addr = in_addr(s_addr: UInt32(0x7F00_0001).bigEndian)
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let named = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(descriptor, $0, &length) }
        }
        guard bound == 0, listen(descriptor, 4) == 0, named == 0 else {
            close(descriptor)
            throw Failure()
        }
        listener = descriptor
        port = UInt16(bigEndian: address.sin_port)
        let thread = Thread { [self] in serve() }
        thread.start()
    }

    func stop() {
        stopped.withLock { $0 = true }
        shutdown(listener, Int32(SHUT_RDWR))
    }

    private func serve() {
        let connection = accept(listener, nil, nil)
        guard connection >= 0 else { return }
        defer { close(connection) }
        // The request's head (the body is small and ignored).
        var received: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while !received.suffix(4).elementsEqual([13, 10, 13, 10]) {
            let count = recv(connection, &buffer, 1, 0)
            guard count > 0 else { return }
            received.append(buffer[0])
        }
        let contentType =
            multipart ? "multipart/mixed;boundary=\"graphql\";subscriptionSpec=\"1.0\"" : "text/event-stream"
        guard
            write(
                Data("HTTP/1.1 200 OK\r\nContent-Type: \(contentType)\r\nTransfer-Encoding: chunked\r\n\r\n".utf8),
                connection)
        else { return }
        let preamble = Data("\r\n--graphql".utf8)
        let framedPreamble =
            Data(String(preamble.count, radix: 16).utf8) + Data("\r\n".utf8) + preamble + Data("\r\n".utf8)
        if multipart, !write(framedPreamble, connection) { return }
        let padding = String(repeating: "x", count: 16 * 1024 - 80)
        var sent = 0
        var tick = 0
        while sent < totalBytes, !stopped.value {
            tick += 1
            let payload = "{\"data\":{\"tick\":\(tick)},\"extensions\":{\"pad\":\"\(padding)\"}}"
            let event =
                multipart
                ? Data("\r\ncontent-type: application/json\r\n\r\n{\"payload\":\(payload)}\r\n--graphql".utf8)
                : Data("event: next\ndata: \(payload)\n\n".utf8)
            let framed = Data(String(event.count, radix: 16).utf8) + Data("\r\n".utf8) + event + Data("\r\n".utf8)
            guard write(framed, connection) else { return }
            sent += event.count
            written.withLock { $0 = sent }
        }
        let complete = multipart ? Data("--\r\n".utf8) : Data("event: complete\ndata:\n\n".utf8)
        _ = write(
            Data(String(complete.count, radix: 16).utf8) + Data("\r\n".utf8) + complete + Data("\r\n0\r\n\r\n".utf8),
            connection)
    }

    private func write(_ data: Data, _ connection: Int32) -> Bool {
        data.withUnsafeBytes { raw in
            var offset = 0
            while offset < raw.count {
                let count = send(
                    connection, raw.baseAddress.map { $0 + offset }, raw.count - offset, Int32(MSG_NOSIGNAL))
                if count < 0, errno == EINTR { continue }
                guard count > 0 else { return false }
                offset += count
            }
            return true
        }
    }
}
