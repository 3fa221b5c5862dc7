import Foundation
@_spi(Testing) import GraphQLBridge
import GraphQLBridgeSupport
import PagingAPI
import Testing

/// `GraphQLQueryPager` over a Relay connection, both ways from the middle of the list (each page a query of its own in
/// the cache), and over the same connection declared one list in the cache (`listedItemsConnection`, a list policy:
/// both ways from the end of the list, each page merged into the list the cache holds), against a reference model, over
/// seeded random sequences of steps: `loadNext`, `loadPrevious` and `refresh` (each while others are in flight: the
/// server holds every request until a step answers it, in any order, or fails it), items inserted and renamed on
/// the server behind the client's back, and items renamed by a mutation through the client (the cache changes them).
/// A third run is over one `appendAfter` list (`listedItemsBeforeID`, issue 31), with another screen's first page
/// fetched now and then (`otherFirst`): a first page keeps the stored items after its last one, a refresh replaces it.
///
/// The invariant, after every step: the requests in flight are the model's (a load while the same load is in flight
/// sends nothing; past an end nothing); the pager's items are its pages' items in order, each page as the last
/// answer for its query said and each item with the name the client last heard (a mutation's), or, for one list in the
/// cache, the reference list (each page written appended, prepended, or replacing it from the first page; a page that
/// continued the list while a refresh was asked for or landed is not written: the refresh wins; for the `appendAfter`
/// list, `Model.writeIntoAnchoredList`'s rule); where the list ends both ways; what is loading; the last error and its
/// page. A failing seed prints itself and its sequence shrunk;
/// `GRAPHQLBRIDGE_PAGER_SEED=N` replays one; `GRAPHQLBRIDGE_PAGER_SEQUENCES=N` runs N random sequences (30 by default).
@Suite("GraphQLQueryPager against a reference model")
struct PagerModelTests {
    enum Step: Hashable, CustomStringConvertible {
        case next, previous, refresh
        case answer(pick: Int, fail: Bool)
        case serverInsert(Int)
        case serverRename(Int)
        case clientRename(Int)
        /// Another screen fetches the list's first page (2 items: a query of its own, never shared with the pager's)
        /// from the server, answered at once (anchored lists only; when no first page of the pager is in flight).
        case otherFirst

        var description: String {
            switch self {
            case .next: return ".next"
            case .previous: return ".previous"
            case .refresh: return ".refresh"
            case .answer(let pick, let fail): return ".answer(pick: \(pick), fail: \(fail))"
            case .serverInsert(let number): return ".serverInsert(\(number))"
            case .serverRename(let number): return ".serverRename(\(number))"
            case .clientRename(let number): return ".clientRename(\(number))"
            case .otherFirst: return ".otherFirst"
            }
        }
    }

    /// A page's query: the 3 items after a number (`nil`: from the start), the 3 before one, or the last 3.
    enum Key: Hashable, CustomStringConvertible {
        case after(Int?)
        case before(Int)
        case last

        var description: String {
            switch self {
            case .after(let number): return "after \(number.map(String.init) ?? "start")"
            case .before(let number): return "before \(number)"
            case .last: return "last"
            }
        }

        /// The same page of the connection that is one list in the cache.
        var listedQuery: ListedItemsConnectionQuery {
            switch self {
            case .after(let number):
                return ListedItemsConnectionQuery(first: 3, after: number.map { .some("c\($0)") } ?? .none)
            case .before(let number): return ListedItemsConnectionQuery(last: 3, before: .some("c\(number)"))
            case .last: return ListedItemsConnectionQuery(last: 3, before: .none)
            }
        }

        var query: ItemsConnectionQuery {
            switch self {
            case .after(let number):
                return ItemsConnectionQuery(first: 3, after: number.map { .some("c\($0)") } ?? .none)
            case .before(let number): return ItemsConnectionQuery(last: 3, before: .some("c\(number)"))
            case .last: return ItemsConnectionQuery(last: 3, before: .none)
            }
        }

        init(_ query: ItemsConnectionQuery) {
            self.init(after: query.after, before: query.before, last: query.last)
        }

        init(_ query: ListedItemsConnectionQuery) {
            self.init(after: query.after, before: query.before, last: query.last)
        }

        /// The page of the anchored list: below an item (its id `i<number>`), or the first.
        init(_ query: ListedItemsBeforeIDQuery) {
            if case .some(let id) = query.before, let number = Int(id.dropFirst()) {
                self = .before(number)
            } else {
                self = .last
            }
        }

        init(after: GraphQLNullable<String>, before: GraphQLNullable<String>, last: GraphQLNullable<Int>) {
            if case .some(let cursor) = before, let number = Int(cursor.dropFirst()) {
                self = .before(number)
            } else if case .some(let cursor) = after, let number = Int(cursor.dropFirst()) {
                self = .after(number)
            } else if case .some = last {
                self = .last
            } else {
                self = .after(nil)
            }
        }
    }

