import Foundation

/// A door the test opens: whoever calls ``pass()`` waits until the test calls ``open()``. It ignores cancellation,
/// like code stuck where it never checks it, so what waits at it ends when the test says so, never because time
/// went by: a test orders events with it ("the caller returned before the candidate was let go") instead of timing
/// them.
///
/// `@unchecked Sendable`: `isOpen`, `waiting` and `arrivalsWhileClosed` are only read or written while `lock` is
/// held.
final class Gate: @unchecked Sendable {
    private let lock = NSLock()
    private var isOpen = false
    private var waiting: [CheckedContinuation<Void, Never>] = []
    private var arrivalsWhileClosed = 0

    /// Waits until the gate is open (goes on at once if it already is).
    func pass() async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let open = lock.withLock { () -> Bool in
                if !isOpen {
                    arrivalsWhileClosed += 1
                    waiting.append(continuation)
                }
                return isOpen
            }
            if open { continuation.resume() }
        }
    }

    /// Opens the gate: whoever waits goes on, and later arrivals pass at once. Opening it again does nothing.
    func open() {
        let released = lock.withLock { () -> [CheckedContinuation<Void, Never>] in
            isOpen = true
            defer { waiting.removeAll() }
            return waiting
        }
        for continuation in released { continuation.resume() }
    }

    /// How many calls of ``pass()`` found the gate closed (and so waited for ``open()``).
    var waitedCount: Int { lock.withLock { arrivalsWhileClosed } }

    /// Whether the gate was opened.
    var wasOpened: Bool { lock.withLock { isOpen } }
}
