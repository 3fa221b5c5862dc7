import Dispatch
import Foundation

/// The embedded lottery backend: a loopback HTTP/1.1 server inside the process serving both APIs of the
/// contract (REST under `/api/v1/`, GraphQL at `/graphql`) for a lottery data set.
///
/// One thread accepts connections; each connection is served on a thread of its own (so idle keep-alive
/// connections never starve the others), with keep-alive, pipelining, size limits and I/O timeouts.
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
    let hub: RealtimeHub

    private let listeningDescriptor: Int32
    private let wakePipe: (read: Int32, write: Int32)
    private let state: ServerState
    private let acceptLoopDone: DispatchSemaphore
    private let persistedQueries: PersistedQueryStore

    private init(
        listeningDescriptor: Int32, port: UInt16, wakePipe: (read: Int32, write: Int32),
        options: EmbeddedBackendOptions,
        state: ServerState, acceptLoopDone: DispatchSemaphore, persistedQueries: PersistedQueryStore,
        drawClock: DrawClock
    ) throws {
        self.persistedQueries = persistedQueries
        self.listeningDescriptor = listeningDescriptor
        self.port = port
        self.wakePipe = wakePipe
        self.options = options
        self.state = state
        self.acceptLoopDone = acceptLoopDone
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
        let clock = DrawClock(live: live, hub: RealtimeHub())
        let application = LotteryHTTPApplication(dataSet: data, options: options, live: live, hub: clock.hub)
        let listening = try POSIXSocket.listen(port: options.port)
        let wake: (read: Int32, write: Int32)
        do {
            wake = try POSIXSocket.makePipe()
        } catch {
            POSIXSocket.closeDescriptor(listening.descriptor)
            throw error
        }
        let state = ServerState()
        let done = DispatchSemaphore(value: 0)
        let server: EmbeddedLotteryServer
        do {
            server = try EmbeddedLotteryServer(
                listeningDescriptor: listening.descriptor, port: listening.port, wakePipe: wake, options: options,
                state: state, acceptLoopDone: done, persistedQueries: application.graphQL.persistedQueries,
                drawClock: clock)
        } catch {
            POSIXSocket.closeDescriptor(listening.descriptor)
            POSIXSocket.closeDescriptor(wake.read)
            POSIXSocket.closeDescriptor(wake.write)
            throw error
        }
        // The accept thread captures what it needs, not the server, so dropping the server stops it.
        let descriptor = listening.descriptor
        let handler: @Sendable (HTTPRequest) -> HTTPResponse = { application.respond(to: $0) }
        let thread = Thread {
            EmbeddedLotteryServer.acceptLoop(
                listening: descriptor, wake: wake.read, state: state, limits: limits, handler: handler)
            done.signal()
        }
        thread.name = "EmbeddedLotteryServer.accept"
        thread.start()
        if let interval = options.drawInterval { clock.start(every: interval) }
        return server
    }

    /// How many client connections the server has accepted since it started (keep-alive reuses one).
    public var acceptedConnectionCount: Int { state.acceptedCount }

    /// What the GraphQL endpoint has received since the server started: `GET`s and `POST`s, requests with a
    /// persisted-query id alone or with a document, persisted-query hits and refusals, bytes.
    public var graphQLRequestCounts: GraphQLRequestCounts { persistedQueries.snapshot }

    /// How many client connections are open now.
    public var openConnectionCount: Int { state.connectionCount }

    /// Whether ``stop()`` has been called.
    public var isStopped: Bool { state.isStopping }

    /// Stops the server: no new connections are accepted, open ones are shut down, and the port is released.
    /// Safe to call more than once and from any thread; returns when the accept thread has finished.
    public func stop() {
        guard state.beginStopping() else { return }
        drawClock.stop()
        POSIXSocket.poke(wakePipe.write)
        POSIXSocket.shutdownBoth(listeningDescriptor)
        acceptLoopDone.wait()
        POSIXSocket.closeDescriptor(listeningDescriptor)
        POSIXSocket.closeDescriptor(wakePipe.read)
        POSIXSocket.closeDescriptor(wakePipe.write)
    }

    deinit {
        stop()
    }

    private static func acceptLoop(
        listening: Int32, wake: Int32, state: ServerState, limits: HTTPLimits,
        handler: @escaping @Sendable (HTTPRequest) -> HTTPResponse
    ) {
        while !state.isStopping {
            guard POSIXSocket.waitForConnection(listening: listening, wake: wake) else { break }
            guard !state.isStopping else { break }
            guard let client = POSIXSocket.accept(listening: listening) else { continue }
            POSIXSocket.configureClient(client, timeoutSeconds: limits.ioTimeoutSeconds)
            guard state.register(client, limit: limits.maximumConnections) else {
                if !state.isStopping {
                    let busy = HTTPResponse.text(status: 503, "too many connections")
                    _ = POSIXSocket.writeAll(client, busy.serialized(keepAlive: false, minorVersion: 1))
                }
                POSIXSocket.closeDescriptor(client)
                continue
            }
            let thread = Thread {
                HTTPConnection(descriptor: client, limits: limits, handler: handler).run()
                POSIXSocket.lingeringShutdown(client)
                state.unregister(client)
                POSIXSocket.closeDescriptor(client)
            }
            thread.name = "EmbeddedLotteryServer.connection"
            thread.stackSize = 16 * 1_024 * 1_024
            thread.start()
        }
    }
}
