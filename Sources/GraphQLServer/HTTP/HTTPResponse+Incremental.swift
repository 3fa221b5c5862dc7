import Foundation

extension HTTPResponse {
    /// An incrementally delivered result: `200` with a `multipart/mixed` body (boundary `-`, chunked), one
    /// `application/json` part per payload, `delay` before each part after the first (so that deferred data really
    /// comes later), the closing delimiter after the last. `beforePart`, when given, is called on the connection's
    /// thread with each part's index before it is written (a test holds the parts after the first there).
    package static func incremental(
        _ payloads: [JSONValue], format: GraphQLIncrementalFormat, delay: Duration = .zero,
        beforePart: (@Sendable (Int) -> Void)? = nil
    ) -> HTTPResponse {
        var response = HTTPResponse(status: 200)
        let seconds = Double(delay.components.seconds) + Double(delay.components.attoseconds) / 1e18
        response.handover = ConnectionHandover(
            head: ConnectionHandover.head(
                status: 200, reason: "OK",
                headers: [
                    ("Content-Type", format.contentType), ("Cache-Control", "no-cache"),
                    ("Transfer-Encoding", "chunked"), ("Connection", "close"),
                ]),
            session: { descriptor, _ in
                func chunk(_ bytes: [UInt8]) -> Bool {
                    POSIXSocket.writeAll(
                        descriptor, Array(String(bytes.count, radix: 16).utf8) + [0x0D, 0x0A] + bytes + [0x0D, 0x0A])
                }
                guard chunk(Array("\r\n---".utf8)) else { return }
                for (index, payload) in payloads.enumerated() {
                    if index > 0, seconds > 0 { Thread.sleep(forTimeInterval: seconds) }
                    beforePart?(index)
                    let closing = index == payloads.count - 1 ? "--\r\n" : ""
                    let part =
                        Array("\r\ncontent-type: application/json; charset=utf-8\r\n\r\n".utf8)
                        + Array(payload.serialized()) + Array("\r\n---\(closing)".utf8)
                    guard chunk(part) else { return }
                }
                _ = POSIXSocket.writeAll(descriptor, Array("0\r\n\r\n".utf8))
            })
        return response
    }
}