    static let initialKey = Key.after(50)
    /// One list in the cache starts from a first page (the last 3 items), which replaces the list.
    static let listInitialKey = Key.last
    static let initialNumbers = Array(stride(from: 0, through: 100, by: 10))

    /// The reference: pages as keys, the last answer of each key, the names the client heard, the loads in flight and
    /// the requests they wait on (the client shares a request for the same query among callers while the cache has
    /// not changed since it was sent).
    struct Model {
        struct Answer: Equatable {
            var numbers: [Int]
            var hasNext: Bool
            var hasPrevious: Bool
            /// The page info's cursors (the numbers), `nil` for an empty page: the pager continues from them.
            var start: Int?
            var end: Int?

            init(numbers: [Int], hasNext: Bool, hasPrevious: Bool, start: Int?? = .none, end: Int?? = .none) {
                self.numbers = numbers
                self.hasNext = hasNext
                self.hasPrevious = hasPrevious
                self.start = start ?? numbers.first
                self.end = end ?? numbers.last
            }
        }
        /// One field of a page's records as the cache holds it: its value (a number, a flag as 0 or 1, -1 for a
        /// cursor's `null`), the cache version of its last change, and whether it was made stale.
        struct Field: Equatable { var value: Int; var version: Int; var stale = false }
        struct Load {
            var direction: GraphQLPageDirection
            var generation: Int
            var epoch = 0
            /// A first page that replaces the list whatever it holds (a refresh).
            var replacing = false
        }
        struct Request { var key: Key; var cacheVersion: Int; var loads: [Load] }
        var server: [Int: String] = Dictionary(uniqueKeysWithValues: initialNumbers.map { ($0, "item \($0)") })
        var names: [Int: String] = [:]
        /// The cache version at which each item's name last changed (the store stamps a field when its value
        /// changes): an answer to a request sent before it does not overwrite it (the overtaken-answer rule).
        var nameVersions: [Int: Int] = [:]
        /// The names made stale (kept against an answer that wrote other values: each page its own query).
        var nameStale: Set<Int> = []
        /// Each page's fields as the cache holds them (each page its own query): `count` (its edges), `n0`... (each
        /// edge's item: its cursor and node), `hasNext`, `hasPrevious`, `start`, `end` (its page info).
        var stored: [Key: [String: Field]] = [:]
        /// The items whose records the cache holds.
        var seenItems: Set<Int> = []
        var pages: [Key] = []
        var loads: [GraphQLPageDirection: Int] = [:]  // direction → generation
        var pending: [Request] = []  // in the order sent
        var generation = 0
        /// Raised by every answer or mutation that changes what the cache holds.
        var cacheVersion = 0
        var calls = 0
        var loadsEnded = 0
        /// The loads begun: each sends its request or joins the same request in flight.
        var sends = 0
        var error: (GraphQLPageDirection, Key)?

        // One list in the cache (`merged`): the list as edges (each the page that wrote it and its place there, as
        // the cache keys an edge), what each edge holds, and the list's page info; each page's answer as it landed.
        struct Edge: Hashable { var key: Key; var index: Int }
        struct Info: Equatable { var start: Int?; var hasPrevious: Bool; var end: Int?; var hasNext: Bool }
        var merged = false
        var list: [Edge]?
        var edges: [Edge: Int] = [:]
        var info: Info?
        var landed: [Answer] = []
        /// Raised when a first page is asked for and when one lands: a page begun before it is not written.
        var epoch = 0
        /// One list whose pages continue after an item (`anchored`, with `merged`: `listedItemsBeforeID`, an
        /// `appendAfter` list newest first): the list as item numbers, each once. A first page whose last item it
        /// holds takes its places up to it, the items after it kept (unless a refresh's: it replaces the list); a
        /// page below an item it holds takes the places after it up to the held item equal to its own last; one below
        /// an item it does not hold joins nothing.
        var anchored = false
        var anchoredList: [Int]?

        func answer(_ key: Key) -> Answer {
            let numbers = server.keys.sorted()
            if anchored {
                let chosen: [Int]
                switch key {
                case .before(let before): chosen = Array(numbers.reversed().filter { $0 < before }.prefix(3))
                default: chosen = Array(numbers.reversed().prefix(3))
                }
                // (The pagination goes on below the last item of a full page; nothing goes before the first.)
                return Answer(numbers: chosen, hasNext: chosen.count >= 3, hasPrevious: false)
            }
            let chosen: [Int]
            switch key {
            case .after(let after):
                chosen = Array(numbers.filter { number in after.map { number > $0 } ?? true }.prefix(3))
            case .before(let before): chosen = Array(numbers.filter { $0 < before }.suffix(3))
            case .last: chosen = Array(numbers.suffix(3))
            }
            return Answer(
                numbers: chosen, hasNext: chosen.last.map { last in numbers.contains { $0 > last } } ?? false,
                hasPrevious: chosen.first.map { first in numbers.contains { $0 < first } } ?? false)
        }

