import Foundation
import Testing

@testable import GraphQLBridge

@Suite("ResultMemo: remembered results and their reverse index")
struct ResultMemoTests {
    static let later = Date(timeIntervalSince1970: 2_000_000_000)

    @Test("a change to a record forgets exactly the results that read it")
    func forgetsReaders() {
        var memo = ResultMemo(limit: 100)
        memo.remember("a", dependencies: RecordKeys(["QUERY_ROOT", "Game:1"]), earliestExpiry: Self.later, for: "A")
        memo.remember("b", dependencies: RecordKeys(["QUERY_ROOT", "Game:2"]), earliestExpiry: Self.later, for: "B")
        memo.remember("c", dependencies: RecordKeys(["Image:9"]), earliestExpiry: Self.later, for: "C")
        memo.forget(readingAnyOf: ["Game:2"])
        #expect(memo.use("A")?.data as? String == "a")
        #expect(memo.use("B") == nil)
        #expect(memo.use("C")?.data as? String == "c")
        memo.forget(readingAnyOf: ["QUERY_ROOT", "Nothing:0"])
        #expect(memo.use("A") == nil)
        #expect(memo.use("C") != nil)
        #expect(memo.count == 1)
    }

    @Test("a replaced result is found by its new records only, whether the old one was indexed yet or not")
    func replaced() {
        var memo = ResultMemo(limit: 100)
        memo.remember("old", dependencies: RecordKeys(["Game:1"]), earliestExpiry: Self.later, for: "A")
        memo.remember("old", dependencies: RecordKeys(["Game:3"]), earliestExpiry: Self.later, for: "B")
        memo.forget(readingAnyOf: ["Nothing:0"])  // indexes both
        memo.remember("new", dependencies: RecordKeys(["Game:2"]), earliestExpiry: Self.later, for: "A")
        memo.remember("other", dependencies: RecordKeys(["Game:5"]), earliestExpiry: Self.later, for: "C")
        memo.remember("newer", dependencies: RecordKeys(["Game:6"]), earliestExpiry: Self.later, for: "C")
        memo.forget(readingAnyOf: ["Game:1", "Game:5"])
        #expect(memo.use("A")?.data as? String == "new", "the indexed old result's number does not reach the new one")
        #expect(memo.use("C")?.data as? String == "newer", "nor does a filed, never indexed one's")
        memo.forget(readingAnyOf: ["Game:2", "Game:6"])
        #expect(memo.use("A") == nil && memo.use("C") == nil)
        #expect(memo.use("B") != nil)
    }

    @Test("the records of results used since the last take, forgotten ones included, least recently used first")
    func usedRecordKeys() {
        var memo = ResultMemo(limit: 100)
        memo.remember("a", dependencies: RecordKeys(["QUERY_ROOT", "Game:1"]), earliestExpiry: Self.later, for: "A")
        memo.remember("b", dependencies: RecordKeys(["QUERY_ROOT", "Game:2"]), earliestExpiry: Self.later, for: "B")
        memo.remember("c", dependencies: RecordKeys(["Image:9"]), earliestExpiry: Self.later, for: "C")
        #expect(memo.takeUsedRecordKeys() == ["Game:1", "QUERY_ROOT", "Game:2", "Image:9"])
        #expect(memo.takeUsedRecordKeys() == [], "nothing used since")
        _ = memo.use("C")
        _ = memo.use("A")
        _ = memo.use("Nothing")
        // A used, then forgotten by a change: its records were still used.
        memo.forget(readingAnyOf: ["Game:1"])
        #expect(memo.use("A") == nil)
        #expect(memo.takeUsedRecordKeys() == ["Image:9", "QUERY_ROOT", "Game:1"])
        // Forgetting a result not used since the last take adds nothing.
        memo.forget(readingAnyOf: ["Game:2"])
        #expect(memo.takeUsedRecordKeys() == [])
        _ = memo.use("C")
        memo.removeAll()
        #expect(memo.takeUsedRecordKeys() == [], "cleared: nothing left to count")
    }

