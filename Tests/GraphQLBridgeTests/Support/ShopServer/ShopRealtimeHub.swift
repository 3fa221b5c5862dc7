import Foundation
import GraphQLBridgeSupport

/// ``ShopServer``'s subscriptions: who listens to which product's offers, the open realtime connections (so tests can
/// drop or close them), and a record of each connection. Its mutable state is a `Locked`; the callbacks are called
/// after the lock is released.
final class ShopRealtimeHub: Sendable {
    /// The realtime transports, as the server sees a connection.
    enum Transport: String, Sendable, Hashable {
        case serverSentEvents
        case multipartHTTP
        case webSocket
    }

    /// One realtime connection attempt: its transport, the bearer token it presented, whether it was accepted.
    struct ConnectionRecord: Sendable, Hashable {
        let transport: Transport
        let bearerToken: String?
        let accepted: Bool
    }

    /// A session's controls, for the test hooks.
    struct SessionControl: Sendable {
        let transport: Transport
        /// Drops the connection without a word (as a network failure would).
        let drop: @Sendable () -> Void
        /// Ends it with a WebSocket close code (HTTP streams are dropped).
        let close: @Sendable (Int, String) -> Void
    }

    private struct Subscriber {
        let productId: String
        let deliver: @Sendable (ShopCatalog.Offer) -> Void
    }

    private struct State {
        var subscribers: [UInt64: Subscriber] = [:]
        var sessions: [UInt64: SessionControl] = [:]
        var records: [ConnectionRecord] = []
        var lastID: UInt64 = 0
        var pings = 0
    }

    private let state = Locked(State())

    /// Listens to `productId`'s offers; returns the subscription's id.
    func subscribe(productId: String, deliver: @escaping @Sendable (ShopCatalog.Offer) -> Void) -> UInt64 {
        state.withLock { state in
            state.lastID += 1
            state.subscribers[state.lastID] = Subscriber(productId: productId, deliver: deliver)
            return state.lastID
        }
    }

    /// Stops a subscription.
    func unsubscribe(_ id: UInt64) {
        _ = state.withLock { $0.subscribers.removeValue(forKey: id) }
    }

    /// Sends changed offers to their products' subscribers, in order.
    func publish(_ offers: [ShopCatalog.Offer]) {
        let listeners = state.withLock { Array($0.subscribers.values) }
        for offer in offers {
            for listener in listeners where listener.productId == offer.productId { listener.deliver(offer) }
        }
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
    func record(_ record: ConnectionRecord) {
        state.withLock { $0.records.append(record) }
    }

    /// Counts a WebSocket `ping` received.
    func recordPing() {
        state.withLock { $0.pings += 1 }
    }

    /// How many WebSocket `ping`s the server has received, over every socket.
    var pingCount: Int { state.withLock { $0.pings } }

    /// Every connection attempt so far.
    var connectionRecords: [ConnectionRecord] { state.withLock { $0.records } }

    /// Drops every open realtime connection.
    func dropConnections() {
        let targets = state.withLock { Array($0.sessions.values) }
        for session in targets { session.drop() }
    }

    /// Closes every open WebSocket with `code` and `reason`.
    func closeWebSockets(code: Int, reason: String) {
        let targets = state.withLock { state in state.sessions.values.filter { $0.transport == .webSocket } }
        for session in targets { session.close(code, reason) }
    }
}
