/// One realtime connection attempt a server saw: its transport, the bearer token it presented, whether it was
/// accepted.
package struct RealtimeConnectionAttempt: Sendable, Hashable {
    /// The transport.
    package let transport: RealtimeTransport
    /// The bearer token it presented (the `Authorization` header, or `connection_init`'s payload on a WebSocket);
    /// `nil` when none.
    package let bearerToken: String?
    /// Whether the server accepted it (a wrong token is recorded too, then refused).
    package let accepted: Bool

    /// A record of an attempt.
    package init(transport: RealtimeTransport, bearerToken: String?, accepted: Bool) {
        self.transport = transport
        self.bearerToken = bearerToken
        self.accepted = accepted
    }
}
