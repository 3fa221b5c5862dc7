import Foundation
import GraphQLMigration
import Testing

@testable import GraphQLBridge

/// `MemoryCacheSlots`, the memory store's table of records, against a dictionary: random sequences of stores, removals,
/// clears and in-place changes, checked after every step. A place kept from any earlier step (`index(at:)`) finds its
/// slot exactly while the record stored then is stored still (not removed, not cleared), and never another record's,
/// whatever place a later record reused; a key's index always holds the key's slot. A failure is shrunk to the fewest
/// steps that still fail; `GRAPHQLBRIDGE_SLOTS_SEED` replays a seed.
@Suite("MemoryCacheSlots: places checked, never trusted")
struct MemoryCacheSlotsTests {
    enum Step: Equatable, CustomStringConvertible {
        case set(key: Int, value: Int)
        case remove(key: Int)
        case removeAll
        case add(key: Int, amount: Int)

        var description: String {
            switch self {
            case .set(let key, let value): "set k\(key)=\(value)"
            case .remove(let key): "remove k\(key)"
            case .removeAll: "removeAll"
            case .add(let key, let amount): "add k\(key)+\(amount)"
            }
        }
    }

    /// The first difference from the model when `steps` run, or `nil`.
    static func failure(_ steps: [Step]) -> String? {
        var slots = MemoryCacheSlots(vacant: -1)
        var model: [String: Int] = [:]
        // Each place taken, with the key it was taken for and whether the record stored then is stored still.
        var places: [(place: MemoryCachePlace, key: String, live: Bool)] = []
        for (number, step) in steps.enumerated() {
            switch step {
            case .set(let key, let value):
                let name = "k\(key)"
                let replaced = slots.set(value, forKey: name)
                if replaced != model[name] { return "step \(number) \(step): replaced \(String(describing: replaced))" }
                model[name] = value
            case .remove(let key):
                let name = "k\(key)"
                let removed = slots.removeValue(forKey: name)
                if removed != model[name] { return "step \(number) \(step): removed \(String(describing: removed))" }
                model[name] = nil
                for index in places.indices where places[index].key == name { places[index].live = false }
            case .removeAll:
                slots.removeAll()
                model = [:]
                for index in places.indices { places[index].live = false }
            case .add(let key, let amount):
                let name = "k\(key)"
                guard let index = slots.index(forKey: name) else {
                    if model[name] != nil { return "step \(number) \(step): no index for a stored key" }
                    continue
                }
                slots[index] += amount
                model[name, default: 0] += amount
            }
            // The table against the model.
            if slots.count != model.count { return "step \(number) \(step): count \(slots.count), not \(model.count)" }
            if Set(slots.keys) != Set(model.keys) { return "step \(number) \(step): keys \(Set(slots.keys))" }
            let all = slots.all
            if all.count != model.count || all.contains(where: { model[$0.key] != $0.slot }) {
                return "step \(number) \(step): every slot \(all), not \(model)"
            }
            for (key, value) in model {
                guard let index = slots.index(forKey: key), slots[index] == value, slots[key] == value else {
                    return "step \(number) \(step): \(key) does not hold \(value)"
                }
                places.append((slots.place(of: index), key, true))
            }
            // Every place ever taken: found exactly while its record is stored still, and then at the key's index.
            for taken in places {
                let found = slots.index(at: taken.place)
                if taken.live, found != slots.index(forKey: taken.key) {
                    return
                        "step \(number) \(step): the place of \(taken.key) (stored still) finds \(String(describing: found))"
                }
                if !taken.live, let found {
                    return "step \(number) \(step): a place of \(taken.key), removed since, finds index \(found)"
                }
            }
        }
        return nil
    }

    /// `steps` with steps left out as long as they still fail.
    static func shrunk(_ steps: [Step]) -> [Step] {
        shrunkSteps(steps) { failure($0) != nil }
    }

    @Test("examples: a place reused by another record, a record stored again, a clear")
    func examples() {
        // k1 removed, k2 takes its place: k1's old place finds nothing; k1 stored again gets a place of its own.
        #expect(
            Self.failure([.set(key: 1, value: 10), .remove(key: 1), .set(key: 2, value: 20), .set(key: 1, value: 11)])
                == nil)
        // Replaced in place: its place holds.
        #expect(Self.failure([.set(key: 1, value: 10), .set(key: 1, value: 12), .add(key: 1, amount: 3)]) == nil)
        // Cleared, then the same keys in the same order: no place from before the clear finds them.
        #expect(
            Self.failure([
                .set(key: 1, value: 1), .set(key: 2, value: 2), .removeAll, .set(key: 1, value: 3),
                .set(key: 2, value: 4),
            ]) == nil)
        // A place of one table matches nothing in another (generations are unique in the process).
        var first = MemoryCacheSlots(vacant: 0)
        var second = MemoryCacheSlots(vacant: 0)
        first.set(1, forKey: "a")
        second.set(2, forKey: "a")
        let place = first.place(of: first.index(forKey: "a") ?? -1)
        #expect(second.index(at: place) == nil)
        #expect(first.index(at: place) == first.index(forKey: "a"))
    }

    @Test("random stores, removals, clears and changes: the same table as a dictionary's, places never wrong (seeded)")
    func randomSteps() {
        let seed = UInt64(ProcessInfo.processInfo.environment["GRAPHQLBRIDGE_SLOTS_SEED"] ?? "") ?? 28_1207_2
        var generator = SplitMix64(seed: seed)
        for round in 0..<400 {
            var steps: [Step] = []
            for _ in 0..<Int.random(in: 1...40, using: &generator) {
                let key = Int.random(in: 0..<8, using: &generator)
                switch Int.random(in: 0..<20, using: &generator) {
                case 0..<8: steps.append(.set(key: key, value: Int.random(in: 0..<100, using: &generator)))
                case 8..<14: steps.append(.remove(key: key))
                case 14: steps.append(.removeAll)
                default: steps.append(.add(key: key, amount: Int.random(in: 1..<5, using: &generator)))
                }
            }
            if let problem = Self.failure(steps) {
                let minimal = Self.shrunk(steps)
                Issue.record(
                    """
                    seed \(seed) (GRAPHQLBRIDGE_SLOTS_SEED), round \(round): \(problem)
                    minimal steps: \(minimal) → \(Self.failure(minimal) ?? "?")
                    """)
                return
            }
        }
    }
}
