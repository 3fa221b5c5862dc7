import Foundation
import GraphQLBridge
import GraphQLBridgeSupport
import PagingAPI
import Testing

/// The stored content of an `appendAfter` list (`listedItemsBeforeID`) against a reference model, over seeded random
/// sequences of first pages, pages below an item (one the list holds, or any, a gap), items inserted and removed on
/// the server, and the app's edits of the list: after every step, a cache-only read of the list gives the model's
/// list. The model's rule: a first page whose last item is in the list takes the places up to that item, the items
/// after it kept, each record once; any other first page (empty, last item not held, no list) is the list; a page
/// below an item the list holds takes the places after it up to the held item equal to its own last (the items after
/// that kept; none: the list ends with it); below an item it does not hold (or with no list), it joins nothing.
/// `GRAPHQLBRIDGE_PAGER_SEED=N` replays one seed; `GRAPHQLBRIDGE_PAGER_SEQUENCES=N` runs N (30 by default).
@Suite("An appendAfter list against a reference model")
struct AnchoredListModelTests {
    enum Step: Hashable, CustomStringConvertible {
        /// The first page of `last` items.
        case first(last: Int)
        /// The `last` items below the list's item at `pick` (modulo its count), or below `number` when the list is
        /// empty or `gap`.
        case below(pick: Int, number: Int, gap: Bool, last: Int)
        case insert(Int)
        case remove(Int)
        /// The app writes the list as its items at these places (modulo its count), in this order.
        case edit([Int])

        var description: String {
            switch self {
            case .first(let last): ".first(last: \(last))"
            case .below(let pick, let number, let gap, let last):
                ".below(pick: \(pick), number: \(number), gap: \(gap), last: \(last))"
            case .insert(let number): ".insert(\(number))"
            case .remove(let number): ".remove(\(number))"
            case .edit(let places): ".edit(\(places))"
            }
        }
    }

    static func steps(seed: UInt64, count: Int) -> [Step] {
        var random = SeededGenerator(seed: seed)
        return (0..<count).map { _ in
            switch Int.random(in: 0..<12, using: &random) {
            case 0, 1, 2: return .first(last: Int.random(in: 1...4, using: &random))
            case 3, 4, 5, 6:
                return .below(
                    pick: Int.random(in: 0..<12, using: &random), number: Int.random(in: 0..<40, using: &random),
                    gap: Int.random(in: 0..<5, using: &random) == 0, last: Int.random(in: 1...4, using: &random))
            case 7, 8: return .insert(Int.random(in: 0..<40, using: &random))
            case 9, 10: return .remove(Int.random(in: 0..<40, using: &random))
            default:
                let count = Int.random(in: 0...4, using: &random)
                return .edit((0..<count).map { _ in Int.random(in: 0..<12, using: &random) })
            }
        }
    }

    /// The reference: the server's numbers and the list the cache holds (`nil`: none).
    struct Model {
        var server: Set<Int>
        var list: [Int]?

        /// The server's answer: the `last` highest numbers below `before` (all without it), highest first.
        func answer(before: Int?, last: Int) -> [Int] {
            Array(server.sorted(by: >).filter { number in before.map { number < $0 } ?? true }.prefix(last))
        }

        static func unique(_ numbers: [Int]) -> [Int] {
            var seen: Set<Int> = []
            return numbers.filter { seen.insert($0).inserted }
        }

        mutating func first(_ page: [Int]) {
            guard let stored = list, let last = page.last, let end = stored.firstIndex(of: last),
                end < stored.count - 1
            else {
                list = page
                return
            }
            list = Self.unique(page + stored[(end + 1)...])
        }

        mutating func below(_ anchor: Int, _ page: [Int]) {
            guard let stored = list, let index = stored.lastIndex(of: anchor) else { return }
            var joined = Array(stored[...index]) + page
            if index < stored.count - 1, let last = page.last, let end = stored[(index + 1)...].firstIndex(of: last) {
                joined += stored[(end + 1)...]
            }
            list = Self.unique(joined)
        }
    }

    static var knownSeeds: [UInt64] { [1, 2, 3] }

    @Test("random first pages, pages below an item, server changes and edits keep the stored list the model's")
    func randomSequences() async throws {
        for seed in PagerModelTests.seeds(known: Self.knownSeeds) {
            let steps = Self.steps(seed: seed, count: 30)
            if let failure = try await Self.run(steps) {
                Issue.record("seed \(seed) (GRAPHQLBRIDGE_PAGER_SEED=\(seed)): \(failure)\nsteps: \(steps)")
                return
            }
        }
    }

    /// Runs `steps` on a fresh server and cache; the first difference from the model, if any.
    static func run(_ steps: [Step]) async throws -> String? {
        let numbers = Array(stride(from: 0, to: 40, by: 3))
        let server = PagingServer(numbers: numbers, holdsRequests: false)
        let cache = GraphQLCache(maxAge: .seconds(3600), now: { Date(timeIntervalSince1970: 1_800_000_000) })
        let client = GraphQLHTTPClient(endpoint: PagingServer.endpoint, transport: server.transport, cache: cache)
        var model = Model(server: Set(numbers))
        for (index, step) in steps.enumerated() {
            switch step {
            case .first(let last):
                let page = model.answer(before: nil, last: last)
                let query = ListedItemsBeforeIDQuery(tag: "a", last: last, before: .none)
                let got = try await client.execute(query, fetchPolicy: .serverOnly).data?.listedItemsBeforeID
                if got?.map(\.number) != page {
                    return "step \(index) \(step): the server gave \(String(describing: got))"
                }
                model.first(page)
            case .below(let pick, let number, let gap, let last):
                let held = model.list ?? []
                let anchor = gap || held.isEmpty ? number : held[pick % held.count]
                let page = model.answer(before: anchor, last: last)
                let query = ListedItemsBeforeIDQuery(tag: "a", last: last, before: .some(GraphQLID("i\(anchor)")))
                _ = try await client.execute(query, fetchPolicy: .serverOnly)
                model.below(anchor, page)
            case .insert(let number):
                server.insert(number)
                model.server.insert(number)
            case .remove(let number):
                server.remove(number)
                model.server.remove(number)
            case .edit(let places):
                guard let held = model.list, !held.isEmpty else { continue }
                let edited = Model.unique(places.map { held[$0 % held.count] })
                try await FirstPageTests.edit(cache, to: edited)
                model.list = edited
            }
            let read = try? await client.execute(FirstPageTests.first, fetchPolicy: .cacheOnly)
            let holds = read?.data?.listedItemsBeforeID.map(\.number)
            if holds != model.list {
                return "after step \(index) \(step): the cache holds \(String(describing: holds)), the model "
                    + "\(String(describing: model.list))"
            }
        }
        return nil
    }
}
