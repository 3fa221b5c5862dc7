import Dispatch
import Foundation
import GraphQLServer

/// The embedded lottery backend: a loopback HTTP/1.1 server inside the process serving both APIs of the
/// contract (REST under `/api/v1/`, GraphQL at `/graphql`) for a lottery data set.
///
/// Its HTTP server is GraphQLServer's (one thread accepts connections, each connection is served on a thread of
/// its own, with keep-alive, pipelining, size limits and I/O timeouts).
public final class EmbeddedLotteryServer: Sendable {
    /// `http://127.0.0.1:<port>`.
    public let baseURL: URL
    /// `<baseURL>/api/v1`, the REST API's root.
    public let restURL: URL
    /// `<baseURL>/graphql`, the GraphQL endpoint.
    public let graphQLURL: URL
    /// The port the server listens on.
    public let port: UInt16
    /// The options it runs with.
    public let options: EmbeddedBackendOptions
    /// The draw clock: advance draws by hand or on a schedule; every change is published to `drawUpdated`
    /// subscribers over every transport (see `EmbeddedLotteryServer+Realtime.swift`).
    public let drawClock: DrawClock
    /// `ws://127.0.0.1:<port>/graphql`, the `graphql-transport-ws` endpoint.
    public let webSocketURL: URL
    let hub: RealtimeHub<DataSetDraw>

    private let http: HTTPServer
    private let persistedQueries: PersistedQueryStore

    private init(
        http: HTTPServer, options: EmbeddedBackendOptions, persistedQueries: PersistedQueryStore, drawClock: DrawClock
    ) throws {
        self.persistedQueries = persistedQueries
        self.http = http
        let port = http.port
        self.port = port
        self.options = options
        self.drawClock = drawClock
        self.hub = drawClock.hub
        guard let base = URL(string: "http://127.0.0.1:\(port)"),
            let webSocket = URL(string: "ws://127.0.0.1:\(port)/graphql")
        else {
            throw EmbeddedServerError.socketCallFailed(call: "URL", errno: 0)
        }
        webSocketURL = webSocket
        baseURL = base
        restURL = base.appendingPathComponent("api").appendingPathComponent("v1")
        graphQLURL = base.appendingPathComponent("graphql")
    }

    /// Starts a server on 127.0.0.1 serving `dataSet` (the bundled data set when `nil`).
    /// - Throws: ``LotteryDataSetError`` when the bundled data set cannot be loaded,
    ///   ``EmbeddedServerError`` when the socket cannot be set up.
    public static func start(
        options: EmbeddedBackendOptions = .init(), dataSet: LotteryDataSet? = nil
    ) throws -> EmbeddedLotteryServer {
        try start(options: options, dataSet: dataSet, limits: HTTPLimits())
    }

    /// Starts a server with explicit limits (for tests).
    static func start(
        options: EmbeddedBackendOptions, dataSet: LotteryDataSet?, limits: HTTPLimits
    ) throws -> EmbeddedLotteryServer {
        let data = try dataSet ?? LotteryDataSet.bundled()
        var configured = limits
        configured.maximumConnections = max(limits.maximumConnections, options.maximumConnections)
        let limits = configured
        let live = LiveDataSet(data)
        let clock = DrawClock(live: live, hub: RealtimeHub(topic: { $0.gameId }))
        let application = LotteryHTTPApplication(dataSet: data, options: options, live: live, hub: clock.hub)
        let http = try HTTPServer.start(port: options.port, limits: limits, name: "EmbeddedLotteryServer") {
            application.respond(to: $0)
        }
        let server: EmbeddedLotteryServer
        do {
            server = try EmbeddedLotteryServer(
                http: http, options: options, persistedQueries: application.graphQL.persistedQueries, drawClock: clock)
        } catch {
            http.stop()
            throw error
        }
        if let interval = options.drawInterval { clock.start(every: interval) }
        return server
    }

    /// How many client connections the server has accepted since it started (keep-alive reuses one).
    public var acceptedConnectionCount: Int { http.acceptedConnectionCount }

    /// What the GraphQL endpoint has received since the server started: `GET`s and `POST`s, requests with a
    /// persisted-query id alone or with a document, persisted-query hits and refusals, bytes.
    public var graphQLRequestCounts: GraphQLRequestCounts { persistedQueries.snapshot }

    /// How many client connections are open now.
    public var openConnectionCount: Int { http.openConnectionCount }

    /// Whether ``stop()`` has been called.
    public var isStopped: Bool { http.isStopped }

    /// Stops the server: no new connections are accepted, open ones are shut down, and the port is released.
    /// Safe to call more than once and from any thread; returns when the accept thread has finished.
    public func stop() {
        drawClock.stop()
        http.stop()
    }

    deinit {
        stop()
    }
}
