/// A response that takes the connection over: the server writes `head` (a streamed response's head, or
/// `101 Switching Protocols`), then runs `session` on the connection's thread with the socket and the bytes the
/// client already sent after the request; the connection closes when `session` returns.
package struct ConnectionHandover: Sendable {
    /// The response head's bytes.
    package let head: [UInt8]
    /// Serves the connection until it ends.
    package let session: @Sendable (_ descriptor: Int32, _ received: [UInt8]) -> Void

    /// Creates a handover.
    package init(head: [UInt8], session: @escaping @Sendable (_ descriptor: Int32, _ received: [UInt8]) -> Void) {
        self.head = head
        self.session = session
    }

    /// A response head: status line and header fields (no `Content-Length`: the body streams, or there is none).
    package static func head(status: Int, reason: String, headers: [(name: String, value: String)]) -> [UInt8] {
        var text = "HTTP/1.1 \(status) \(reason)\r\n"
        for header in headers { text += "\(header.name): \(header.value)\r\n" }
        return Array((text + "\r\n").utf8)
    }
}
