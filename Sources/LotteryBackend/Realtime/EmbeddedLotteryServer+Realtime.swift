import GraphQLServer

extension EmbeddedLotteryServer {
    /// How many `drawUpdated` subscriptions are open now, over every transport (back to 0 once clients have
    /// cancelled theirs).
    public var openSubscriptionCount: Int { hub.openSubscriptionCount }

    /// How many realtime connections (subscription streams and WebSockets) are open now.
    public var openRealtimeConnectionCount: Int { hub.openConnectionCount }

    /// How many WebSocket `ping` messages the server has received (and answered with `pong`), over every socket.
    public var webSocketPingCount: Int { hub.pingCount }

    /// Every realtime connection attempt so far, in order: its transport and the token it presented.
    public var realtimeConnections: [RealtimeConnectionRecord] {
        hub.connectionRecords.map(RealtimeConnectionRecord.init)
    }

    /// Drops the open realtime connections of `transports` (all by default) without a word, as a network failure
    /// would: clients see their stream or socket end and reconnect.
    public func dropRealtimeConnections(_ transports: Set<RealtimeTransportKind> = Set(RealtimeTransportKind.allCases))
    {
        hub.dropConnections(of: Set(transports.map(\.serverTransport)))
    }

    /// Closes every open WebSocket with a `graphql-transport-ws` close code (4500, 4408, ...).
    public func closeWebSockets(code: Int, reason: String) {
        hub.closeWebSockets(code: code, reason: reason)
    }
}
