import Foundation
import GraphQLBridgeSupport

/// The server's mutable state, shared by the accept thread, the connection threads and `stop()`:
/// whether it is stopping, and the open client sockets (so `stop()` can shut them down).
package final class ServerState: Sendable {
    private struct State {
        var stopping = false
        var clients: Set<Int32> = []
        var accepted = 0
    }

    private let state = Locked(State())

    /// A server's state before it accepts anything.
    package init() {}

    /// Whether `stop()` has been called.
    package var isStopping: Bool {
        state.withLock { $0.stopping }
    }

    /// Marks the server as stopping and shuts every open client socket down; `false` if it already was.
    package func beginStopping() -> Bool {
        state.withLock { state in
            guard !state.stopping else { return false }
            state.stopping = true
            for client in state.clients {
                POSIXSocket.shutdownBoth(client)
            }
            return true
        }
    }

    /// Registers a client socket; `false` (and nothing registered) when stopping or at `limit` connections.
    package func register(_ client: Int32, limit: Int) -> Bool {
        state.withLock { state in
            guard !state.stopping, state.clients.count < limit else { return false }
            state.clients.insert(client)
            state.accepted += 1
            return true
        }
    }

    /// Unregisters a client socket; call before closing it, so `stop()` never touches a reused descriptor.
    package func unregister(_ client: Int32) {
        _ = state.withLock { $0.clients.remove(client) }
    }

    /// The number of connections served since the start.
    package var acceptedCount: Int {
        state.withLock { $0.accepted }
    }

    /// The number of open client connections.
    package var connectionCount: Int {
        state.withLock { $0.clients.count }
    }
}
