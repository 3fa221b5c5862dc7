import Foundation

/// The server's mutable state, shared by the accept thread, the connection threads and `stop()`:
/// whether it is stopping, and the open client sockets (so `stop()` can shut them down).
final class ServerState: @unchecked Sendable {
    private let lock = NSLock()
    private var stopping = false
    private var clients: Set<Int32> = []
    private var accepted = 0

    /// Whether `stop()` has been called.
    var isStopping: Bool {
        lock.lock()
        defer { lock.unlock() }
        return stopping
    }

    /// Marks the server as stopping and shuts every open client socket down; `false` if it already was.
    func beginStopping() -> Bool {
        lock.lock()
        defer { lock.unlock() }
        guard !stopping else { return false }
        stopping = true
        for client in clients {
            POSIXSocket.shutdownBoth(client)
        }
        return true
    }

    /// Registers a client socket; `false` (and nothing registered) when stopping or at `limit` connections.
    func register(_ client: Int32, limit: Int) -> Bool {
        lock.lock()
        defer { lock.unlock() }
        guard !stopping, clients.count < limit else { return false }
        clients.insert(client)
        accepted += 1
        return true
    }

    /// Unregisters a client socket; call before closing it, so `stop()` never touches a reused descriptor.
    func unregister(_ client: Int32) {
        lock.lock()
        defer { lock.unlock() }
        clients.remove(client)
    }

    /// The number of connections served since the start.
    var acceptedCount: Int {
        lock.lock()
        defer { lock.unlock() }
        return accepted
    }

    /// The number of open client connections.
    var connectionCount: Int {
        lock.lock()
        defer { lock.unlock() }
        return clients.count
    }
}
