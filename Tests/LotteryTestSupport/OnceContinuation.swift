import Foundation

/// A continuation that can be resumed from several racing places (output, exit, timeout); the first wins.
final class OnceContinuation<Value: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var continuation: CheckedContinuation<Value, any Error>?
    private var early: Result<Value, any Error>?
    private var finished = false

    /// Suspends until `resume(with:)` is called (or returns at once if it already was).
    func wait() async throws -> Value {
        try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Value, any Error>) in
            lock.lock()
            if let early {
                self.early = nil
                lock.unlock()
                continuation.resume(with: early)
                return
            }
            self.continuation = continuation
            lock.unlock()
        }
    }

    /// Delivers the outcome; returns `false` when an earlier call already did.
    @discardableResult
    func resume(with result: Result<Value, any Error>) -> Bool {
        lock.lock()
        guard !finished else {
            lock.unlock()
            return false
        }
        finished = true
        if let continuation {
            self.continuation = nil
            lock.unlock()
            continuation.resume(with: result)
        } else {
            early = result
            lock.unlock()
        }
        return true
    }
}