        /// Each page's answer as the pager holds it: as the cache holds it now, or (one list) as it landed.
        func pageAnswer(_ index: Int) -> Answer? {
            merged ? (landed.indices.contains(index) ? landed[index] : nil) : storedAnswer(pages[index])
        }

        /// A page's answer as the cache holds it (each page its own query): its fields, each the last written.
        func storedAnswer(_ key: Key) -> Answer? {
            guard let fields = stored[key], let count = fields["count"]?.value else { return nil }
            let cursor = { (name: String) -> Int? in fields[name].flatMap { $0.value < 0 ? nil : $0.value } }
            return Answer(
                numbers: (0..<count).compactMap { fields["n\($0)"]?.value },
                hasNext: fields["hasNext"]?.value == 1, hasPrevious: fields["hasPrevious"]?.value == 1,
                start: .some(cursor("start")), end: .some(cursor("end")))
        }

        /// Writes a page's answer to its fields as the cache merges it: a field changed since the request was sent
        /// (a later version) keeps its value; when the answer disagrees with a kept field and also writes a value
        /// (or a record) elsewhere, the kept fields are made stale (the page mixes two of the server's answers);
        /// names as they are. Raises ``cacheVersion`` when a value changed or a field was made stale.
        mutating func writePage(_ key: Key, _ answer: Answer, sentAt start: Int) {
            let version = cacheVersion + 1
            var fields = stored[key] ?? [:]
            var incoming: [String: Int] = [
                "count": answer.numbers.count, "hasNext": answer.hasNext ? 1 : 0,
                "hasPrevious": answer.hasPrevious ? 1 : 0, "start": answer.start ?? -1, "end": answer.end ?? -1,
            ]
            for (index, number) in answer.numbers.enumerated() { incoming["n\(index)"] = number }
            var wrote = false
            var changed = false
            var conflicts: [String] = []
            for (name, value) in incoming {
                guard let old = fields[name] else {
                    fields[name] = Field(value: value, version: version)
                    wrote = true
                    continue
                }
                if old.version > start {
                    if old.value != value { conflicts.append(name) }
                    continue
                }
                if old.value != value {
                    fields[name] = Field(value: value, version: version)
                    wrote = true
                } else {
                    // Received again: fresh again (its lifetime set anew), not a change of value.
                    fields[name]?.stale = false
                }
            }
            var nameConflicts: [Int] = []
            for number in answer.numbers {
                if !seenItems.contains(number) {
                    seenItems.insert(number)
                    wrote = true
                }
                guard names[number] != server[number] else {
                    nameStale.remove(number)
                    continue
                }
                if (nameVersions[number] ?? -1) > start {
                    nameConflicts.append(number)
                    continue
                }
                names[number] = server[number]
                nameVersions[number] = version
                nameStale.remove(number)
                wrote = true
            }
            changed = wrote
            if wrote {
                for name in conflicts where fields[name]?.stale == false {
                    fields[name]?.stale = true
                    fields[name]?.version = version
                    changed = true
                }
                for number in nameConflicts where !nameStale.contains(number) {
                    nameStale.insert(number)
                    nameVersions[number] = version
                    changed = true
                }
            }
            stored[key] = fields
            if changed { cacheVersion = version }
        }

        var hasNext: Bool {
            guard !pages.isEmpty else { return true }
            guard let answer = pageAnswer(pages.count - 1) else { return false }
            return answer.hasNext && answer.end != nil
        }
        var hasPrevious: Bool {
            guard !pages.isEmpty, let answer = pageAnswer(0) else { return false }
            return answer.hasPrevious && answer.start != nil
        }
        var items: [String] {
            let numbers =
                anchored
                ? (pages.isEmpty ? [] : anchoredList ?? [])  // (followed from its first page on)
                : merged
                    ? (list ?? []).compactMap { edges[$0] } : pages.flatMap { storedAnswer($0)?.numbers ?? [] }
            return numbers.map { "i\($0):\(names[$0] ?? "?")" }
        }

