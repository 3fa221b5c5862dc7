import GraphQLCodegenTestSupport

/// The checker's seeded random numbers (SplitMix64, the same on every platform): same seed, same sequence of steps.
struct ModelRandom {
    private var random: SeededRandom

    init(seed: UInt64) { random = SeededRandom(seed: seed) }

    /// A number in `0..<bound`.
    mutating func next(upTo bound: Int) -> Int { random.next(upTo: bound) }

    /// `true` with the given probability.
    mutating func chance(_ probability: Double) -> Bool { random.chance(probability) }

    /// An element of a non-empty array.
    mutating func pick<T>(_ items: [T]) -> T { items[random.next(upTo: items.count)] }

    /// `count` distinct elements, in random order.
    mutating func sample<T>(_ items: [T], count: Int) -> [T] { random.sample(items, count: count) }

    /// The next 64 random bits.
    mutating func nextUInt64() -> UInt64 { random.nextUInt64() }
}
