#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Thin, typed wrappers over the POSIX socket calls the server uses (Glibc on Linux, Darwin on Apple).
package enum POSIXSocket {
    /// The outcome of a blocking read.
    package enum ReadResult {
        /// Some bytes arrived.
        case bytes(Int)
        /// The peer closed its side.
        case closed
        /// `SO_RCVTIMEO` elapsed with nothing read.
        case timedOut
        /// Any other failure (reset, shut down by `stop()`).
        case failed
    }

    /// Creates a socket listening on 127.0.0.1:`port` (0: the kernel picks), returns it and the bound port.
    package static func listen(port: UInt16, backlog: Int32 = 128) throws -> (descriptor: Int32, port: UInt16) {
        #if canImport(Glibc)
            let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        #else
            let descriptor = socket(AF_INET, SOCK_STREAM, 0)
        #endif
        guard descriptor >= 0 else { throw EmbeddedServerError.socketCallFailed(call: "socket", errno: errno) }
        setCloseOnExec(descriptor)
        var reuse: Int32 = 1
        _ = setsockopt(descriptor, SOL_SOCKET, SO_REUSEADDR, &reuse, socklen_t(MemoryLayout<Int32>.size))
        var address = sockaddr_in()
        #if canImport(Darwin)
            address.sin_len = UInt8(MemoryLayout<sockaddr_in>.size)
        #endif
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        address.sin_addr.s_addr = UInt32(0x7F00_0001).bigEndian
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard bound == 0 else {
            let code = errno
            close(descriptor)
            throw EmbeddedServerError.bindFailed(port: port, errno: code)
        }
        guard systemListen(descriptor, backlog) == 0 else {
            let code = errno
            close(descriptor)
            throw EmbeddedServerError.socketCallFailed(call: "listen", errno: code)
        }
        var boundAddress = sockaddr_in()
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let named = withUnsafeMutablePointer(to: &boundAddress) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(descriptor, $0, &length) }
        }
        guard named == 0 else {
            let code = errno
            close(descriptor)
            throw EmbeddedServerError.socketCallFailed(call: "getsockname", errno: code)
        }
        return (descriptor, UInt16(bigEndian: boundAddress.sin_port))
    }

    /// A pipe used to wake the accept loop: (read end, write end).
    package static func makePipe() throws -> (read: Int32, write: Int32) {
        var ends: [Int32] = [-1, -1]
        guard pipe(&ends) == 0 else { throw EmbeddedServerError.socketCallFailed(call: "pipe", errno: errno) }
        setCloseOnExec(ends[0])
        setCloseOnExec(ends[1])
        return (ends[0], ends[1])
    }

    /// Waits until the listening socket has a connection (`true`) or the wake pipe is readable (`false`).
    package static func waitForConnection(listening: Int32, wake: Int32) -> Bool {
        var descriptors = [
            pollfd(fd: listening, events: Int16(POLLIN), revents: 0),
            pollfd(fd: wake, events: Int16(POLLIN), revents: 0),
        ]
        while true {
            let ready = poll(&descriptors, nfds_t(descriptors.count), -1)
            if ready < 0 {
                if errno == EINTR { continue }
                return false
            }
            if descriptors[1].revents != 0 { return false }
            if descriptors[0].revents & Int16(POLLIN) != 0 { return true }
            if descriptors[0].revents != 0 { return false }
        }
    }

    /// Accepts one connection; `nil` when there was none after all or accepting failed.
    package static func accept(listening: Int32) -> Int32? {
        while true {
            #if canImport(Glibc)
                let client = Glibc.accept(listening, nil, nil)
            #else
                let client = Darwin.accept(listening, nil, nil)
            #endif
            if client >= 0 {
                setCloseOnExec(client)
                return client
            }
            let code = errno
            if code == EINTR { continue }
            if code == EMFILE || code == ENFILE || code == ENOBUFS || code == ENOMEM {
                // Out of descriptors or memory: back off instead of spinning on a readable listening socket.
                usleep(50_000)
            }
            return nil
        }
    }

    /// Configures an accepted socket: read and write timeouts, no SIGPIPE, no Nagle delay.
    package static func configureClient(_ descriptor: Int32, timeoutSeconds: Int) {
        var timeout = timeval()
        timeout.tv_sec = timeoutSeconds
        timeout.tv_usec = 0
        let size = socklen_t(MemoryLayout<timeval>.size)
        _ = setsockopt(descriptor, SOL_SOCKET, SO_RCVTIMEO, &timeout, size)
        _ = setsockopt(descriptor, SOL_SOCKET, SO_SNDTIMEO, &timeout, size)
        var one: Int32 = 1
        _ = setsockopt(descriptor, Int32(IPPROTO_TCP), TCP_NODELAY, &one, socklen_t(MemoryLayout<Int32>.size))
        #if canImport(Darwin)
            _ = setsockopt(descriptor, SOL_SOCKET, SO_NOSIGPIPE, &one, socklen_t(MemoryLayout<Int32>.size))
        #endif
    }

    /// Reads up to `count` bytes into `buffer` (blocking up to the socket's receive timeout).
    package static func read(_ descriptor: Int32, into buffer: UnsafeMutableRawBufferPointer) -> ReadResult {
        while true {
            let received = recv(descriptor, buffer.baseAddress, buffer.count, 0)
            if received > 0 { return .bytes(received) }
            if received == 0 { return .closed }
            switch errno {
            case EINTR: continue
            case EAGAIN, EWOULDBLOCK: return .timedOut
            default: return .failed
            }
        }
    }

    /// Writes all of `bytes`; `false` when the peer is gone or the send timeout elapsed.
    package static func writeAll(_ descriptor: Int32, _ bytes: [UInt8]) -> Bool {
        #if canImport(Glibc)
            let flags = Int32(MSG_NOSIGNAL)
        #else
            let flags: Int32 = 0
        #endif
        var offset = 0
        return bytes.withUnsafeBytes { raw in
            while offset < raw.count {
                let sent = send(descriptor, raw.baseAddress.map { $0 + offset }, raw.count - offset, flags)
                if sent > 0 {
                    offset += sent
                } else if sent < 0 && errno == EINTR {
                    continue
                } else {
                    return false
                }
            }
            return true
        }
    }

    /// Ends a connection gracefully before closing it: sends FIN, then reads and discards what the client is
    /// still sending (up to `limit` bytes or one second), so that closing does not reset the connection and
    /// destroy a response the client has not read yet.
    package static func lingeringShutdown(_ descriptor: Int32, limit: Int = 4 * 1_024 * 1_024) {
        #if canImport(Glibc)
            _ = Glibc.shutdown(descriptor, Int32(SHUT_WR))
        #else
            _ = Darwin.shutdown(descriptor, SHUT_WR)
        #endif
        var timeout = timeval()
        timeout.tv_sec = 1
        timeout.tv_usec = 0
        _ = setsockopt(descriptor, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        var discarded = 0
        var chunk = [UInt8](repeating: 0, count: 16 * 1_024)
        while discarded < limit {
            let result = chunk.withUnsafeMutableBytes { read(descriptor, into: $0) }
            guard case .bytes(let count) = result else { return }
            discarded += count
        }
    }

    /// Shuts both directions of a socket down, waking any thread blocked on it.
    package static func shutdownBoth(_ descriptor: Int32) {
        #if canImport(Glibc)
            _ = Glibc.shutdown(descriptor, Int32(SHUT_RDWR))
        #else
            _ = Darwin.shutdown(descriptor, SHUT_RDWR)
        #endif
    }

    /// Closes a descriptor.
    package static func closeDescriptor(_ descriptor: Int32) {
        #if canImport(Glibc)
            _ = Glibc.close(descriptor)
        #else
            _ = Darwin.close(descriptor)
        #endif
    }

    /// Writes one byte to a pipe (to wake a `poll`).
    package static func poke(_ descriptor: Int32) {
        var byte: UInt8 = 1
        _ = write(descriptor, &byte, 1)
    }

    /// The system's message for an error number.
    package static func errorMessage(_ code: Int32) -> String {
        guard let message = strerror(code) else { return "error \(code)" }
        return String(cString: message)
    }

    private static func setCloseOnExec(_ descriptor: Int32) {
        let flags = fcntl(descriptor, F_GETFD)
        if flags >= 0 { _ = fcntl(descriptor, F_SETFD, flags | FD_CLOEXEC) }
    }
}

/// `listen(2)`, named apart from ``POSIXSocket/listen(port:backlog:)``.
private func systemListen(_ descriptor: Int32, _ backlog: Int32) -> Int32 {
    #if canImport(Glibc)
        return Glibc.listen(descriptor, backlog)
    #else
        return Darwin.listen(descriptor, backlog)
    #endif
}
