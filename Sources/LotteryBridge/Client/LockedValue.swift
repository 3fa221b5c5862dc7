import Foundation

/// A value behind a lock, readable and replaceable from any thread.
///
/// `@unchecked Sendable` is sound: `value` is only read or written while `lock` is held, and `Value` is
/// `Sendable`, so what is handed out can cross threads.
final class LockedValue<Value: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: Value

    init(_ value: Value) {
        stored = value
    }

    /// The current value.
    var value: Value {
        lock.withLock { stored }
    }

    /// Changes the value under the lock.
    func update(_ change: (inout Value) -> Void) {
        lock.withLock { change(&stored) }
    }
}
