/// Reads frames from a byte stream as it arrives, payloads unmasked (a client's frames are masked), for the client's
/// POSIX connector and the embedded backend's server alike.
package struct WebSocketFrameReader {
    /// A frame's framing is wrong.
    package struct Malformed: Error, Sendable {
        /// What is wrong.
        package var message: String
    }

    private var buffer: [UInt8] = []
    /// The largest frame payload accepted.
    package let maximumPayload: Int

    package init(maximumPayload: Int = 64 << 20) {
        self.maximumPayload = maximumPayload
    }

    /// Adds bytes and returns the complete frames they finish.
    package mutating func feed(_ bytes: some Collection<UInt8>) throws(Malformed) -> [WebSocketFrame] {
        buffer.append(contentsOf: bytes)
        var frames: [WebSocketFrame] = []
        var start = 0
        while buffer.count - start >= 2 {
            let first = buffer[start]
            let second = buffer[start + 1]
            var length = Int(second & 0x7F)
            var offset = start + 2
            if length == 126 {
                guard buffer.count - offset >= 2 else { break }
                length = Int(buffer[offset]) << 8 | Int(buffer[offset + 1])
                offset += 2
            } else if length == 127 {
                guard buffer.count - offset >= 8 else { break }
                var value: UInt64 = 0
                for index in 0..<8 { value = value << 8 | UInt64(buffer[offset + index]) }
                guard value <= UInt64(maximumPayload) else { throw Malformed(message: "a frame of \(value) bytes") }
                length = Int(value)
                offset += 8
            }
            guard length <= maximumPayload else { throw Malformed(message: "a frame of \(length) bytes") }
            var mask: [UInt8]?
            if second & 0x80 != 0 {
                guard buffer.count - offset >= 4 else { break }
                mask = Array(buffer[offset..<(offset + 4)])
                offset += 4
            }
            guard buffer.count - offset >= length else { break }
            var payload = Array(buffer[offset..<(offset + length)])
            if let mask { for index in payload.indices { payload[index] ^= mask[index & 3] } }
            frames.append(WebSocketFrame(opcode: first & 0x0F, isFinal: first & 0x80 != 0, payload: payload))
            start = offset + length
        }
        buffer.removeFirst(start)
        return frames
    }
}