        /// Writes a page's answer into the one list (`merged`): its edges and items, and the list replaced (a first
        /// page), appended or prepended (an edge already there left out); `true` when the cache changed.
        mutating func writeIntoList(_ key: Key, _ answer: Answer, written: [Int]) -> Bool {
            var changed = false
            let new = answer.numbers.indices.map { Edge(key: key, index: $0) }
            for (edge, number) in zip(new, answer.numbers) where edges[edge] != number {
                edges[edge] = number
                changed = true
            }
            var info = self.info ?? Info(start: nil, hasPrevious: false, end: nil, hasNext: false)
            let old = list
            switch key {
            case .last, .after(nil):
                list = new
                info = Info(
                    start: answer.numbers.first, hasPrevious: answer.hasPrevious, end: answer.numbers.last,
                    hasNext: answer.hasNext)
            case .after:
                if let stored = list { list = stored + new.filter { !stored.contains($0) } }
                info.end = answer.numbers.last
                info.hasNext = answer.hasNext
            case .before:
                if let stored = list { list = new.filter { !stored.contains($0) } + stored }
                info.start = answer.numbers.first
                info.hasPrevious = answer.hasPrevious
            }
            if list != old || info != self.info { changed = true }
            self.info = info
            return changed || written.contains { names[$0] != server[$0] }
        }

        /// Writes a page's answer into the anchored list (``anchored``); `true` when the cache changed.
        mutating func writeIntoAnchoredList(_ key: Key, _ answer: Answer, written: [Int], replacing: Bool) -> Bool {
            let old = anchoredList
            let page = answer.numbers
            func unique(_ numbers: [Int]) -> [Int] {
                var seen: Set<Int> = []
                return numbers.filter { seen.insert($0).inserted }
            }
            switch key {
            case .before(let anchor):
                if let stored = anchoredList, let index = stored.lastIndex(of: anchor) {
                    var joined = Array(stored[...index]) + page
                    if index < stored.count - 1, let last = page.last,
                        let end = stored[(index + 1)...].firstIndex(of: last)
                    {
                        joined += stored[(end + 1)...]
                    }
                    anchoredList = unique(joined)
                }
            default:
                if !replacing, let stored = anchoredList, let last = page.last, let end = stored.firstIndex(of: last),
                    end < stored.count - 1
                {
                    anchoredList = unique(page + stored[(end + 1)...])
                } else {
                    anchoredList = page
                }
            }
            return anchoredList != old || written.contains { names[$0] != server[$0] }
        }

        /// Another screen's first page of 2 (``Step/otherFirst``), sent and answered now: merged as a first page.
        mutating func otherFirst() {
            let page = Array(server.keys.sorted().reversed().prefix(2))
            let answer = Answer(numbers: page, hasNext: false, hasPrevious: false)
            if writeIntoAnchoredList(.last, answer, written: page, replacing: false) { cacheVersion += 1 }
            for number in page where names[number] != server[number] {
                names[number] = server[number]
                nameVersions[number] = cacheVersion
            }
        }

        mutating func send(_ direction: GraphQLPageDirection, _ key: Key, replacing: Bool = false) {
            sends += 1
            loads[direction] = generation
            if direction == .first { epoch += 1 }
            let load = Load(direction: direction, generation: generation, epoch: epoch, replacing: replacing)
            if let index = pending.firstIndex(where: { $0.key == key && $0.cacheVersion == cacheVersion }) {
                pending[index].loads.append(load)
            } else {
                pending.append(Request(key: key, cacheVersion: cacheVersion, loads: [load]))
            }
        }

        mutating func loadFirst(replacing: Bool = false) {
            guard loads[.first] == nil else { return }
            send(.first, merged ? PagerModelTests.listInitialKey : PagerModelTests.initialKey, replacing: replacing)
        }

        /// The server answers (or fails) the request at `index`; each load waiting on it ends.
        mutating func answer(at index: Int, fail: Bool) {
            let request = pending.remove(at: index)
            let answer = answer(request.key)
            if merged { return answerIntoList(request, answer, fail: fail) }
            // A field changed since the request was sent (a mutation's name, a later answer's) is newer than this
            // answer: kept (seed 1074: and made stale when the answer wrote other values beside it).
            if !fail { writePage(request.key, answer, sentAt: request.cacheVersion) }
            for load in request.loads {
                loadsEnded += 1
                guard load.generation == generation else { continue }
                loads[load.direction] = nil
                if fail {
                    error = (load.direction, request.key)
                    continue
                }
                error = nil
                switch load.direction {
                case .first:
                    generation += 1
                    loads = [:]
                    pages = [request.key]
                case .next: pages.append(request.key)
                case .previous: pages.insert(request.key, at: 0)
                }
            }
        }

