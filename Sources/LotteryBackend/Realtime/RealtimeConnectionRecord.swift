import GraphQLServer

/// One realtime connection the embedded backend accepted (for tests: which transport, which token).
public struct RealtimeConnectionRecord: Sendable, Hashable {
    /// The transport.
    public let transport: RealtimeTransportKind
    /// The bearer token it presented (the `Authorization` header, or `connection_init`'s payload on a WebSocket);
    /// `nil` when none.
    public let bearerToken: String?
    /// Whether the server accepted it (a wrong token is recorded too, then refused).
    public let accepted: Bool

    /// The record of an attempt the hub saw.
    init(_ attempt: RealtimeConnectionAttempt) {
        transport = RealtimeTransportKind(attempt.transport)
        bearerToken = attempt.bearerToken
        accepted = attempt.accepted
    }
}
