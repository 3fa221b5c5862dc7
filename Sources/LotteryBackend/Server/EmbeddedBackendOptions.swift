/// How the embedded backend behaves.
public struct EmbeddedBackendOptions: Sendable, Equatable {
    /// When set, both APIs require `Authorization: Bearer <token>` and answer 401 without it.
    public var token: String?
    /// More bearer tokens accepted beside ``token`` (which must be set for them to count); each token has its own
    /// favourite games.
    public var additionalTokens: [String]
    /// When `true`, GraphQL `Long` values are sent as decimal strings (`"9007199254740993"`), as some
    /// gateways do; otherwise as JSON numbers.
    public var longAsString: Bool
    /// The port to listen on at 127.0.0.1; `0` lets the kernel choose a free one.
    public var port: UInt16
    /// Differences planted in the GraphQL answers (REST is unchanged), for testing the comparison.
    public var plantedDifferences: Set<PlantedDifference>
    /// When set, the answer of every executed GraphQL query carries `Cache-Control: max-age=<cacheMaxAge>`
    /// (seconds); a mutation's answer and a request error never do.
    public var cacheMaxAge: Int?
    /// When `true`, every write fails and changes nothing: `setFavorite` is a field error (`data` is `null`) and
    /// REST `PUT`/`DELETE .../favorite` is 500 `INTERNAL`.
    public var failMutations: Bool
    /// Which persisted-query protocol the GraphQL endpoint speaks: none (``PersistedQueryMode/disabled``, the
    /// default), automatic persisted queries, or trusted documents from a manifest. Queries by `GET` are always
    /// accepted.
    public var persistedQueries: PersistedQueryMode
    /// When set, the draw clock advances every active game's draws at this interval (see ``DrawClock``); tests
    /// advance it by hand with ``EmbeddedLotteryServer/drawClock``.
    public var drawInterval: Duration?
    /// How often a quiet subscription stream gets a heartbeat (an SSE comment, a multipart `{}`).
    public var heartbeatInterval: Duration
    /// Whether the WebSocket transport answers `connection_init` with `connection_ack` (`false` makes a server that
    /// never acknowledges, for tests).
    public var acknowledgesWebSockets: Bool
    /// How long a WebSocket may go without `connection_init` before it is closed with 4408.
    public var webSocketInitTimeout: Duration
    /// How many connections are served at once (a subscription holds one); more get 503.
    public var maximumConnections: Int
    /// When set, the served schema declares `@defer` and `@stream`, and a query that uses them, sent with
    /// `Accept: multipart/mixed`, is answered incrementally; `nil` (the default) serves the contract's schema as it is.
    public var incrementalDelivery: IncrementalDeliveryOption?

    /// Creates options; the defaults are: no token, `Long` as numbers, a kernel-chosen port, no
    /// planted differences, no `Cache-Control`, writes that work, no persisted queries, a draw clock advanced by hand
    /// only, a heartbeat every 15 s, WebSockets acknowledged (10 s for `connection_init`), 256 connections, no incremental delivery.
    public init(
        token: String? = nil, longAsString: Bool = false, port: UInt16 = 0,
        plantedDifferences: Set<PlantedDifference> = [], additionalTokens: [String] = [], cacheMaxAge: Int? = nil,
        failMutations: Bool = false, persistedQueries: PersistedQueryMode = .disabled, drawInterval: Duration? = nil,
        heartbeatInterval: Duration = .seconds(15), acknowledgesWebSockets: Bool = true,
        webSocketInitTimeout: Duration = .seconds(10), maximumConnections: Int = 256,
        incrementalDelivery: IncrementalDeliveryOption? = nil
    ) {
        self.incrementalDelivery = incrementalDelivery
        self.token = token
        self.additionalTokens = additionalTokens
        self.longAsString = longAsString
        self.port = port
        self.plantedDifferences = plantedDifferences
        self.cacheMaxAge = cacheMaxAge
        self.failMutations = failMutations
        self.persistedQueries = persistedQueries
        self.drawInterval = drawInterval
        self.heartbeatInterval = heartbeatInterval
        self.acknowledgesWebSockets = acknowledgesWebSockets
        self.webSocketInitTimeout = webSocketInitTimeout
        self.maximumConnections = maximumConnections
    }

    /// Every accepted bearer token; empty when the server requires none.
    var acceptedTokens: Set<String> {
        guard let token else { return [] }
        return Set([token] + additionalTokens)
    }
}