    @Test(
        "refresh keeps a result in place only when it reads exactly the same records: the same set, an equal one, or the keys it was remembered with; any other set files it anew"
    )
    func refreshComparesDependencies() {
        var memo = ResultMemo(limit: 100)
        // Remembered with keys only (no set): compared key by key.
        memo.remember("a", dependencies: RecordKeys(["Game:1", "Image:1"]), earliestExpiry: Self.later, for: "A")
        memo.refresh("a2", dependencies: ["Image:1", "Game:1"], earliestExpiry: Self.later, for: "A")
        memo.forget(readingAnyOf: ["Image:1"])
        #expect(memo.use("A") == nil, "kept in place: still found by its records")
        // Remembered through refresh: its set is kept and compared first.
        let first: Set<String> = ["Game:2", "Draw:2"]
        memo.refresh("b", dependencies: first, earliestExpiry: Self.later, for: "B")
        memo.refresh("b2", dependencies: first, earliestExpiry: Self.later, for: "B")
        #expect(memo.use("B")?.data as? String == "b2", "the same set: replaced in place")
        // An equal set with storage of its own, then a set of the same size with other records.
        memo.refresh("b3", dependencies: Set(["Draw:2", "Game:2"]), earliestExpiry: Self.later, for: "B")
        #expect(memo.use("B")?.data as? String == "b3")
        memo.refresh("b4", dependencies: ["Game:2", "Draw:3"], earliestExpiry: Self.later, for: "B")
        #expect(memo.use("B")?.data as? String == "b4")
        memo.forget(readingAnyOf: ["Draw:2"])
        #expect(memo.use("B")?.data as? String == "b4", "filed anew: the record it no longer reads does not forget it")
        memo.forget(readingAnyOf: ["Draw:3"])
        #expect(memo.use("B") == nil, "the record it reads now does")
    }

    @Test("past its limit the least recently used quarter goes")
    func eviction() {
        var memo = ResultMemo(limit: 8)
        for index in 0..<8 {
            memo.remember(index, dependencies: RecordKeys(["R:\(index)"]), earliestExpiry: Self.later, for: "Q\(index)")
        }
        _ = memo.use("Q0")
        memo.remember(8, dependencies: RecordKeys(["R:8"]), earliestExpiry: Self.later, for: "Q8")
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
            memo.remember(round, dependencies: RecordKeys(dependencies), earliestExpiry: Self.later, for: "A")
        }
        #expect(memo.count == 1)
        #expect(memo.unindexedCount <= 2 + 1_024, "the filings of replaced results are dropped")
        memo.forget(readingAnyOf: ["Nothing:0"])
        #expect(memo.indexSize <= 2 * dependencies.count + 4_096)
        memo.forget(readingAnyOf: ["Game:11"])
        #expect(memo.use("A") == nil)
    }

    @Test("results are filed, not indexed, until a change needs the index; a stored response's keys decode then")
    func indexedAtTheFirstChange() throws {
        var memo = ResultMemo(limit: 100)
        let encoded = try #require(RecordKeys(checkedEncoding: SQLiteCacheStore.encodeKeys(["Game:1", "Image:2"])))
        memo.remember("a", dependencies: encoded, earliestExpiry: Self.later, for: "A")
        memo.remember("b", dependencies: RecordKeys(["Game:3"]), earliestExpiry: Self.later, for: "B")
        #expect(memo.indexSize == 0 && memo.unindexedCount == 2)
        memo.forget(readingAnyOf: ["Image:2"])
        #expect(memo.unindexedCount == 0 && memo.indexSize == 2, "3 numbers indexed, Image:2's one consumed")
        #expect(memo.use("A") == nil, "found through its decoded keys")
        #expect(memo.use("B") != nil)
    }

    @Test("an encoded key list is accepted only whole and non-empty, and decodes to its keys")
    func encodedKeys() {
        let bytes = SQLiteCacheStore.encodeKeys(["QUERY_ROOT.game({\"id\":\"6x45\"})", "Game:6x45", ""])
        #expect(RecordKeys(checkedEncoding: bytes)?.keys == ["QUERY_ROOT.game({\"id\":\"6x45\"})", "Game:6x45", ""])
        for length in 1..<bytes.count where SQLiteCacheStore.decodeKeys(Array(bytes.prefix(length))) == nil {
            #expect(RecordKeys(checkedEncoding: Array(bytes.prefix(length))) == nil, "a cut at \(length) is damage")
        }
        #expect(RecordKeys(checkedEncoding: []) == nil)
        #expect(RecordKeys(checkedEncoding: [0xFF, 0xFF, 0xFF, 0x7F, 0x41]) == nil)
    }

    @Test("limit 0 keeps nothing; removeAll forgets everything")
    func offAndCleared() {
        var off = ResultMemo(limit: 0)
        off.remember("a", dependencies: RecordKeys(["Game:1"]), earliestExpiry: Self.later, for: "A")
        #expect(off.use("A") == nil && off.count == 0)
        var memo = ResultMemo(limit: 10)
        memo.remember("a", dependencies: RecordKeys(["Game:1"]), earliestExpiry: Self.later, for: "A")
        memo.removeAll()
        #expect(memo.use("A") == nil && memo.indexSize == 0)
    }
}
