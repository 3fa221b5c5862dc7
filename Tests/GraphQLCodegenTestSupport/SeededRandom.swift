/// SplitMix64: a small seeded random number generator (the same numbers on every platform).
public struct SeededRandom {
    private var state: UInt64

    /// A generator that starts from `seed`.
    public init(seed: UInt64) { state = seed }

    /// The next 64 random bits.
    public mutating func nextUInt64() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A number in `0..<bound` (0 when `bound` is 0).
    public mutating func next(upTo bound: Int) -> Int {
        bound <= 0 ? 0 : Int(nextUInt64() % UInt64(bound))
    }

    /// `true` with the given probability.
    public mutating func chance(_ probability: Double) -> Bool {
        Double(nextUInt64() % 1_000_000) / 1_000_000 < probability
    }

    /// A random element, `nil` for an empty array.
    public mutating func element<T>(_ items: [T]) -> T? {
        items.isEmpty ? nil : items[next(upTo: items.count)]
    }

    /// `count` distinct elements, in random order.
    public mutating func sample<T>(_ items: [T], count: Int) -> [T] {
        var pool = items
        var result: [T] = []
        while result.count < count, !pool.isEmpty {
            result.append(pool.remove(at: next(upTo: pool.count)))
        }
        return result
    }
}
