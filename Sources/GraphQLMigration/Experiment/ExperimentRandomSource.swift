import GraphQLBridgeSupport

/// Where ``ExperimentSampling/percent(_:random:)`` draws its random numbers: the system
/// generator in production, a seeded or scripted one in tests.
public struct ExperimentRandomSource: Sendable {
    private let nextValue: @Sendable () -> Double

    /// A source returning `next()`'s values; values outside `0..<1` are clamped into it.
    public init(_ next: @escaping @Sendable () -> Double) {
        nextValue = next
    }

    /// The system's random number generator.
    public static var system: ExperimentRandomSource {
        ExperimentRandomSource { Double.random(in: 0..<1) }
    }

    /// A reproducible source: the same `seed` gives the same sequence (SplitMix64). Safe to
    /// share between tasks; the sequence is then consumed in call order.
    public static func seeded(_ seed: UInt64) -> ExperimentRandomSource {
        let generator = Locked(SplitMix64(seed: seed))
        return ExperimentRandomSource {
            generator.withLock { Double.random(in: 0..<1, using: &$0) }
        }
    }

    /// The next random number, in `0..<1`.
    public func next() -> Double {
        let value = nextValue()
        guard value.isFinite, value >= 0 else { return 0 }
        return value < 1 ? value : 1.0.nextDown
    }
}
