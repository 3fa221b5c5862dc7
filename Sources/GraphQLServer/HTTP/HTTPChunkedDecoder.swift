/// Decodes a `Transfer-Encoding: chunked` body (RFC 9112 7.1) from a buffer that may not hold all of it yet.
package enum HTTPChunkedDecoder {
    /// The body and the index just past its last byte (trailers included), or `nil` when the buffer ends
    /// before the body does.
    /// - Throws: ``HTTPProtocolError`` for a malformed chunk or a body over `maximumBodyBytes`.
    package static func decode(_ buffer: [UInt8], from start: Int, maximumBodyBytes: Int) throws -> (
        body: [UInt8], end: Int
    )? {
        var body: [UInt8] = []
        var index = start
        while true {
            guard let lineEnd = lineEnd(buffer, from: index) else { return nil }
            var sizeLine = buffer[index..<lineEnd.contentEnd]
            if let semicolon = sizeLine.firstIndex(of: UInt8(ascii: ";")) {
                sizeLine = sizeLine[sizeLine.startIndex..<semicolon]
            }
            let sizeText = String(decoding: sizeLine, as: UTF8.self).trimmingOWS()
            guard !sizeText.isEmpty, sizeText.utf8.count <= 15, let size = Int(sizeText, radix: 16), size >= 0 else {
                throw HTTPProtocolError.malformed("bad chunk size")
            }
            index = lineEnd.next
            if size == 0 {
                // Trailer fields until an empty line.
                while true {
                    guard let trailerEnd = self.lineEnd(buffer, from: index) else { return nil }
                    let isEmpty = trailerEnd.contentEnd == index
                    index = trailerEnd.next
                    if isEmpty { return (body, index) }
                }
            }
            guard body.count + size <= maximumBodyBytes else {
                throw HTTPProtocolError.bodyTooLarge(limit: maximumBodyBytes)
            }
            guard buffer.count >= index + size + 2 else { return nil }
            body.append(contentsOf: buffer[index..<(index + size)])
            index += size
            if buffer[index] == 0x0D, buffer[index + 1] == 0x0A {
                index += 2
            } else if buffer[index] == 0x0A {
                index += 1
            } else {
                throw HTTPProtocolError.malformed("chunk not followed by CRLF")
            }
        }
    }

    private static func lineEnd(_ buffer: [UInt8], from start: Int) -> (contentEnd: Int, next: Int)? {
        var index = start
        while index < buffer.count {
            if buffer[index] == 0x0A {
                let contentEnd = index > start && buffer[index - 1] == 0x0D ? index - 1 : index
                return (contentEnd, index + 1)
            }
            index += 1
        }
        return nil
    }
}
