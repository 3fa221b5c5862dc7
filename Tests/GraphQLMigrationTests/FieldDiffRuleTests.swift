import Foundation
import GraphQLMigration
import Testing

/// The rules beside ignore patterns: tolerances (numbers, dates) and unordered arrays; what they absorb is reported.
@Suite("FieldDiff rules: tolerances and unordered arrays")
struct FieldDiffRuleTests {
    struct Priced: Equatable {
        var price: Decimal
        var count: Int64
        var ratio: Double
        var when: Date
        var numbers: [Int]
        var nested: [[String]]
        var name: String
    }

    private let base = Priced(
        price: 10, count: 9_007_199_254_740_993, ratio: 0.5, when: Date(timeIntervalSince1970: 1_000),
        numbers: [1, 2, 3], nested: [["a", "b"], ["c"]], name: "x")

    @Test("A number within its tolerance is absorbed (bound inclusive), one beyond it is a difference")
    func numbers() throws {
        var other = base
        other.price = try #require(Decimal(string: "10.01"))
        other.count = 9_007_199_254_740_995
        other.ratio = 0.75
        let options = FieldDiffOptions(tolerances: [
            try FieldTolerance(parsing: "price=0.01"), try FieldTolerance(parsing: "count=1"),
            try FieldTolerance(parsing: "ratio=0.25"),
        ])
        let result = FieldDiff.compare(base, other, options: options)
        #expect(result.differences.map(\.path) == ["count"], "Int64 beyond 2^53 is compared exactly: 2 > 1")
        #expect(result.absorbed.map(\.difference.path) == ["price", "ratio"])
        #expect(result.absorbed.first?.rule.description == "--tolerance price=0.01")
        #expect(result.absorbed.first?.difference.lhs == "10" && result.absorbed.first?.difference.rhs == "10.01")
    }

    @Test("Dates within a duration or a number of seconds are absorbed; a duration does not apply to numbers")
    func dates() throws {
        var other = base
        other.when = Date(timeIntervalSince1970: 1_001.5)
        other.ratio = 1.5
        let twoSeconds = FieldDiffOptions(tolerances: [try FieldTolerance(parsing: "when=2s")])
        #expect(FieldDiff.compare(base, other, options: twoSeconds).differences.map(\.path) == ["ratio"])
        let oneSecond = FieldDiffOptions(tolerances: [try FieldTolerance(parsing: "when=1")])
        #expect(FieldDiff.compare(base, other, options: oneSecond).differences.map(\.path) == ["ratio", "when"])
        let millis = FieldDiffOptions(tolerances: [
            try FieldTolerance(parsing: "when=1500ms"), try FieldTolerance(parsing: "ratio=2s"),
        ])
        let result = FieldDiff.compare(base, other, options: millis)
        #expect(result.differences.map(\.path) == ["ratio"], "a duration is for dates only")
        #expect(result.absorbed.map(\.difference.path) == ["when"])
        #expect(FieldTolerance(.init("when"), within: .seconds(2)).description == "when=2s")
    }

    @Test("An unordered array: the same elements in another order are absorbed; other elements are one difference")
    func unordered() {
        var other = base
        other.numbers = [3, 1, 2]
        other.nested = [["c"], ["a", "b"]]
        let options = FieldDiffOptions(unordered: ["numbers", "nested"])
        let result = FieldDiff.compare(base, other, options: options)
        #expect(result.differences.isEmpty)
        #expect(result.absorbed.map(\.difference.path) == ["numbers", "nested"])
        #expect(result.absorbed.first?.difference.lhs == "[1, 2, 3]")

        other.numbers = [3, 1, 1]
        let changed = FieldDiff.compare(base, other, options: options)
        #expect(changed.differences == [FieldDifference(path: "numbers", lhs: "[1, 2, 3]", rhs: "[3, 1, 1]")])
        other.numbers = [1, 2]
        #expect(FieldDiff.compare(base, other, options: options).differences.map(\.path) == ["numbers"])
        // In order: nothing absorbed, nothing reported.
        #expect(FieldDiff.compare(base, base, options: options) == FieldDiffResult(differences: []))
    }

    @Test("Rules inside unordered elements and under wildcards; ignore patterns still come first")
    func combined() throws {
        struct Line: Equatable {
            var sku: String
            var amount: Decimal
        }
        struct Order: Equatable {
            var lines: [Line]
        }
        let lhs = Order(lines: [Line(sku: "a", amount: 1), Line(sku: "b", amount: 2)])
        var rhs = Order(lines: [
            Line(sku: "a", amount: try #require(Decimal(string: "1.005"))), Line(sku: "b", amount: 2),
        ])
        let options = FieldDiffOptions(tolerances: [try FieldTolerance(parsing: "lines[*].amount=0.01")])
        let result = FieldDiff.compare(lhs, rhs, options: options)
        #expect(result.differences.isEmpty)
        #expect(result.absorbed.map(\.difference.path) == ["lines[0].amount"])
        let reordered = Order(lines: rhs.lines.reversed())
        let both = FieldDiffOptions(tolerances: options.tolerances, unordered: ["lines"])
        #expect(FieldDiff.compare(lhs, reordered, options: both).differences.isEmpty)
        let ignoring = FieldDiffOptions(ignoring: ["lines"], tolerances: options.tolerances)
        let hidden = FieldDiff.compare(lhs, rhs, options: ignoring)
        #expect(hidden.absorbed.isEmpty && hidden.differences.isEmpty, "an ignored path is not compared at all")
        #expect(hidden.ignored.isEmpty, "and within the tolerance there is nothing for the pattern to hide")
        rhs.lines[1].amount = 3
        #expect(FieldDiff.compare(lhs, rhs, options: ignoring).ignored.map(\.difference.path) == ["lines[1].amount"])
    }

    @Test(
        "Tolerances people write wrong are refused with the fix",
        arguments: [
            ("price", "PATH=VALUE"), ("price=", "not a non-negative number"), ("price=-1", "not a non-negative"),
            ("price=abc", "not a non-negative"), ("=1", "an empty pattern"), ("**=1", "matches the root"),
            ("price=1.2.3", "not a non-negative"), ("when=5 weeks", "not a non-negative"),
        ])
    func refused(text: String, message: String) {
        #expect {
            try FieldTolerance(parsing: text)
        } throws: { error in
            (error as? FieldPathPatternError)?.description.contains(message) == true
        }
    }
}
