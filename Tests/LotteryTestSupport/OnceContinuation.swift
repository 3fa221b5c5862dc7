import Foundation
import GraphQLBridgeSupport

/// A continuation that can be resumed from several racing places (output, exit, timeout); the first wins.
final class OnceContinuation<Value: Sendable>: Sendable {
    private struct State {
        var continuation: CheckedContinuation<Value, any Error>?
        var early: Result<Value, any Error>?
        var finished = false
    }

    private let state = Locked(State())

    /// Suspends until `resume(with:)` is called (or returns at once if it already was).
    func wait() async throws -> Value {
        try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Value, any Error>) in
            let early = state.withLock { state -> Result<Value, any Error>? in
                guard let early = state.early else {
                    state.continuation = continuation
                    return nil
                }
                state.early = nil
                return early
            }
            if let early { continuation.resume(with: early) }
        }
    }

    /// Delivers the outcome; returns `false` when an earlier call already did.
    @discardableResult
    func resume(with result: Result<Value, any Error>) -> Bool {
        // The continuation is resumed after the lock is released.
        let (delivered, waiting) = state.withLock { state -> (Bool, CheckedContinuation<Value, any Error>?) in
            guard !state.finished else { return (false, nil) }
            state.finished = true
            guard let continuation = state.continuation else {
                state.early = result
                return (true, nil)
            }
            state.continuation = nil
            return (true, continuation)
        }
        waiting?.resume(with: result)
        return delivered
    }
}