        /// ``answer(at:fail:)`` for one list in the cache: each load's page is written only when it is a first page,
        /// or no first page was asked for since it began and none is in flight; a load not written ends with nothing
        /// shown (no page, no error).
        mutating func answerIntoList(_ request: Request, _ answer: Answer, fail: Bool) {
            for load in request.loads {
                loadsEnded += 1
                let writes = load.direction == .first || (load.epoch == epoch && loads[.first] == nil)
                if writes, !fail {
                    let written = answer.numbers.filter { (nameVersions[$0] ?? -1) <= request.cacheVersion }
                    let changed =
                        anchored
                        ? writeIntoAnchoredList(request.key, answer, written: written, replacing: load.replacing)
                        : writeIntoList(request.key, answer, written: written)
                    if changed { cacheVersion += 1 }
                    for number in written where names[number] != server[number] {
                        names[number] = server[number]
                        nameVersions[number] = cacheVersion
                    }
                }
                guard load.generation == generation else { continue }
                loads[load.direction] = nil
                guard writes else { continue }
                if fail {
                    error = (load.direction, request.key)
                    continue
                }
                error = nil
                switch load.direction {
                case .first:
                    generation += 1
                    epoch += 1
                    loads = [:]
                    pages = [request.key]
                    landed = [answer]
                case .next:
                    pages.append(request.key)
                    landed.append(answer)
                case .previous:
                    pages.insert(request.key, at: 0)
                    landed.insert(answer, at: 0)
                }
            }
        }
    }

    /// Seeds that once failed, each a defect of the test, not of the pager: 205 and 206 (the test server's insert of
    /// an item already there renamed it back to `item N`, which the model does not do), 152 (the model let an answer
    /// overwrite a name a mutation wrote after its request was sent; the cache keeps the newer name, as it must), 330
    /// (the cache ran on the real clock: an answer to a request sent before a mutation moved back the receipt of the
    /// fields the mutation had received again unchanged, a change by the cache's rule that an older answer's sooner
    /// expiry applies, `HTTPFreshnessTests.anotherQueryTightens`; so the next identical load did not share the one in
    /// flight. The model has no time, so the cache's clock is frozen).
    /// 1074 (a defect of the cache: two requests of one page, sent at different cache versions and answered in the
    /// other order, each after an insert on the server: the older request's answer was taken where the newer one had
    /// not written and kept out where it had, a page the server never gave, served fresh; now the kept fields are made
    /// stale, `OvertakenPageTests`).
    static var knownSeeds: [UInt64] { [1, 2, 3, 7, 42, 152, 205, 206, 330, 1074] }

    /// The seeds a random test runs: `GRAPHQLBRIDGE_PAGER_SEED`'s alone, else `known` and 30 random sequences
    /// (`GRAPHQLBRIDGE_PAGER_SEQUENCES=N` runs N).
    static func seeds(known: [UInt64]) -> [UInt64] {
        let environment = ProcessInfo.processInfo.environment
        if let text = environment["GRAPHQLBRIDGE_PAGER_SEED"], let seed = UInt64(text) { return [seed] }
        let count = environment["GRAPHQLBRIDGE_PAGER_SEQUENCES"].flatMap { Int($0) } ?? 30
        return known + (100..<(100 + max(0, count))).map { UInt64($0) }
    }

    @Test("random sequences of loads, answers, failures and edits keep the pager equal to the model")
    @MainActor
    func randomSequences() async throws {
        for seed in Self.seeds(known: Self.knownSeeds) {
            let steps = Self.steps(seed: seed, count: 40)
            guard await Self.check(steps, seed: seed, label: "") else { return }
        }
    }

    /// Seeds the one-list model always runs (7 found a page in flight merged after a refresh).
    static var knownListSeeds: [UInt64] { [1, 2, 3, 7, 42] }

    @Test("one list in the cache: random loads both ways, refreshes, answers, failures and edits keep it the model's")
    @MainActor
    func randomListSequences() async throws {
        for seed in Self.seeds(known: Self.knownListSeeds) {
            let steps = Self.steps(seed: seed, count: 40)
            guard await Self.check(steps, seed: seed, label: "one list, ", merged: true) else { return }
        }
    }

    /// Seeds the anchored-list model always runs.
    static var knownAnchoredSeeds: [UInt64] { [1, 2, 3, 7, 42] }

    /// ``steps(seed:count:)`` with another screen's first page (``Step/otherFirst``) among them.
    static func anchoredSteps(seed: UInt64, count: Int) -> [Step] {
        var random = SeededGenerator(seed: seed ^ 0xA5A5)
        return steps(seed: seed, count: count).map { step in
            Int.random(in: 0..<6, using: &random) == 0 ? .otherFirst : step
        }
    }

    @Test("one appendAfter list: loads, refreshes, answers, edits and another screen's first pages keep it the model's")
    @MainActor
    func randomAnchoredListSequences() async throws {
        for seed in Self.seeds(known: Self.knownAnchoredSeeds) {
            let steps = Self.anchoredSteps(seed: seed, count: 40)
            guard await Self.check(steps, seed: seed, label: "anchored list, ", merged: true, anchored: true) else {
                return
            }
        }
    }

