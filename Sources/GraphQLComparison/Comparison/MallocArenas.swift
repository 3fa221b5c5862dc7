import Foundation
import GraphQLMigration

#if canImport(Glibc)
    import Glibc
#endif

/// The process's allocator pools, on Linux with glibc: each thread that allocates gets a pool ("arena") of its own,
/// up to eight per core, and memory freed in a pool stays with it. A comparison runs thousands of short tasks over
/// the concurrency pool's threads, so freed memory piles up in every pool and the process's resident size grows with
/// the run although the comparison holds nothing (measured: `Benchmarks compare`, Benchmarks/README.md). Two pools
/// keep it bounded, at no measurable cost for work that waits on the network.
enum MallocArenas {
    /// Limits the pools to two, unless `MALLOC_ARENA_MAX` is in the environment (then glibc does as it says).
    /// Nothing elsewhere (Apple platforms, another C library).
    static func limitForComparison() {
        #if canImport(Glibc)
            guard ProcessInfo.processInfo.environment["MALLOC_ARENA_MAX"] == nil,
                // `mallopt` is glibc's (malloc.h, which the Glibc module does not bring): looked up, not linked.
                let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "mallopt")
            else { return }
            typealias Mallopt = @convention(c) (Int32, Int32) -> Int32
            let mallopt = unsafeBitCast(symbol, to: Mallopt.self)
            let arenaMax: Int32 = -8  // M_ARENA_MAX
            _ = mallopt(arenaMax, 2)
        #endif
    }
}
