import Foundation
import GraphQLBridgeSupport

/// The embedded backend's subscriptions: who listens to which game's draws, the open realtime connections (so
/// tests can drop or close them), and a record of each connection.
///
/// Its mutable state is a `Locked`; the callbacks are called after the lock is released.
final class RealtimeHub: Sendable {
    /// A session's controls, for the test hooks.
    struct SessionControl: Sendable {
        let transport: RealtimeTransportKind
        /// Drops the connection without a word (as a network failure would).
        let drop: @Sendable () -> Void
        /// Ends it with a WebSocket close code (HTTP streams are dropped).
        let close: @Sendable (Int, String) -> Void
    }

    private struct Subscriber {
        let gameId: String
        let deliver: @Sendable (DataSetDraw) -> Void
    }

    private struct State {
        var subscribers: [UInt64: Subscriber] = [:]
        var sessions: [UInt64: SessionControl] = [:]
        var records: [RealtimeConnectionRecord] = []
        var lastID: UInt64 = 0
        var observers: [@Sendable (DataSetDraw) -> Void] = []
        var pings = 0
    }

    private let state = Locked(State())

    /// Listens to `gameId`'s draws; returns the subscription's id.
    func subscribe(gameId: String, deliver: @escaping @Sendable (DataSetDraw) -> Void) -> UInt64 {
        state.withLock { state in
            state.lastID += 1
            state.subscribers[state.lastID] = Subscriber(gameId: gameId, deliver: deliver)
            return state.lastID
        }
    }

    /// Stops a subscription.
    func unsubscribe(_ id: UInt64) {
        _ = state.withLock { $0.subscribers.removeValue(forKey: id) }
    }

    /// Sends changed draws to their games' subscribers and to the observers, in order.
    func publish(_ draws: [DataSetDraw]) {
        let (listeners, watching) = state.withLock { state in (Array(state.subscribers.values), state.observers) }
        for draw in draws {
            for listener in listeners where listener.gameId == draw.gameId { listener.deliver(draw) }
            for observer in watching { observer(draw) }
        }
    }

    /// Calls `observer` with every draw the clock changes (for logs).
    func observe(_ observer: @escaping @Sendable (DataSetDraw) -> Void) {
        state.withLock { $0.observers.append(observer) }
    }

    /// How many subscriptions are open, over every transport.
    var openSubscriptionCount: Int { state.withLock { $0.subscribers.count } }

    /// Registers an open realtime connection; returns its id (for ``unregister(_:)``).
    func register(_ session: SessionControl) -> UInt64 {
        state.withLock { state in
            state.lastID += 1
            state.sessions[state.lastID] = session
            return state.lastID
        }
    }

    /// Forgets a connection that ended.
    func unregister(_ id: UInt64) {
        _ = state.withLock { $0.sessions.removeValue(forKey: id) }
    }

    /// How many realtime connections are open.
    var openConnectionCount: Int { state.withLock { $0.sessions.count } }

    /// Records a connection attempt.
    func record(_ record: RealtimeConnectionRecord) {
        state.withLock { $0.records.append(record) }
    }

    /// Counts a WebSocket `ping` received.
    func recordPing() {
        state.withLock { $0.pings += 1 }
    }

    /// How many WebSocket `ping`s the server has received, over every socket.
    var pingCount: Int { state.withLock { $0.pings } }

    /// Every connection attempt so far.
    var connectionRecords: [RealtimeConnectionRecord] { state.withLock { $0.records } }

    /// Drops every open realtime connection of the given transports.
    func dropConnections(of transports: Set<RealtimeTransportKind>) {
        let targets = state.withLock { state in state.sessions.values.filter { transports.contains($0.transport) } }
        for session in targets { session.drop() }
    }

    /// Closes every open WebSocket with `code` and `reason`.
    func closeWebSockets(code: Int, reason: String) {
        let targets = state.withLock { state in state.sessions.values.filter { $0.transport == .webSocket } }
        for session in targets { session.close(code, reason) }
    }
}
