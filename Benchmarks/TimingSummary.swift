import GraphQLBridgeSupport

/// The timed runs of one path: every sample, and its median and minimum.
struct TimingSummary {
    /// The path's name as printed.
    var name: String
    /// Bytes this path decodes per run.
    var bytesPerRun: Int
    /// Milliseconds of each timed run, in run order.
    var samples: [Double] = []

    /// The median run in milliseconds (the mean of the two middle runs for an even count).
    var medianMilliseconds: Double {
        let sorted = samples.sorted()
        guard !sorted.isEmpty else { return .nan }
        let middle = sorted.count / 2
        return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
    }

    /// The fastest run in milliseconds.
    var minimumMilliseconds: Double {
        samples.min() ?? .nan
    }

    /// Throughput at the median, in MB/s (10^6 bytes per second).
    var megabytesPerSecond: Double {
        Double(bytesPerRun) / 1_000_000 / (medianMilliseconds / 1000)
    }

    /// Runs `body` once and returns how long it took, in milliseconds.
    static func time<T>(_ body: () throws -> T) rethrows -> (milliseconds: Double, result: T) {
        let clock = ContinuousClock()
        let start = clock.now
        let result = try body()
        return ((clock.now - start).timeInterval * 1000, result)
    }

    /// Runs `body` once and returns how long it took, in milliseconds.
    static func timeAsync(_ body: () async -> Void) async -> Double {
        let clock = ContinuousClock()
        let start = clock.now
        await body()
        return (clock.now - start).timeInterval * 1000
    }
}
