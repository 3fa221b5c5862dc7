import Foundation
import GraphQLBridgeSupport

/// A clock that moves only when a test says so: freshness is tested without sleeping.
final class ManualClock: Sendable {
    private let current = Locked(Date(timeIntervalSince1970: 1_800_000_000))

    var now: Date { current.value }

    func advance(by duration: Duration) {
        current.withLock { $0 += duration.timeInterval }
    }

    /// The clock as the cache takes it.
    var function: @Sendable () -> Date { { [self] in self.now } }
}
