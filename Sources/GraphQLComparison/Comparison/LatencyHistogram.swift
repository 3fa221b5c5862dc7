import Foundation
import GraphQLMigration

/// Read durations in logarithmic buckets (2% wide, from 1 µs to about 20 minutes): percentiles within 2% in memory
/// that does not grow with the number of reads. The smallest and largest durations are kept exactly.
struct LatencyHistogram: Sendable, Hashable {
    /// The ratio between the bounds of two neighbouring buckets.
    static let ratio = 1.02
    /// The upper bound of the first bucket, in seconds.
    static let base = 1e-6
    static let bucketCount = 1100

    private(set) var counts: [Int] = []
    private(set) var count = 0
    private(set) var minimum = Double.infinity
    private(set) var maximum = 0.0

    init() {}

    /// Adds a duration in seconds.
    mutating func add(_ seconds: Double) {
        guard seconds.isFinite, seconds >= 0 else { return }
        if counts.isEmpty { counts = Array(repeating: 0, count: Self.bucketCount) }
        counts[Self.bucket(of: seconds)] += 1
        count += 1
        minimum = Swift.min(minimum, seconds)
        maximum = Swift.max(maximum, seconds)
    }

    /// Adds every duration of `other`.
    mutating func merge(_ other: LatencyHistogram) {
        guard other.count > 0 else { return }
        if counts.isEmpty { counts = Array(repeating: 0, count: Self.bucketCount) }
        for index in other.counts.indices { counts[index] += other.counts[index] }
        count += other.count
        minimum = Swift.min(minimum, other.minimum)
        maximum = Swift.max(maximum, other.maximum)
    }

    static func bucket(of seconds: Double) -> Int {
        guard seconds > base else { return 0 }
        let index = Int((log(seconds / base) / log(ratio)).rounded(.up))
        return Swift.min(Swift.max(index, 0), bucketCount - 1)
    }

    static func upperBound(of bucket: Int) -> Double {
        base * pow(ratio, Double(bucket))
    }

    /// The duration (seconds) below which `fraction` of the reads took (nearest rank, to the bucket's upper bound,
    /// within the smallest and largest duration seen); 0 without reads.
    func quantile(_ fraction: Double) -> Double {
        guard count > 0 else { return 0 }
        let rank = Swift.max(1, Int((fraction * Double(count)).rounded(.up)))
        var seen = 0
        for (index, bucketCount) in counts.enumerated() where bucketCount > 0 {
            seen += bucketCount
            if seen >= rank { return Swift.min(Swift.max(Self.upperBound(of: index), minimum), maximum) }
        }
        return maximum
    }

    /// The distribution in at most `bins` bins of equal width on a logarithmic scale from the smallest to the
    /// largest duration: each bin's upper bound in seconds and its count.
    func distribution(bins: Int = 20) -> [(upTo: Double, count: Int)] {
        guard count > 0, bins > 0 else { return [] }
        let low = Swift.max(minimum, Self.base)
        let high = Swift.max(maximum, low * 1.0001)
        let step = log(high / low) / Double(bins)
        var result = (0..<bins).map { bin in (upTo: low * exp(step * Double(bin + 1)), count: 0) }
        for (index, bucketCount) in counts.enumerated() where bucketCount > 0 {
            let value = Swift.min(Swift.max(Self.upperBound(of: index), low), high)
            let bin = Swift.min(bins - 1, Swift.max(0, Int(log(value / low) / step - 1e-9)))
            result[bin].count += bucketCount
        }
        return result
    }
}