    @Test("one list in the cache: a page in flight when a refresh is asked for is not merged into the new list")
    @MainActor
    func listPageDuringRefresh() async throws {
        // The next page (after 100) is asked for, then a refresh; the server answers the next page first (with an item
        // inserted after 100), then the refresh: the list is the refresh's page alone, in the cache too.
        let failure = try await Self.run(
            [
                .refresh, .answer(pick: 0, fail: false), .serverInsert(105), .next, .refresh, .serverInsert(110),
                .answer(pick: 0, fail: false), .answer(pick: 0, fail: false), .next, .answer(pick: 0, fail: false),
            ], merged: true)
        #expect(failure == nil, "\(failure ?? "")")
        // Seed 7, shrunk, with the rule left out: the page before the list's start, asked for while a refresh was in
        // flight and answered first, was merged into the list (the pager showed 6 items, the model 3).
        let seed7 = try await Self.run(
            [.next, .answer(pick: 3, fail: false), .refresh, .previous, .answer(pick: 3, fail: false)], merged: true)
        #expect(seed7 == nil, "\(seed7 ?? "")")
    }

    @Test("a load while the same load is in flight sends nothing, and an answer after a refresh is dropped")
    @MainActor
    func fixedOverlaps() async throws {
        let failure = try await Self.run([
            .next, .next, .answer(pick: 0, fail: false), .next, .previous, .next, .previous, .refresh,
            .answer(pick: 2, fail: false), .answer(pick: 0, fail: false), .answer(pick: 0, fail: true), .next,
            .clientRename(80), .serverInsert(75), .refresh, .answer(pick: 1, fail: false),
            .answer(pick: 0, fail: false),
        ])
        #expect(failure == nil, "\(failure ?? "")")
    }

    static func steps(seed: UInt64, count: Int) -> [Step] {
        var random = SeededGenerator(seed: seed)
        return (0..<count).map { _ in
            switch Int.random(in: 0..<14, using: &random) {
            case 0, 1, 2: return .next
            case 3, 4: return .previous
            case 5: return .refresh
            case 6, 7, 8, 9:
                return .answer(
                    pick: Int.random(in: 0..<4, using: &random),
                    fail: Bool.random(using: &random) && Bool.random(using: &random))
            case 10: return .serverInsert(Int.random(in: 0..<120, using: &random))
            case 11: return .serverRename(Int.random(in: 0..<11, using: &random) * 10)
            default: return .clientRename(Int.random(in: 0..<11, using: &random) * 10)
            }
        }
    }

    /// The shortest failing sequence found by removing steps one at a time while it still fails.
    @MainActor
    /// Runs `steps` (the sequence of `seed`); on a failure, records it with its seed and the sequence shrunk, and
    /// returns `false`. A hang, or any other error, is recorded with the seed as it happened, not shrunk (each
    /// shrinking run would wait out the hang detector).
    static func check(
        _ steps: [Step], seed: UInt64, label: String, merged: Bool = false, anchored: Bool = false
    ) async -> Bool {
        let seedText = "\(label)seed \(seed) (GRAPHQLBRIDGE_PAGER_SEED=\(seed))"
        do {
            guard let failure = try await run(steps, merged: merged, anchored: anchored) else { return true }
            let shrunk = try await shrink(steps, merged: merged, anchored: anchored)
            Issue.record("\(seedText): \(failure)\nshrunk: \(shrunk.map(\.description))")
        } catch {
            Issue.record("\(seedText): \(error) (not shrunk)\nsteps: \(steps.map(\.description))")
        }
        return false
    }

    static func shrink(_ steps: [Step], merged: Bool = false, anchored: Bool = false) async throws -> [Step] {
        var current = steps
        var index = 0
        while index < current.count {
            var candidate = current
            candidate.remove(at: index)
            if try await run(candidate, merged: merged, anchored: anchored) != nil {
                current = candidate
            } else {
                index += 1
            }
        }
        return current
    }

    /// Runs `steps` on a fresh server, cache and pager (`merged`: over the connection that is one list in the cache;
    /// `anchored`: over `listedItemsBeforeID`, one list whose pages continue after an item); the first difference from
    /// the model, if any.
    @MainActor
    static func run(_ steps: [Step], merged: Bool = false, anchored: Bool = false) async throws -> String? {
        let server = PagingServer(numbers: initialNumbers, holdsRequests: true)
        // The model has no time: on a frozen clock every answer is received at the same instant, so a late answer
        // never moves a field's receipt back (which the cache counts as a change: it expires sooner; seed 330).
        let cache = GraphQLCache(maxAge: .seconds(3600), now: { Date(timeIntervalSince1970: 1_800_000_000) })
        let client = GraphQLHTTPClient(
            endpoint: PagingServer.endpoint, transport: server.transport, cache: cache)
        if anchored {
            let pager = client.pager(
                ListedItemsBeforeIDQuery(tag: "a", last: 3, before: .none), pagination: FirstPageTests.belowID)
            return try await drive(
                steps, pager: pager, key: { Key($0) }, server: server, client: client, merged: true, anchored: true)
        }
        if merged {
            let pager = client.pager(listInitialKey.listedQuery, pagination: Self.listPagination)
            return try await drive(steps, pager: pager, key: { Key($0) }, server: server, client: client, merged: true)
        }
        let pager = client.pager(initialKey.query, pagination: Self.pagination)
        return try await drive(steps, pager: pager, key: { Key($0) }, server: server, client: client, merged: false)
    }

