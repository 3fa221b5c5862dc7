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
    ///
    /// The two clocks are read as one instant: a thread preempted between the two reads (a loaded device) would set
    /// this cache's time behind the wall clock by the pause, and another cache on the same file (another process)
    /// would then read the records this one writes as received in its future: stale. So the wall clock is read
    /// between two reads of `ContinuousClock`, again (a few times at most) when they are more than a millisecond apart.
    @usableFromInline
    static func anchoredToWallClock() -> @Sendable () -> Date {
        var best: (wall: Date, start: ContinuousClock.Instant, gap: Duration)?
        for _ in 0..<5 {
            let before = ContinuousClock.now
            let wall = Date()
            let after = ContinuousClock.now
            let gap = before.duration(to: after)
            // The wall clock's instant taken as the middle of the two reads.
            let start = before.advanced(by: gap / 2)
            if best.map({ gap < $0.gap }) ?? true { best = (wall, start, gap) }
            if gap <= .milliseconds(1) { break }
        }
        let wall = best?.wall ?? Date()
        let start = best?.start ?? ContinuousClock.now
        return { wall.addingTimeInterval(start.duration(to: ContinuousClock.now).timeInterval) }
    }
}
