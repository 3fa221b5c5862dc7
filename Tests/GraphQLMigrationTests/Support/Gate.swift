import Foundation
import GraphQLBridgeSupport

/// A door the test opens: whoever calls ``pass()`` waits until the test calls ``open()``. It ignores cancellation,
/// like code stuck where it never checks it, so what waits at it ends when the test says so, never because time
/// went by: a test orders events with it ("the caller returned before the candidate was let go") instead of timing
/// them.
///
/// Continuations are resumed after the lock is released.
final class Gate: Sendable {
    private struct State {
        var isOpen = false
        var waiting: [CheckedContinuation<Void, Never>] = []
        var arrivalsWhileClosed = 0
    }

    private let state = Locked(State())

    /// Waits until the gate is open (goes on at once if it already is).
    func pass() async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let open = state.withLock { state -> Bool in
                if !state.isOpen {
                    state.arrivalsWhileClosed += 1
                    state.waiting.append(continuation)
                }
                return state.isOpen
            }
            if open { continuation.resume() }
        }
    }

    /// Opens the gate: whoever waits goes on, and later arrivals pass at once. Opening it again does nothing.
    func open() {
        let released = state.withLock { state -> [CheckedContinuation<Void, Never>] in
            state.isOpen = true
            defer { state.waiting.removeAll() }
            return state.waiting
        }
        for continuation in released { continuation.resume() }
    }

    /// How many calls of ``pass()`` found the gate closed (and so waited for ``open()``).
    var waitedCount: Int { state.withLock { $0.arrivalsWhileClosed } }

    /// Whether the gate was opened.
    var wasOpened: Bool { state.withLock { $0.isOpen } }
}
