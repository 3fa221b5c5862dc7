/// One WebSocket frame (RFC 6455 section 5.2) as read from the wire, payload unmasked: the one frame format of the
/// client's POSIX connector and of the embedded backend's server.
package struct WebSocketFrame: Sendable, Hashable {
    /// The opcode: 0 continuation, 1 text, 2 binary, 8 close, 9 ping, 10 pong.
    package var opcode: UInt8
    /// Whether this is the last frame of its message.
    package var isFinal: Bool
    /// The payload.
    package var payload: [UInt8]

    /// Creates a frame.
    package init(opcode: UInt8, isFinal: Bool, payload: [UInt8]) {
        self.opcode = opcode
        self.isFinal = isFinal
        self.payload = payload
    }

    /// The frame's bytes; masked with `mask` (a client's frames must be; a server's are not).
    package static func encode(opcode: UInt8, payload: [UInt8], mask: [UInt8]?) -> [UInt8] {
        var bytes: [UInt8] = [0x80 | opcode]
        let maskBit: UInt8 = mask == nil ? 0 : 0x80
        if payload.count < 126 {
            bytes.append(maskBit | UInt8(payload.count))
        } else if payload.count <= 0xFFFF {
            bytes.append(maskBit | 126)
            bytes += [UInt8(payload.count >> 8), UInt8(payload.count & 0xFF)]
        } else {
            bytes.append(maskBit | 127)
            for shift in stride(from: 56, through: 0, by: -8) {
                bytes.append(UInt8(truncatingIfNeeded: payload.count >> shift))
            }
        }
        guard let mask, mask.count == 4 else { return bytes + payload }
        bytes += mask
        for (index, byte) in payload.enumerated() { bytes.append(byte ^ mask[index & 3]) }
        return bytes
    }
}
