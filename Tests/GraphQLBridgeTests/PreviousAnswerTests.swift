import Foundation
import GraphQLMigration
import Testing

@_spi(Testing) @testable import GraphQLBridge

/// ``CacheNormalizer/previous``: a query's answer normalized after its previous one takes the objects whose text,
/// record key, type and selection are the same as they were written (received now) rather than reading them again. The
/// property: it writes exactly what normalizing it alone writes (every record's fields in order, the records it depends
/// on, its expiry, its leaves and objects), whatever the two answers are: the same, one object changed, objects moved,
/// a record met twice, lists that grew, members not selected.
@Suite("PreviousAnswer")
struct PreviousAnswerTests {
    static let metadata = CacheReaderTests.metadata
    static let variables = CacheReaderTests.variables
    static let before = Date(timeIntervalSince1970: 1_000)
    static let now = Date(timeIntervalSince1970: 1_030)

    /// The differences (none expected) and how many objects were taken, both ways leaves are recorded; 0 when the
    /// previous answer keeps no objects to take (a record it wrote twice), which `kept` says it must.
    static func check(_ body: String, after previous: String, _ context: String, kept: Bool = true) throws -> Int {
        var reused = 0
        for recordsLeaves in [true, false] {
            guard
                let outcome = metadata.normalizationDifferences(
                    body: Data(body.utf8), previous: Data(previous.utf8), variables: variables, receivedAt: now,
                    previousReceivedAt: before, recordsLeaves: recordsLeaves)
            else {
                #expect(!kept, "\(context): nothing kept of \(previous)")
                return 0
            }
            #expect(outcome.differences.isEmpty, "\(context): \(outcome.differences) for \(body) after \(previous)")
            reused = outcome.reusedObjects
        }
        return reused
    }

    @Test("the same answer again: every object taken, the same writes")
    func sameAnswer() throws {
        let body = Self.body(hero: Self.hero())
        // The hero, its two draws, the matrix's two cells, the two items, and `latest`.
        #expect(try Self.check(body, after: body, "same") == 8)
    }

    @Test("one object changed (a member not selected added, a leaf changed): the others taken, the same writes")
    func oneObjectChanged() throws {
        let previous = Self.body(hero: Self.hero())
        // The hero's text changes: its draws, cells and items are taken, the hero and `latest` too.
        let padded = Self.body(hero: Self.hero(pad: true))
        #expect(try Self.check(padded, after: previous, "padded") == 7)
        // One draw's number changes: the hero is read again, the other draw and the rest taken.
        let changed = Self.body(hero: Self.hero(draws: [("d1", "1"), ("d2", "7")]))
        #expect(try Self.check(changed, after: previous, "changed") == 6)
    }

