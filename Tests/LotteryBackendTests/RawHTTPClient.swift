import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A bare TCP client for protocol-level tests (pipelining, chunked bodies, malformed requests) that
/// `URLSession` cannot send.
final class RawHTTPClient {
    enum RawError: Error {
        case connectFailed(Int32)
        case sendFailed
    }

    /// One response read off the wire.
    struct Response {
        let status: Int
        let headers: [String: String]
        let body: [UInt8]

        var text: String { String(decoding: body, as: UTF8.self) }
    }

    private let descriptor: Int32
    private var buffer: [UInt8] = []

    /// Connects to 127.0.0.1:`port` with a 5 s receive timeout.
    init(port: UInt16) throws {
        #if canImport(Glibc)
            descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        #else
            descriptor = socket(AF_INET, SOCK_STREAM, 0)
        #endif
        guard descriptor >= 0 else { throw RawError.connectFailed(errno) }
        var timeout = timeval()
        timeout.tv_sec = 5
        _ = setsockopt(descriptor, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        var address = sockaddr_in()
        #if canImport(Darwin)
            address.sin_len = UInt8(MemoryLayout<sockaddr_in>.size)
            var one: Int32 = 1
            _ = setsockopt(descriptor, SOL_SOCKET, SO_NOSIGPIPE, &one, socklen_t(MemoryLayout<Int32>.size))
        #endif
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        address.sin_addr.s_addr = UInt32(0x7F00_0001).bigEndian
        let result = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard result == 0 else {
            let code = errno
            close(descriptor)
            throw RawError.connectFailed(code)
        }
    }

    deinit {
        close(descriptor)
    }

    /// Sends raw bytes.
    func send(_ text: String) throws {
        try send(Array(text.utf8))
    }

    /// Sends raw bytes.
    func send(_ bytes: [UInt8]) throws {
        #if canImport(Glibc)
            let flags = Int32(MSG_NOSIGNAL)
        #else
            let flags: Int32 = 0
        #endif
        var offset = 0
        try bytes.withUnsafeBytes { raw in
            while offset < raw.count {
                let sent = systemSend(descriptor, raw.baseAddress.map { $0 + offset }, raw.count - offset, flags)
                guard sent > 0 else { throw RawError.sendFailed }
                offset += sent
            }
        }
    }

    /// Reads more bytes; `false` on end of stream, timeout or error.
    private func fill() -> Bool {
        var chunk = [UInt8](repeating: 0, count: 65_536)
        let count = chunk.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
        guard count > 0 else { return false }
        buffer.append(contentsOf: chunk[0..<count])
        return true
    }

    /// Whether the server closed the connection (reads until end of stream or the timeout).
    func isClosedByServer() -> Bool {
        while true {
            var chunk = [UInt8](repeating: 0, count: 4_096)
            let count = chunk.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
            if count == 0 { return true }
            if count < 0 { return errno == ECONNRESET }
        }
    }

    /// Reads one response (head and a `Content-Length` body; no body for `HEAD`); `nil` when the connection
    /// ends first.
    func readResponse(isHead: Bool = false) -> Response? {
        var headEnd: Int?
        while headEnd == nil {
            if let range = findHeadEnd() {
                headEnd = range
            } else if !fill() {
                return nil
            }
        }
        guard let end = headEnd else { return nil }
        let head = String(decoding: buffer[0..<end], as: UTF8.self)
        var lines = head.components(separatedBy: "\r\n").filter { !$0.isEmpty }
        guard !lines.isEmpty else { return nil }
        let statusLine = lines.removeFirst().split(separator: " ")
        guard statusLine.count >= 2, let status = Int(statusLine[1]) else { return nil }
        var headers: [String: String] = [:]
        for line in lines {
            guard let colon = line.firstIndex(of: ":") else { continue }
            headers[line[..<colon].lowercased()] = line[line.index(after: colon)...]
                .trimmingCharacters(in: .whitespaces)
        }
        let length = isHead || status == 100 ? 0 : Int(headers["content-length"] ?? "0") ?? 0
        while buffer.count < end + length {
            guard fill() else { return nil }
        }
        let body = Array(buffer[end..<(end + length)])
        buffer.removeFirst(end + length)
        return Response(status: status, headers: headers, body: body)
    }

    private func findHeadEnd() -> Int? {
        guard buffer.count >= 4 else { return nil }
        for index in 0...(buffer.count - 4)
        where buffer[index] == 13 && buffer[index + 1] == 10 && buffer[index + 2] == 13 && buffer[index + 3] == 10 {
            return index + 4
        }
        return nil
    }
}

private func systemSend(
    _ descriptor: Int32, _ pointer: UnsafeRawPointer?, _ count: Int, _ flags: Int32
) -> Int {
    #if canImport(Glibc)
        return Glibc.send(descriptor, pointer, count, flags)
    #else
        return Darwin.send(descriptor, pointer, count, flags)
    #endif
}
