import Foundation

/// A clock that moves only when a test says so: freshness is tested without sleeping.
final class ManualClock: @unchecked Sendable {
    // @unchecked: `current` is only read or written while `lock` is held.
    private let lock = NSLock()
    private var current = Date(timeIntervalSince1970: 1_800_000_000)

    var now: Date { lock.withLock { current } }

    func advance(by duration: Duration) {
        let (seconds, attoseconds) = duration.components
        lock.withLock { current += TimeInterval(seconds) + TimeInterval(attoseconds) / 1e18 }
    }

    /// The clock as the cache takes it.
    var function: @Sendable () -> Date { { [self] in self.now } }
}