    @Test("objects moved, lists grown and shrunk, a record met twice: the same writes")
    func movedAndRevisited() throws {
        let previous = Self.body(hero: Self.hero())
        // The draws swapped: both taken (by key, wherever they are).
        #expect(
            try Self.check(Self.body(hero: Self.hero(draws: [("d2", "2"), ("d1", "1")])), after: previous, "swapped")
                >= 2)
        // One draw more, one fewer.
        _ = try Self.check(
            Self.body(hero: Self.hero(draws: [("d1", "1"), ("d2", "2"), ("d3", "3")])), after: previous, "grown")
        _ = try Self.check(Self.body(hero: Self.hero(draws: [("d2", "2")])), after: previous, "shrunk")
        // A draw met twice (a record revisited), before and after.
        let twice = Self.body(hero: Self.hero(draws: [("d1", "1"), ("d1", "1")]))
        _ = try Self.check(twice, after: previous, "twice")
        #expect(try Self.check(previous, after: twice, "after twice", kept: false) == 0)
        // The hero is `latest`'s record too (another selection of `Game:2`).
        let same = Self.body(hero: Self.hero(id: "2"))
        _ = try Self.check(same, after: previous, "hero is latest")
        #expect(try Self.check(previous, after: same, "after hero is latest", kept: false) == 0)
        #expect(try Self.check(same, after: same, "hero is latest twice", kept: false) == 0)
    }

    @Test("random pairs of answers, seeded: the same writes, and objects taken")
    func randomPairs() throws {
        var generator = SplitMix64(seed: 28_020)
        var reused = 0
        for round in 0..<400 {
            let previous = Self.randomBody(&generator)
            // Half the time a small change of the previous answer, else another answer.
            let body = generator.next() % 2 == 0 ? Self.randomBody(&generator) : Self.mutated(previous, &generator)
            reused += try Self.check(body, after: previous, "round \(round)", kept: false)
        }
        #expect(reused > 400)
    }

    // MARK: Answers of the reader's fixture query

    static func hero(
        id: String = "6x45", pad: Bool = false, draws: [(String, String)] = [("d1", "1"), ("d2", "2")],
        logo: String? = nil, items: [String] = ["ticket", "coupon", "null"], name: String = "\"Lotto\""
    ) -> String {
        let drawsText = draws.map { #"{"id":"\#($0.0)","number":\#($0.1)}"# }.joined(separator: ",")
        let itemsText = items.map { item -> String in
            switch item {
            case "ticket": return #"{"__typename":"Ticket","price":2.5,"numbers":[1,2,3]}"#
            case "coupon": return #"{"__typename":"Coupon","code":"FREE"}"#
            default: return "null"
            }
        }.joined(separator: ",")
        return #"{\#(pad ? #""_pad":0,"# : "")"__typename":"Game","id":"\#(id)","name":\#(name),"title":\#(name),"#
            + #""nothing":null,"quote":"q","price":1.5,"big":2,"meta":{"a":[1]},"tags":["x"],"grid":[[1],[]],"#
            + #""draws":[\#(drawsText)],"matrix":[[{"value":1},null],[{"value":2}]],"items":[\#(itemsText)],"#
            + #""logo":\#(logo.map { #"{"url":"\#($0)"}"# } ?? "null")}"#
    }

    static func body(hero: String, latest: String = "\"Keno\"") -> String {
        #"{"data":{"hero":\#(hero),"latest":{"id":"2","title":\#(latest)}}}"#
    }

    static func randomBody(_ generator: inout SplitMix64) -> String {
        func pick<T>(_ items: [T]) -> T { items[Int(generator.next() % UInt64(items.count))] }
        let drawCount = Int(generator.next() % 4)
        var draws: [(String, String)] = []
        for _ in 0..<drawCount { draws.append((pick(["d1", "d2", "d3"]), pick(["1", "2", "3"]))) }
        var items: [String] = []
        for _ in 0..<Int(generator.next() % 4) { items.append(pick(["ticket", "coupon", "null"])) }
        return body(
            hero: hero(
                id: pick(["6x45", "6x45", "2"]), pad: generator.next() % 3 == 0, draws: draws,
                logo: pick([nil, "a.png", "b.png"]), items: items,
                name: pick(["\"Lotto\"", "\"Keno\"", "\"L\\u006f\""])),
            latest: pick(["\"Keno\"", "\"Lotto\""]))
    }

    /// `body` with one member's value changed or a member not selected added.
    static func mutated(_ body: String, _ generator: inout SplitMix64) -> String {
        let changes: [(String, String)] = [
            (#""number":1"#, #""number":9"#), (#""_pad":0,"#, ""),
            (#"{"__typename":"Game""#, #"{"_pad":1,"__typename":"Game""#),
            (#""code":"FREE""#, #""code":"HALF""#), (#""value":2"#, #""value":3"#),
            (#""logo":null"#, #""logo":{"url":"c.png"}"#),
            (#""title":"Keno"}}}"#, #""title":"Lotto"}}}"#),
        ]
        let (from, to) = changes[Int(generator.next() % UInt64(changes.count))]
        guard let range = body.range(of: from) else { return body }
        return body.replacingCharacters(in: range, with: to)
    }
}
