/// How a realtime server behaves: who it accepts, its heartbeats, and its WebSocket's acknowledgement and
/// initialisation timeout.
package struct RealtimeOptions: Sendable {
    /// The accepted bearer tokens; empty when none is required.
    package var tokens: Set<String>
    /// The realm of the `WWW-Authenticate` header that refuses a stream without an accepted token.
    package var realm: String
    /// How long an HTTP stream stays quiet before a heartbeat.
    package var heartbeatInterval: Duration
    /// Whether a WebSocket's `connection_init` is acknowledged (`connection_ack`).
    package var acknowledgesWebSockets: Bool
    /// How long a WebSocket may take to send `connection_init` (then it is closed with 4408).
    package var webSocketInitTimeout: Duration

    /// Options with the given values.
    package init(
        tokens: Set<String>, realm: String, heartbeatInterval: Duration, acknowledgesWebSockets: Bool,
        webSocketInitTimeout: Duration
    ) {
        self.tokens = tokens
        self.realm = realm
        self.heartbeatInterval = heartbeatInterval
        self.acknowledgesWebSockets = acknowledgesWebSockets
        self.webSocketInitTimeout = webSocketInitTimeout
    }
}
