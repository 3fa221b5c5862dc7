import Foundation
import GraphQLBridgeSupport

/// The default clock of a ``GraphQLCache``: the wall clock as it was when the cache was made, moved on by the time
/// elapsed since on `ContinuousClock`, which nobody sets and which keeps counting while the device sleeps.
///
/// Ages within a process are then measured, not read off a wall clock that the user or the network may set back or
/// forward while the app runs: a clock set back can neither make a stale result fresh nor freeze its age. Records of
/// another process (or of an earlier launch) are compared with this time: one received after it is stale, never
/// fresher (``CacheFieldEntry``).
@usableFromInline
enum CacheClock {
    /// A clock anchored to the wall clock now.
    @usableFromInline
    static func anchoredToWallClock() -> @Sendable () -> Date {
        let wall = Date()
        let start = ContinuousClock.now
        return { wall.addingTimeInterval(start.duration(to: ContinuousClock.now).timeInterval) }
    }
}
