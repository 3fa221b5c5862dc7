import Foundation

/// A value guarded by an `NSLock`, shareable across tasks and threads.
///
/// `@unchecked Sendable` is sound here: `state` is only ever read or written inside
/// `withLock`, which holds the lock for the whole access, so no two threads touch it at once.
/// (`Synchronization.Mutex` would do the same but needs macOS 15 / iOS 18; the package
/// supports macOS 14 / iOS 17.) `State` must be `Sendable` so values handed out by
/// `withLock` can cross tasks safely.
final class LockedState<State: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var state: State

    init(_ state: State) {
        self.state = state
    }

    /// Runs `body` with exclusive access to the state.
    func withLock<Result>(_ body: (inout State) throws -> Result) rethrows -> Result {
        lock.lock()
        defer { lock.unlock() }
        return try body(&state)
    }
}
