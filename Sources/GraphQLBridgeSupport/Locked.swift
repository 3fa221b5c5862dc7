import Foundation

/// A value behind a lock: the one lock type of this package's modules (`package` access: not part of any
/// product's API).
///
/// Every read and write of the state happens inside ``withLock(_:)``, which holds an `NSLock` for the whole call,
/// so no two threads ever touch the state at once. That is why it is `@unchecked Sendable` when `State` is
/// `Sendable`: the compiler cannot see the lock, but the state is never reachable without it, and what a closure
/// hands out of the lock (a copy of the state or a part of it) is `Sendable` too. With a state that is not
/// `Sendable` (an async iterator), `Locked` is not `Sendable` either: its owner must say why sharing it is safe.
///
/// `Synchronization.Mutex` would do the same, but needs macOS 15 / iOS 18; the package supports macOS 14 / iOS 17.
///
/// The lock is not reentrant, and a closure holding it should do no more than read and change the state: resume
/// continuations, finish streams and call other code after `withLock` returns (return what is needed from it).
/// Lock a value, not `Void`: ThreadSanitizer reports the accesses to a zero-sized state as races (its address is
/// past the object's end, in whatever memory follows).
package final class Locked<State> {
    private let lock = NSLock()
    private var state: State

    /// A lock guarding `state`.
    /// - Parameter state: The initial state.
    package init(_ state: State) {
        self.state = state
    }

    /// Runs `body` with exclusive access to the state, and returns what it returns.
    /// - Parameter body: Reads or changes the state; it must not call `withLock` on the same lock.
    /// - Returns: What `body` returns.
    package func withLock<Result>(_ body: (inout State) throws -> Result) rethrows -> Result {
        lock.lock()
        defer { lock.unlock() }
        return try body(&state)
    }

    /// Runs `body` with exclusive access to the state when the lock is free now; `nil`, without waiting and without
    /// running `body`, when another thread holds it.
    /// - Parameter body: Reads or changes the state; it must not call `withLock` on the same lock.
    /// - Returns: What `body` returns, or `nil` when the lock was taken.
    package func withLockIfAvailable<Result>(_ body: (inout State) throws -> Result) rethrows -> Result? {
        guard lock.try() else { return nil }
        defer { lock.unlock() }
        return try body(&state)
    }

    /// A copy of the state, read under the lock.
    package var value: State {
        withLock { $0 }
    }
}

// Safe: the state is only reached inside `withLock`, under the lock (see the type's documentation).
extension Locked: @unchecked Sendable where State: Sendable {}
