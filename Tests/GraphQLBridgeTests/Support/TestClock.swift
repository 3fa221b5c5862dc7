import Foundation
import GraphQLBridgeSupport

/// A clock that moves only when a test says so: the cache's freshness is tested without sleeping.
final class TestClock: Sendable {
    private let current = Locked(Date(timeIntervalSince1970: 1_800_000_000))

    /// The current time.
    var now: Date { current.value }

    /// Moves the clock on by `duration`.
    func advance(by duration: Duration) {
        current.withLock { $0 += duration.timeInterval }
    }

    /// The clock as `GraphQLCache(now:)` takes it.
    var function: @Sendable () -> Date { { [self] in self.now } }

    /// A clock that never moves, for caches whose tests are not about time: a lifetime of the schema's (the shop's
    /// `Offer.price`, 5 s) never ends however slowly a loaded machine (ThreadSanitizer) runs the test. Every cache
    /// given it reads the same time, as caches reopened on one file should.
    static let frozen: @Sendable () -> Date = { Date(timeIntervalSince1970: 1_800_000_000) }
}
