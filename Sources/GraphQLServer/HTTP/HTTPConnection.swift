/// Serves one client connection: reads requests (with keep-alive and pipelining), answers each through the
/// handler and closes on `Connection: close`, protocol errors, timeouts or when the server stops.
package struct HTTPConnection {
    /// The accepted socket (owned by the caller, which closes it).
    package let descriptor: Int32
    /// The limits.
    package let limits: HTTPLimits
    /// The application.
    package let handler: @Sendable (HTTPRequest) -> HTTPResponse

    /// Creates a connection's server.
    package init(descriptor: Int32, limits: HTTPLimits, handler: @escaping @Sendable (HTTPRequest) -> HTTPResponse) {
        self.descriptor = descriptor
        self.limits = limits
        self.handler = handler
    }

    private enum ReadOutcome {
        case ready
        case closed
        case timedOut
    }

    /// Runs until the connection is done.
    package func run() {
        var buffer: [UInt8] = []
        while true {
            // 1. The head.
            var headEnd: Int?
            var searchFrom = 0
            while true {
                if let end = HTTPConnection.findHeadEnd(buffer, from: searchFrom) {
                    headEnd = end
                    break
                }
                searchFrom = max(0, buffer.count - 3)
                if buffer.count > limits.maximumHeadBytes {
                    respondToError(HTTPProtocolError.headTooLarge(limit: limits.maximumHeadBytes))
                    return
                }
                switch fill(&buffer) {
                case .ready: continue
                case .closed: return
                case .timedOut:
                    // A timeout in the middle of a request gets 408; an idle keep-alive connection just closes.
                    if !buffer.allSatisfy({ $0 == 0x0D || $0 == 0x0A }) {
                        respond(HTTPResponse.text(status: 408, "request timeout"), keepAlive: false, minorVersion: 1)
                    }
                    return
                }
            }
            guard let headEnd else { return }
            guard headEnd <= limits.maximumHeadBytes + 4 else {
                respondToError(HTTPProtocolError.headTooLarge(limit: limits.maximumHeadBytes))
                return
            }
            let head: HTTPRequestHead
            let framing: HTTPBodyFraming
            do {
                head = try HTTPRequestHead(bytes: buffer[0..<headEnd])
                framing = try head.bodyFraming()
            } catch let error as HTTPProtocolError {
                respondToError(error)
                return
            } catch {
                respondToError(HTTPProtocolError.malformed("\(error)"))
                return
            }
            // 2. The body.
            var consumed = headEnd
            var body: [UInt8] = []
            if framing != .none, head.expectsContinue, buffer.count == headEnd {
                guard POSIXSocket.writeAll(descriptor, Array("HTTP/1.1 100 Continue\r\n\r\n".utf8)) else { return }
            }
            switch framing {
            case .none:
                break
            case .contentLength(let length):
                guard length <= limits.maximumBodyBytes else {
                    respondToError(HTTPProtocolError.bodyTooLarge(limit: limits.maximumBodyBytes))
                    return
                }
                while buffer.count < headEnd + length {
                    guard case .ready = fill(&buffer) else { return }
                }
                body = Array(buffer[headEnd..<(headEnd + length)])
                consumed = headEnd + length
            case .chunked:
                while true {
                    do {
                        if let decoded = try HTTPChunkedDecoder.decode(
                            buffer, from: headEnd, maximumBodyBytes: limits.maximumBodyBytes)
                        {
                            body = decoded.body
                            consumed = decoded.end
                            break
                        }
                    } catch let error as HTTPProtocolError {
                        respondToError(error)
                        return
                    } catch {
                        respondToError(HTTPProtocolError.malformed("\(error)"))
                        return
                    }
                    guard buffer.count - headEnd <= limits.maximumBodyBytes * 2 + 64 * 1_024 else {
                        respondToError(HTTPProtocolError.bodyTooLarge(limit: limits.maximumBodyBytes))
                        return
                    }
                    guard case .ready = fill(&buffer) else { return }
                }
            }
            buffer.removeFirst(consumed)
            // 3. The answer.
            let request = HTTPRequest(
                method: head.method, target: head.target, minorVersion: head.minorVersion, headers: head.headers,
                body: body)
            let isHead = request.method == "HEAD"
            let response = handler(
                isHead
                    ? HTTPRequest(
                        method: "GET", target: head.target, minorVersion: head.minorVersion, headers: head.headers,
                        body: body)
                    : request)
            if let handover = response.handover {
                guard POSIXSocket.writeAll(descriptor, handover.head) else { return }
                handover.session(descriptor, buffer)
                return
            }
            let keepAlive = request.wantsKeepAlive
            guard respond(response, keepAlive: keepAlive, minorVersion: head.minorVersion, omitBody: isHead),
                keepAlive
            else { return }
        }
    }

    /// Reads more bytes onto the end of `buffer`.
    private func fill(_ buffer: inout [UInt8]) -> ReadOutcome {
        var chunk = [UInt8](repeating: 0, count: 16 * 1_024)
        let result = chunk.withUnsafeMutableBytes { POSIXSocket.read(descriptor, into: $0) }
        switch result {
        case .bytes(let count):
            buffer.append(contentsOf: chunk[0..<count])
            return .ready
        case .timedOut:
            return .timedOut
        case .closed, .failed:
            return .closed
        }
    }

    @discardableResult
    private func respond(_ response: HTTPResponse, keepAlive: Bool, minorVersion: Int, omitBody: Bool = false) -> Bool {
        POSIXSocket.writeAll(
            descriptor, response.serialized(keepAlive: keepAlive, minorVersion: minorVersion, omitBody: omitBody))
    }

    private func respondToError(_ error: HTTPProtocolError) {
        respond(HTTPResponse.text(status: error.status, error.description), keepAlive: false, minorVersion: 1)
    }

    /// The index just after the first `CRLF CRLF` (or `LF LF`) at or after `start`, if any.
    package static func findHeadEnd(_ buffer: [UInt8], from start: Int) -> Int? {
        var index = start
        while index < buffer.count {
            if buffer[index] == 0x0A {
                if index + 1 < buffer.count, buffer[index + 1] == 0x0A { return index + 2 }
                if index + 2 < buffer.count, buffer[index + 1] == 0x0D, buffer[index + 2] == 0x0A { return index + 3 }
            }
            index += 1
        }
        return nil
    }
}
