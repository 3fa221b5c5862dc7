import Foundation
import GraphQLBridgeSupport

#if canImport(Glibc)
    import Glibc
#endif

/// The process's peak resident memory over a stretch of time: a thread of its own reads `VmRSS` every 2 ms (the
/// kernel's `VmHWM` is the peak since the process started, not since a point in it). Free heap memory is given back
/// to the system first (glibc's `malloc_trim`), so that what an earlier measurement freed is not reused unseen.
final class PeakResidentMemory: Sendable {
    private let state = Locked((peakKB: 0, stopped: false))
    /// The resident memory when sampling started, in KB.
    let startKB: Int

    /// Starts sampling.
    init() {
        Self.trimHeap()
        startKB = CompareBenchmark.MemoryAtProgress.residentKB()
        state.withLock { $0.peakKB = startKB }
        let thread = Thread { [self] in
            while !state.withLock({ $0.stopped }) {
                let now = CompareBenchmark.MemoryAtProgress.residentKB()
                state.withLock { $0.peakKB = max($0.peakKB, now) }
                usleep(2_000)
            }
        }
        thread.start()
    }

    /// glibc's `malloc_trim(0)`, looked up at run time (Swift's Glibc module does not declare it); nothing elsewhere.
    static func trimHeap() {
        #if os(Linux)
            typealias Trim = @convention(c) (Int) -> Int32
            if let symbol = dlsym(nil, "malloc_trim") { _ = unsafeBitCast(symbol, to: Trim.self)(0) }
        #endif
    }

    /// Stops sampling; the peak growth since the start, in KB.
    func stop() -> Int {
        let now = CompareBenchmark.MemoryAtProgress.residentKB()
        return state.withLock { state in
            state.stopped = true
            state.peakKB = max(state.peakKB, now)
            return state.peakKB - startKB
        }
    }
}
