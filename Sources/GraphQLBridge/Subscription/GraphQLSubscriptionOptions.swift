/// How a subscription keeps its connection: reconnection with exponential backoff and jitter, how many tries a
/// failing connection or a refused token gets, and the WebSocket protocol's timers.
///
/// A dropped stream or socket is opened again after `initialRetryDelay`, then twice as long each time (up to
/// `maximumRetryDelay`), each delay shortened by a random part of up to `jitter` of itself so that many clients
/// dropped together do not come back together. Events sent while the connection was down are not replayed: a
/// watch can refetch to catch up. The token is read again (the middlewares run again) at every connection.
public struct GraphQLSubscriptionOptions: Sendable, Hashable {
    /// The delay before the first reconnection. Default 0.5 s.
    public var initialRetryDelay: Duration
    /// The longest delay between two tries. Default 30 s.
    public var maximumRetryDelay: Duration
    /// How much longer each delay is than the one before. Default 2.
    public var retryDelayMultiplier: Double
    /// The random part of each delay, `0...1`: a delay `d` becomes a value in `d * (1 - jitter) ... d`. Default 0.5.
    public var jitter: Double
    /// How many reconnections in a row may fail (no event and no lasting connection in between) before the
    /// subscription ends with the last failure. Default 10.
    public var maximumRetries: Int
    /// How many times a refused token (HTTP 401 or 403, WebSocket close code 4403) is tried again, the token read
    /// again each time, before the subscription ends with a typed error (``APIError/isAuthenticationFailure``).
    /// Default 1.
    public var maximumAuthenticationRetries: Int
    /// How long a WebSocket waits for the server's `connection_ack` before it gives up on that connection (and
    /// tries again, as for a drop). Default 10 s.
    public var connectionAckTimeout: Duration
    /// How often a WebSocket sends `ping` when it has received nothing; `nil` sends none. Default 15 s.
    public var pingInterval: Duration?
    /// How long a WebSocket waits for anything (a `pong`) after a `ping` before it counts the socket as dropped.
    /// Default 10 s.
    public var pongTimeout: Duration
    /// An HTTP stream (SSE, multipart) that receives nothing, not even a heartbeat, for this long counts as
    /// dropped; `nil` (the default) waits as long as the connection stays open.
    public var idleTimeout: Duration?
    /// How much memory one subscription may hold: the largest event, and the unread events over a WebSocket.
    public var limits: GraphQLSubscriptionLimits

    /// Creates options; every parameter has the default its property describes.
    public init(
        initialRetryDelay: Duration = .milliseconds(500), maximumRetryDelay: Duration = .seconds(30),
        retryDelayMultiplier: Double = 2, jitter: Double = 0.5, maximumRetries: Int = 10,
        maximumAuthenticationRetries: Int = 1, connectionAckTimeout: Duration = .seconds(10),
        pingInterval: Duration? = .seconds(15), pongTimeout: Duration = .seconds(10), idleTimeout: Duration? = nil,
        limits: GraphQLSubscriptionLimits = GraphQLSubscriptionLimits()
    ) {
        self.initialRetryDelay = initialRetryDelay
        self.maximumRetryDelay = maximumRetryDelay
        self.retryDelayMultiplier = retryDelayMultiplier
        self.jitter = jitter
        self.maximumRetries = maximumRetries
        self.maximumAuthenticationRetries = maximumAuthenticationRetries
        self.connectionAckTimeout = connectionAckTimeout
        self.pingInterval = pingInterval
        self.pongTimeout = pongTimeout
        self.idleTimeout = idleTimeout
        self.limits = limits
    }

    /// The delay before reconnection number `attempt` (1 for the first), with `random` in `0..<1` as the jitter's
    /// draw: `min(maximumRetryDelay, initialRetryDelay * multiplier^(attempt - 1)) * (1 - jitter * random)`.
    public func retryDelay(attempt: Int, random: Double) -> Duration {
        let initial = initialRetryDelay.timeInterval
        let maximum = max(initial, maximumRetryDelay.timeInterval)
        var delay = initial
        var step = 1
        while step < attempt, delay < maximum {
            delay *= max(1, retryDelayMultiplier)
            step += 1
        }
        delay = min(delay, maximum)
        let spread = min(max(jitter, 0), 1) * min(max(random, 0), 1)
        return .nanoseconds(Int64((delay * (1 - spread) * 1e9).rounded()))
    }
}