    /// Drives `pager` through `steps` beside the model; the first difference, if any.
    @MainActor
    static func drive<Query: GraphQLQuery>(
        _ steps: [Step], pager: GraphQLQueryPager<Query, ItemFields>, key: (Query) -> Key, server: PagingServer,
        client: GraphQLHTTPClient, merged: Bool, anchored: Bool = false
    ) async throws -> String? {
        var model = Model()
        model.merged = merged
        model.anchored = anchored
        let calls = CallCounter()
        // The callers that reached the shared requests (sent one or joined one): a load's task begins after its call,
        // so a step settles only when each load begun has (seed 119: a load that had not joined the request in flight
        // yet when the next step answered it sent its own).
        let registered = Locked(0)
        client.observeSharedRequests { _ in registered.withLock { $0 += 1 } }
        var otherRequests = 0
        defer {
            for _ in 0..<server.pendingCount { server.answer(at: 0, failing: true) }
        }
        for (index, step) in steps.enumerated() {
            server.note("step \(index) \(step)")
            switch step {
            case .next, .previous, .refresh:
                model.calls += 1
                if step == .refresh || model.pages.isEmpty {
                    model.loadFirst(replacing: step == .refresh)
                } else if step == .next, model.loads[.next] == nil, model.hasNext,
                    let answer = model.pageAnswer(model.pages.count - 1), let end = answer.end
                {
                    model.send(.next, model.anchored ? .before(end) : .after(end))
                } else if step == .previous, model.loads[.previous] == nil, model.hasPrevious,
                    let answer = model.pageAnswer(0), let start = answer.start
                {
                    model.send(.previous, .before(start))
                }
                calls.begun += 1
                Task { @MainActor in
                    switch step {
                    case .next: try? await pager.loadNext()
                    case .previous: try? await pager.loadPrevious()
                    default: try? await pager.refresh()
                    }
                    calls.ended += 1
                }
            case .answer(let pick, let fail):
                guard !model.pending.isEmpty else { break }
                // A request that arrived after the last step's check (none should) would take another's place among
                // those answered by index: said now, with what it is, not found as a load that never ends.
                if server.pendingCount != model.pending.count {
                    return "before step \(index) \(step): requests in flight \(pendingKeys(server)), the model's "
                        + "\(model.pending.map(\.key)) (a request arrived after the last step settled)"
                }
                let at = pick % model.pending.count
                model.answer(at: at, fail: fail)
                server.answer(at: at, failing: fail)
            case .serverInsert(let number):
                if model.server[number] == nil { model.server[number] = "item \(number)" }
                server.insert(number)
            case .serverRename(let number):
                guard model.server[number] != nil else { break }
                model.server[number] = "s\(index)"
                server.rename(number, to: "s\(index)")
            case .clientRename(let number):
                guard model.server[number] != nil else { break }
                model.server[number] = "c\(index)"
                model.names[number] = "c\(index)"
                model.nameStale.remove(number)
                model.seenItems.insert(number)
                model.cacheVersion += 1
                model.nameVersions[number] = model.cacheVersion
                _ = try await client.execute(RenameItemMutation(id: "i\(number)", name: "c\(index)"))
            case .otherFirst:
                guard model.anchored, model.loads[.first] == nil else { break }
                otherRequests += 1
                let waiting = server.pendingCount
                let other = Task { @MainActor in
                    try? await client.execute(
                        ListedItemsBeforeIDQuery(tag: "a", last: 2, before: .none), fetchPolicy: .serverOnly)
                }
                try await HangDetector.waitUntil("the other screen's request") { @MainActor in
                    server.pendingCount == waiting + 1
                }
                server.answer(at: waiting, failing: false)
                _ = await other.value
                model.otherFirst()
            }
            // Settled: the calls begun and the answers handled at least the model's, every page following the cache
            // at rest, and the requests the model expects arrived, or every call still running waits on a request
            // that did (one too few: nothing more can arrive). Then each count is compared exactly: a difference
            // either way is a failure with its seed and shrunk sequence, never a wait that does not end.
            let (modelCalls, pending, ended) = (model.calls, model.pending.count, model.loadsEnded)
            let expectedKeys = model.pending.map(\.key)
            let expectedRegistrations = model.sends + otherRequests
            do {
                try await HangDetector.waitUntil("the pager to settle after step \(index) \(step)") { @MainActor in
                    registered.withLock { $0 } >= expectedRegistrations && pager.calls >= modelCalls
                        && pager.loadsEnded >= ended && pager.isFollowingAtRest
                        && (server.pendingCount >= pending || calls.running <= server.pendingCount)
                }
            } catch let hang as HangDetected {
                // What was still not at rest, for the report (a hang is reported with its seed, not shrunk).
                let state = await MainActor.run {
                    "pager calls \(pager.calls), the model's \(modelCalls); loads ended \(pager.loadsEnded), the "
                        + "model's \(ended); following at rest: \(pager.isFollowingAtRest); requests held "
                        + "\(server.pendingCount), the model's \(pending); calls running \(calls.running); callers "
                        + "at the shared requests \(registered.withLock { $0 }), the model's \(expectedRegistrations); "
                        + "requests "
                        + "in flight \(Self.pendingKeys(server)), the model's \(expectedKeys); history: "
                        + server.history.joined(separator: " | ")
                }
                throw HangDetected(what: "\(hang.what) (\(state))", after: hang.limit)
            }
            let pendingKeys = pendingKeys(server)
            let where_ = "after step \(index) \(step)"
            if pager.calls != modelCalls { return "\(where_): calls begun \(pager.calls), the model's \(modelCalls)" }
            if pager.loadsEnded != ended {
                return "\(where_): loads ended \(pager.loadsEnded), the model's \(ended)"
            }
            if pendingKeys != model.pending.map(\.key) {
                return "\(where_): requests in flight \(pendingKeys), the model's \(model.pending.map(\.key))"
            }
            let items = pager.items.map { "\($0.id):\($0.name)" }
            if items != model.items { return "\(where_): items \(items), the model's \(model.items)" }
            if pager.hasNextPage != model.hasNext || pager.hasPreviousPage != model.hasPrevious {
                return "\(where_): ends (\(pager.hasNextPage), \(pager.hasPreviousPage)), the model's "
                    + "(\(model.hasNext), \(model.hasPrevious))"
            }
            let loading = [pager.isRefreshing, pager.isLoadingNext, pager.isLoadingPrevious]
            let modelLoading = [model.loads[.first] != nil, model.loads[.next] != nil, model.loads[.previous] != nil]
            if loading != modelLoading { return "\(where_): loading \(loading), the model's \(modelLoading)" }
            let error = pager.error.map { "\($0.direction) \(key($0.query))" }
            let modelError = model.error.map { "\($0.0) \($0.1)" }
            if error != modelError { return "\(where_): error \(error ?? "none"), the model's \(modelError ?? "none")" }
        }
        return nil
    }

