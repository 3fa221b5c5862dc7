import Foundation
import GraphQLBridgeSupport

/// For tests: holds the cache reads of a cache's live queries (watches and query refs' followers) while closed, each
/// between its wake-up and its read, so that a test can change the cache at that point (end an optimistic layer, say)
/// deterministically, then let them read. Open unless a test closes it; an open gate costs a lock. Not part of the API.
@_spi(Testing)
public final class WatchReadGate: Sendable {
    private struct State {
        var closed = false
        var held: [UInt64: CheckedContinuation<Void, Never>] = [:]
        var nextID: UInt64 = 0
    }

    private let state = Locked(State())

    init() {}

    /// Holds every read from now until ``open()``.
    public func close() {
        state.withLock { $0.closed = true }
    }

    /// Lets the held reads go, and the later ones pass.
    public func open() {
        let held = state.withLock { state in
            state.closed = false
            defer { state.held = [:] }
            return Array(state.held.values)
        }
        for continuation in held { continuation.resume() }
    }

    /// How many reads are held now.
    public var heldCount: Int { state.withLock { $0.held.count } }

    /// Returns at once while open; while closed, when the gate opens or the task is cancelled.
    func pass() async {
        guard state.withLock({ $0.closed }) else { return }
        let id = state.withLock { state in
            defer { state.nextID += 1 }
            return state.nextID
        }
        await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
                let passes = state.withLock { state in
                    guard state.closed, !Task.isCancelled else { return true }
                    state.held[id] = continuation
                    return false
                }
                if passes { continuation.resume() }
            }
        } onCancel: {
            state.withLock { $0.held.removeValue(forKey: id) }?.resume()
        }
    }
}
