import Foundation

/// Where a subscription's event payloads (each one execution result's JSON text) come from: an HTTP stream that
/// reconnects itself, or the client's WebSocket.
protocol SubscriptionPayloadSource: AnyObject, Sendable {
    /// The next payload; `nil` when the subscription has ended (the server completed it, or the consuming task was
    /// cancelled).
    func next() async throws(APIError) -> Data?
    /// Ends the subscription on the server and frees what it holds.
    func close()
}