    /// The keys of the requests `server` holds, in the order they came.
    static func pendingKeys(_ server: PagingServer) -> [Key] {
        server.pendingVariables.map { variables in
            Key(
                ItemsConnectionQuery(
                    first: (variables["first"] as? Int).map { .some($0) } ?? .none,
                    after: (variables["after"] as? String).map { .some($0) } ?? .none,
                    last: (variables["last"] as? Int).map { .some($0) } ?? .none,
                    before: (variables["before"] as? String).map { .some($0) } ?? .none))
        }
    }

    static let listPagination = GraphQLPagination<ListedItemsConnectionQuery, ItemFields>.cursor(
        items: { $0.listedItemsConnection.edges.map(\.node) },
        pageInfo: { data in
            let info = data.listedItemsConnection.pageInfo
            return GraphQLCursorPageInfo(
                hasNextPage: info.hasNextPage, hasPreviousPage: info.hasPreviousPage, startCursor: info.startCursor,
                endCursor: info.endCursor)
        },
        after: { ListedItemsConnectionQuery(first: 3, after: .some($0)) },
        before: { ListedItemsConnectionQuery(last: 3, before: .some($0)) })

    static let pagination = GraphQLPagination<ItemsConnectionQuery, ItemFields>.cursor(
        items: { $0.itemsConnection.edges.map(\.node) },
        pageInfo: { data in
            let info = data.itemsConnection.pageInfo
            return GraphQLCursorPageInfo(
                hasNextPage: info.hasNextPage, hasPreviousPage: info.hasPreviousPage, startCursor: info.startCursor,
                endCursor: info.endCursor)
        },
        after: { ItemsConnectionQuery(first: 3, after: .some($0)) },
        before: { ItemsConnectionQuery(last: 3, before: .some($0)) })
}

/// The test's calls of the pager: begun and returned (a call still running waits on a load).
@MainActor
final class CallCounter {
    var begun = 0
    var ended = 0
    var running: Int { begun - ended }
}

/// SplitMix64: a small seeded generator, the same sequence for the same seed on every platform.
struct SeededGenerator: RandomNumberGenerator {
    private var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
