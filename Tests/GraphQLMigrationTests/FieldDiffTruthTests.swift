import Foundation
import GraphQLMigration
import Testing

/// The diff never hides a difference and never shows a false one: dictionary keys paired by equality, lazy
/// storage skipped, differences rendered as precisely as they were compared, NaN equal everywhere, and shared
/// object graphs walked in linear time.
@Suite("FieldDiff truth")
struct FieldDiffTruthTests {
    /// A key whose text does not tell keys apart.
    struct OpaqueKey: Hashable, CustomStringConvertible {
        var name: String
        var description: String { "key" }
    }

    @Test("Dictionary entries are paired by key equality, not by the keys' text")
    func keysWithTheSameText() {
        let lhs = [OpaqueKey(name: "a"): 1, OpaqueKey(name: "b"): 9]
        let rhs = [OpaqueKey(name: "a"): 2, OpaqueKey(name: "b"): 9]
        let differences = FieldDiff.differences(lhs, rhs)
        #expect(differences.count == 1, "\(differences)")
        #expect(differences.first?.lhs == "1" && differences.first?.rhs == "2")
        #expect(differences.first?.path.contains("\"a\"") == true, "the path tells the key apart: \(differences)")
        #expect(FieldDiff.differences(lhs, lhs).isEmpty)
    }

    final class Profile {
        var name: String
        lazy var greeting: String = "Hello, \(name)"
        init(name: String) { self.name = name }
    }

    @Test("A lazy var read on one side only is not a difference")
    func lazyStorage() {
        let read = Profile(name: "Ann")
        _ = read.greeting
        let unread = Profile(name: "Ann")
        #expect(FieldDiff.differences(read, unread).isEmpty)
        #expect(FieldDiff.differences(read, Profile(name: "Bob")).map(\.path) == ["name"])
    }

    struct Stamped {
        var date: Date
        var link: URL
    }

    @Test("Dates a tenth of a microsecond apart: a difference whose two texts differ")
    func datePrecision() throws {
        let base = Date(timeIntervalSince1970: 1_764_000_000.25)
        let later = Date(timeIntervalSinceReferenceDate: base.timeIntervalSinceReferenceDate + 1e-7)
        let link = try #require(URL(string: "https://lottery.example/rules"))
        let differences = FieldDiff.differences(Stamped(date: base, link: link), Stamped(date: later, link: link))
        #expect(differences.count == 1)
        #expect(differences.first.map { $0.lhs != $0.rhs } == true, "\(differences)")
    }

    @Test("A relative URL and an absolute one with the same absoluteString: the texts differ")
    func urlPrecision() throws {
        let base = try #require(URL(string: "https://lottery.example/rules/"))
        let relative = try #require(URL(string: "6x45", relativeTo: base))
        let absolute = try #require(URL(string: "https://lottery.example/rules/6x45"))
        #expect(relative.absoluteString == absolute.absoluteString)
        #expect(relative != absolute, "URL's == compares the relative string and the base")
        let differences = FieldDiff.differences(relative, absolute)
        #expect(differences.count == 1)
        #expect(differences.first.map { $0.lhs != $0.rhs } == true, "\(differences)")
    }

    enum Reading: Equatable {
        case value(Double)
        case missing
    }

    @Test("NaN equals NaN in an enum payload and in a Set, as everywhere else")
    func nanEverywhere() {
        #expect(FieldDiff.differences(Reading.value(.nan), Reading.value(.nan)).isEmpty)
        #expect(FieldDiff.differences(Reading.value(1), Reading.value(2)).count == 1)
        #expect(FieldDiff.differences(Set([Double.nan, 1]), Set([1, Double.nan])).isEmpty)
        #expect(FieldDiff.differences(Set([Double.nan, 1]), Set([2, Double.nan])).count == 1)
    }

    final class Node {
        let left: Node?
        let right: Node?
        let value: Int
        init(left: Node?, right: Node?, value: Int) {
            self.left = left
            self.right = right
            self.value = value
        }

        /// `depth` levels whose two children are the same node: 2^depth paths to the leaf.
        static func sharedChain(depth: Int, leaf: Int) -> Node {
            var node = Node(left: nil, right: nil, value: leaf)
            for _ in 0..<depth { node = Node(left: node, right: node, value: 0) }
            return node
        }
    }

    @Test(
        "Shared children: 60 levels (2^60 paths) compared once each; the leaf's difference reported once",
        .timeLimit(.minutes(1)))
    func sharedSubgraphs() {
        let differences = FieldDiff.differences(
            Node.sharedChain(depth: 60, leaf: 1), Node.sharedChain(depth: 60, leaf: 2))
        #expect(differences.count == 1)
        #expect(differences.first?.path == String(repeating: "left.", count: 60) + "value")
        #expect(
            FieldDiff.differences(Node.sharedChain(depth: 60, leaf: 1), Node.sharedChain(depth: 60, leaf: 1)).isEmpty)
    }

    @Test("A shared pair found unequal in a trial (an enum payload) is still reported where it is reached later")
    func trialThenReport() {
        struct Holder {
            var wrapped: Wrapper
            var direct: Node
        }
        enum Wrapper { case node(Node) }
        let lhsLeaf = Node(left: nil, right: nil, value: 1)
        let rhsLeaf = Node(left: nil, right: nil, value: 2)
        let differences = FieldDiff.differences(
            Holder(wrapped: .node(lhsLeaf), direct: lhsLeaf), Holder(wrapped: .node(rhsLeaf), direct: rhsLeaf))
        #expect(differences.map(\.path) == ["wrapped", "direct.value"])
    }

    @Test("compare(_:_:options:) lists what each ignore pattern hid")
    func ignoredDifferences() {
        struct Game {
            var title: String
            var price: Int
            var tags: [String: String]
        }
        let result = FieldDiff.compare(
            Game(title: "A", price: 1, tags: ["x": "1"]), Game(title: "B", price: 2, tags: ["y": "1"]),
            options: FieldDiffOptions(ignoring: ["title", "tags[*]", "nothing"]))
        #expect(result.differences.map(\.path) == ["price"])
        #expect(result.ignoredCounts == ["title": 1, "tags[*]": 2])
        #expect(result.ignored.first?.difference == FieldDifference(path: "title", lhs: "A", rhs: "B"))
    }

    @Test("Patterns from user input: empty and root patterns are refused, with the fix")
    func validatingPatterns() throws {
        for text in ["", "  ", ".", "**", "**.**"] {
            #expect(throws: FieldPathPatternError.self, "\(text)") { try FieldPathPattern(validating: text) }
        }
        #expect(throws: FieldPathPatternError.self) { try FieldPathPattern(validating: "categories[0") }
        let error = try #require(throws: FieldPathPatternError.self) { try FieldPathPattern(validating: ".") }
        #expect(error.description.contains("every difference"))
        #expect(try FieldPathPattern(validating: "**.videoURL").matches("lastDraw.videoURL"))
        #expect(try FieldPathPattern(validating: "modes[\"a]b\"]").pattern == "modes[\"a]b\"]")
        #expect(FieldPathPattern("").matchesRoot && !FieldPathPattern("title").matchesRoot)
    }
}
