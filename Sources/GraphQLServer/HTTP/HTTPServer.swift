import Dispatch
import Foundation

/// A loopback HTTP/1.1 server: one thread accepts connections, and each connection is served on a thread of its
/// own (so idle keep-alive connections never starve the others), with keep-alive, pipelining, size limits and
/// I/O timeouts. What it answers is the handler's business.
package final class HTTPServer: Sendable {
    /// The port the server listens on.
    package let port: UInt16

    private let listeningDescriptor: Int32
    private let wakePipe: (read: Int32, write: Int32)
    private let state: ServerState
    private let acceptLoopDone: DispatchSemaphore

    private init(
        listeningDescriptor: Int32, port: UInt16, wakePipe: (read: Int32, write: Int32), state: ServerState,
        acceptLoopDone: DispatchSemaphore
    ) {
        self.listeningDescriptor = listeningDescriptor
        self.port = port
        self.wakePipe = wakePipe
        self.state = state
        self.acceptLoopDone = acceptLoopDone
    }

    /// Starts a server on 127.0.0.1 (`port` 0 picks a free port).
    /// - Parameters:
    ///   - name: The threads' name prefix (`<name>.accept`, `<name>.connection`).
    ///   - handler: Answers each request.
    /// - Throws: ``EmbeddedServerError`` when the socket cannot be set up.
    package static func start(
        port: UInt16, limits: HTTPLimits = HTTPLimits(), name: String,
        handler: @escaping @Sendable (HTTPRequest) -> HTTPResponse
    ) throws -> HTTPServer {
        let listening = try POSIXSocket.listen(port: port)
        let wake: (read: Int32, write: Int32)
        do {
            wake = try POSIXSocket.makePipe()
        } catch {
            POSIXSocket.closeDescriptor(listening.descriptor)
            throw error
        }
        let state = ServerState()
        let done = DispatchSemaphore(value: 0)
        let server = HTTPServer(
            listeningDescriptor: listening.descriptor, port: listening.port, wakePipe: wake, state: state,
            acceptLoopDone: done)
        // The accept thread captures what it needs, not the server, so dropping the server stops it.
        let descriptor = listening.descriptor
        let thread = Thread {
            HTTPServer.acceptLoop(
                listening: descriptor, wake: wake.read, state: state, limits: limits, name: name, handler: handler)
            done.signal()
        }
        thread.name = "\(name).accept"
        thread.start()
        return server
    }

    /// How many client connections the server has accepted since it started (keep-alive reuses one).
    package var acceptedConnectionCount: Int { state.acceptedCount }

    /// How many client connections are open now.
    package var openConnectionCount: Int { state.connectionCount }

    /// Whether ``stop()`` has been called.
    package var isStopped: Bool { state.isStopping }

    /// Stops the server: no new connections are accepted, open ones are shut down, and the port is released.
    /// Safe to call more than once and from any thread; returns when the accept thread has finished.
    package func stop() {
        guard state.beginStopping() else { return }
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
        listening: Int32, wake: Int32, state: ServerState, limits: HTTPLimits, name: String,
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
            thread.name = "\(name).connection"
            thread.stackSize = 16 * 1_024 * 1_024
            thread.start()
        }
    }
}
