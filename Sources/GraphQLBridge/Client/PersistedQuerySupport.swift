import Foundation
import GraphQLBridgeSupport

/// What one ``GraphQLHTTPClient`` has learnt of its server's persisted queries: once the server answers
/// `PersistedQueryNotSupported`, automatic persisted queries are off for that client, and every later call sends
/// its document directly (no hash-only round trip), as Apollo's clients do. `PersistedQueryNotFound` is not
/// remembered: it is about one id, and the next call of that id is a hash-only request again (the server has stored
/// it). Shared by the copies of a client; a client for another endpoint (`withEndpoint(_:)`) starts afresh.
///
/// Safe for many calls in flight at once (a lock); calls already past their first request when the refusal arrives
/// finish as they started.
final class PersistedQuerySupport: Sendable {
    private let refused = Locked(false)

    /// Whether the server answered `PersistedQueryNotSupported` to this client.
    var isRefused: Bool { refused.withLock { $0 } }

    /// Records the server's `PersistedQueryNotSupported`.
    func recordRefusal() {
        refused.withLock { $0 = true }
    }
}
