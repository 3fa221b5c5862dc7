/// The request line and header fields of a request, parsed from the bytes before the empty line.
package struct HTTPRequestHead {
    /// The method token.
    package let method: String
    /// The request target, in origin form (`/path?query`).
    package let target: String
    /// `0` or `1`.
    package let minorVersion: Int
    /// The header fields in order.
    package let headers: [(name: String, value: String)]

    /// Parses a head (without the final empty line).
    /// - Throws: ``HTTPProtocolError`` for anything that is not a well-formed HTTP/1.x head.
    package init(bytes: ArraySlice<UInt8>) throws {
        var lines = HTTPRequestHead.splitLines(bytes)
        // RFC 9112 2.2: ignore at least one empty line before the request line.
        while let first = lines.first, first.isEmpty { lines.removeFirst() }
        guard let requestLine = lines.first else { throw HTTPProtocolError.malformed("empty request") }
        let parts = requestLine.split(separator: UInt8(ascii: " "), omittingEmptySubsequences: false)
        guard parts.count == 3, !parts[0].isEmpty, !parts[1].isEmpty,
            parts[0].allSatisfy(HTTPRequestHead.isTokenByte),
            parts[1].allSatisfy({ $0 > 0x20 && $0 < 0x7F })
        else { throw HTTPProtocolError.malformed("bad request line") }
        let version = String(decoding: parts[2], as: UTF8.self)
        switch version {
        case "HTTP/1.1": minorVersion = 1
        case "HTTP/1.0": minorVersion = 0
        default:
            guard version.hasPrefix("HTTP/") else { throw HTTPProtocolError.malformed("bad HTTP version") }
            throw HTTPProtocolError.unsupportedVersion(version)
        }
        method = String(decoding: parts[0], as: UTF8.self)
        var target = String(decoding: parts[1], as: UTF8.self)
        if !target.hasPrefix("/") {
            // Absolute form ("http://host/path"): keep the path and query.
            guard let schemeEnd = target.range(of: "://") else {
                guard method == "OPTIONS", target == "*" else {
                    throw HTTPProtocolError.malformed("bad request target")
                }
                target = "*"
                self.target = target
                headers = try HTTPRequestHead.parseHeaders(lines.dropFirst())
                return
            }
            let afterScheme = target[schemeEnd.upperBound...]
            target = afterScheme.firstIndex(of: "/").map { String(afterScheme[$0...]) } ?? "/"
        }
        self.target = target
        headers = try HTTPRequestHead.parseHeaders(lines.dropFirst())
    }

    /// How the body is delimited.
    package func bodyFraming() throws -> HTTPBodyFraming {
        let transferEncodings = headers.filter { $0.name.lowercased() == "transfer-encoding" }
            .flatMap { $0.value.split(separator: ",") }
            .map { $0.trimmingOWS().lowercased() }
        let lengths = headers.filter { $0.name.lowercased() == "content-length" }
            .flatMap { $0.value.split(separator: ",", omittingEmptySubsequences: false) }
            .map { $0.trimmingOWS() }
        if !transferEncodings.isEmpty {
            // RFC 9112 6.1: a request with both is an attack vector; reject it.
            guard lengths.isEmpty else {
                throw HTTPProtocolError.malformed("both Transfer-Encoding and Content-Length")
            }
            guard transferEncodings.last == "chunked" else {
                throw HTTPProtocolError.unsupportedTransferEncoding(transferEncodings.joined(separator: ", "))
            }
            guard transferEncodings.count == 1 else {
                throw HTTPProtocolError.unsupportedTransferEncoding(transferEncodings.joined(separator: ", "))
            }
            return .chunked
        }
        guard let first = lengths.first else { return .none }
        guard lengths.allSatisfy({ $0 == first }), !first.isEmpty, first.utf8.count <= 18,
            first.utf8.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }),
            let length = Int(first)
        else { throw HTTPProtocolError.malformed("bad Content-Length") }
        return length == 0 ? .none : .contentLength(length)
    }

    /// Whether the client sent `Expect: 100-continue`.
    package var expectsContinue: Bool {
        headers.contains { $0.name.lowercased() == "expect" && $0.value.trimmingOWS().lowercased() == "100-continue" }
    }

    private static func parseHeaders(_ lines: ArraySlice<ArraySlice<UInt8>>) throws -> [(name: String, value: String)] {
        var headers: [(name: String, value: String)] = []
        for line in lines {
            guard let first = line.first else { continue }
            guard first != UInt8(ascii: " "), first != UInt8(ascii: "\t") else {
                throw HTTPProtocolError.malformed("obsolete line folding in a header field")
            }
            guard let colon = line.firstIndex(of: UInt8(ascii: ":")), colon > line.startIndex else {
                throw HTTPProtocolError.malformed("header field without a name")
            }
            let name = line[line.startIndex..<colon]
            guard name.allSatisfy(isTokenByte) else { throw HTTPProtocolError.malformed("bad header field name") }
            let value = line[(colon + 1)...]
            guard value.allSatisfy({ $0 == 0x09 || $0 >= 0x20 && $0 != 0x7F }) else {
                throw HTTPProtocolError.malformed("control character in a header field value")
            }
            headers.append(
                (String(decoding: name, as: UTF8.self), String(decoding: value, as: UTF8.self).trimmingOWS()))
        }
        return headers
    }

    /// Splits at CRLF (a bare LF is accepted as a line end too).
    private static func splitLines(_ bytes: ArraySlice<UInt8>) -> [ArraySlice<UInt8>] {
        var lines: [ArraySlice<UInt8>] = []
        var start = bytes.startIndex
        var index = bytes.startIndex
        while index < bytes.endIndex {
            if bytes[index] == 0x0A {
                var end = index
                if end > start, bytes[end - 1] == 0x0D { end -= 1 }
                lines.append(bytes[start..<end])
                start = index + 1
            }
            index += 1
        }
        if start < bytes.endIndex {
            var end = bytes.endIndex
            if bytes[end - 1] == 0x0D { end -= 1 }
            lines.append(bytes[start..<end])
        }
        return lines
    }

    private static func isTokenByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"):
            return true
        default:
            return Array("!#$%&'*+-.^_`|~".utf8).contains(byte)
        }
    }
}
