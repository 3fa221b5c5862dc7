import Foundation
import Testing

@testable import GraphQLBridge

@Suite("ResultMemo: remembered results and their reverse index")
struct ResultMemoTests {
    static let later = Date(timeIntervalSince1970: 2_000_000_000)

    @Test("a change to a record forgets exactly the results that read it")
    func forgetsReaders() {
        var memo = ResultMemo(limit: 100)
        memo.remember("a", dependencies: ["QUERY_ROOT", "Game:1"], earliestExpiry: Self.later, for: "A")
        memo.remember("b", dependencies: ["QUERY_ROOT", "Game:2"], earliestExpiry: Self.later, for: "B")
        memo.remember("c", dependencies: ["Image:9"], earliestExpiry: Self.later, for: "C")
        memo.forget(readingAnyOf: ["Game:2"])
        #expect(memo.use("A")?.data as? String == "a")
        #expect(memo.use("B") == nil)
        #expect(memo.use("C")?.data as? String == "c")
        memo.forget(readingAnyOf: ["QUERY_ROOT", "Nothing:0"])
        #expect(memo.use("A") == nil)
        #expect(memo.use("C") != nil)
        #expect(memo.count == 1)
    }

    @Test("a replaced result is indexed by its new records only")
    func replaced() {
        var memo = ResultMemo(limit: 100)
        memo.remember("old", dependencies: ["Game:1"], earliestExpiry: Self.later, for: "A")
        memo.remember("new", dependencies: ["Game:2"], earliestExpiry: Self.later, for: "A")
        memo.forget(readingAnyOf: ["Game:1"])
        #expect(memo.use("A")?.data as? String == "new", "the old record's stale entry does not reach the new result")
        memo.forget(readingAnyOf: ["Game:2"])
        #expect(memo.use("A") == nil)
    }

    @Test("past its limit the least recently used quarter goes")
    func eviction() {
        var memo = ResultMemo(limit: 8)
        for index in 0..<8 {
            memo.remember(index, dependencies: ["R:\(index)"], earliestExpiry: Self.later, for: "Q\(index)")
        }
        _ = memo.use("Q0")
        memo.remember(8, dependencies: ["R:8"], earliestExpiry: Self.later, for: "Q8")
        #expect(memo.count == 7)
        #expect(memo.use("Q0") != nil, "used last, so kept")
        #expect(memo.use("Q1") == nil && memo.use("Q2") == nil)
        #expect(memo.use("Q8") != nil)
        // An evicted result's record changing later touches nothing else.
        memo.forget(readingAnyOf: ["R:1", "R:2"])
        #expect(memo.count == 7)
    }

    @Test("stale numbers do not pile up: a result read again and again keeps the index near its live size")
    func staleNumbersAreDropped() {
        var memo = ResultMemo(limit: 100)
        let dependencies = (0..<12).map { "Game:\($0)" }
        for round in 0..<10_000 {
            memo.remember(round, dependencies: dependencies, earliestExpiry: Self.later, for: "A")
        }
        #expect(memo.count == 1)
        #expect(memo.indexSize <= 2 * dependencies.count + 4_096)
        memo.forget(readingAnyOf: ["Game:11"])
        #expect(memo.use("A") == nil)
    }

    @Test("limit 0 keeps nothing; removeAll forgets everything")
    func offAndCleared() {
        var off = ResultMemo(limit: 0)
        off.remember("a", dependencies: ["Game:1"], earliestExpiry: Self.later, for: "A")
        #expect(off.use("A") == nil && off.count == 0)
        var memo = ResultMemo(limit: 10)
        memo.remember("a", dependencies: ["Game:1"], earliestExpiry: Self.later, for: "A")
        memo.removeAll()
        #expect(memo.use("A") == nil && memo.indexSize == 0)
    }
}
