import Foundation
import GraphQLBridgeSupport

/// A realtime server's subscriptions: who listens to which topic's events, the open realtime connections (so tests
/// can drop or close them), and a record of each connection attempt.
///
/// Its mutable state is a `Locked`; the callbacks are called after the lock is released.
package final class RealtimeHub<Event: Sendable>: Sendable {
    /// A session's controls, for the test hooks.
    package struct SessionControl: Sendable {
        /// The session's transport.
        package let transport: RealtimeTransport
        /// Drops the connection without a word (as a network failure would).
        package let drop: @Sendable () -> Void
        /// Ends it with a WebSocket close code (HTTP streams are dropped).
        package let close: @Sendable (Int, String) -> Void
    }

    private struct Subscriber {
        let topic: String
        let deliver: @Sendable (Event) -> Void
    }

    private struct State {
        var subscribers: [UInt64: Subscriber] = [:]
        var sessions: [UInt64: SessionControl] = [:]
        var records: [RealtimeConnectionAttempt] = []
        var lastID: UInt64 = 0
        var observers: [@Sendable (Event) -> Void] = []
        var pings = 0
    }

    private let state = Locked(State())
    private let topic: @Sendable (Event) -> String

    /// A hub whose events belong to the topic `topic` gives them (a subscription listens to one topic).
    package init(topic: @escaping @Sendable (Event) -> String) {
        self.topic = topic
    }

    /// Listens to `topic`'s events; returns the subscription's id.
    package func subscribe(topic: String, deliver: @escaping @Sendable (Event) -> Void) -> UInt64 {
        state.withLock { state in
            state.lastID += 1
            state.subscribers[state.lastID] = Subscriber(topic: topic, deliver: deliver)
            return state.lastID
        }
    }

    /// Stops a subscription.
    package func unsubscribe(_ id: UInt64) {
        _ = state.withLock { $0.subscribers.removeValue(forKey: id) }
    }

    /// Sends events to their topics' subscribers and to the observers, in order.
    package func publish(_ events: [Event]) {
        let (listeners, watching) = state.withLock { state in (Array(state.subscribers.values), state.observers) }
        for event in events {
            let eventTopic = topic(event)
            for listener in listeners where listener.topic == eventTopic { listener.deliver(event) }
            for observer in watching { observer(event) }
        }
    }

    /// Calls `observer` with every event published (for logs).
    package func observe(_ observer: @escaping @Sendable (Event) -> Void) {
        state.withLock { $0.observers.append(observer) }
    }

    /// How many subscriptions are open, over every transport.
    package var openSubscriptionCount: Int { state.withLock { $0.subscribers.count } }

    /// Registers an open realtime connection; returns its id (for ``unregister(_:)``).
    package func register(_ session: SessionControl) -> UInt64 {
        state.withLock { state in
            state.lastID += 1
            state.sessions[state.lastID] = session
            return state.lastID
        }
    }

    /// Forgets a connection that ended.
    package func unregister(_ id: UInt64) {
        _ = state.withLock { $0.sessions.removeValue(forKey: id) }
    }

    /// How many realtime connections are open.
    package var openConnectionCount: Int { state.withLock { $0.sessions.count } }

    /// Records a connection attempt.
    package func record(_ record: RealtimeConnectionAttempt) {
        state.withLock { $0.records.append(record) }
    }

    /// Counts a WebSocket `ping` received.
    package func recordPing() {
        state.withLock { $0.pings += 1 }
    }

    /// How many WebSocket `ping`s the server has received, over every socket.
    package var pingCount: Int { state.withLock { $0.pings } }

    /// Every connection attempt so far.
    package var connectionRecords: [RealtimeConnectionAttempt] { state.withLock { $0.records } }

    /// Drops every open realtime connection of the given transports (all by default).
    package func dropConnections(of transports: Set<RealtimeTransport> = Set(RealtimeTransport.allCases)) {
        let targets = state.withLock { state in state.sessions.values.filter { transports.contains($0.transport) } }
        for session in targets { session.drop() }
    }

    /// Closes every open WebSocket with `code` and `reason`.
    package func closeWebSockets(code: Int, reason: String) {
        let targets = state.withLock { state in state.sessions.values.filter { $0.transport == .webSocket } }
        for session in targets { session.close(code, reason) }
    }
}
