import Foundation

/// Waits a reconnection's delay; throws when the waiting task is cancelled.
typealias SubscriptionSleep = @Sendable (Duration) async throws -> Void

/// The waits between a subscription's reconnections: `Task.sleep` in production, a recording sleeper that returns at
/// once in tests (no test waits real seconds for a backoff or a `Retry-After`).
enum SubscriptionSleeping {
    /// `Task.sleep(for:)`.
    static let real: SubscriptionSleep = { delay in try await Task.sleep(for: delay) }
}
