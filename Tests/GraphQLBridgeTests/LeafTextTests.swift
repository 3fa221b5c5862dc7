import Foundation
import GraphQLMigration
import Testing

@_spi(Testing) @testable import GraphQLBridge

/// `JSONTape.hasText(_:of:)`: whether a leaf is a given value, told from its text without building it (the normalizer
/// reads an object's `__typename` so: the selection's own type name is taken as it is, none built). It must say so only
/// when the tape would build exactly that value, whatever the texts (escapes, composed and decomposed letters, numbers
/// written differently, a backslash's text that is another string's bytes); the records written through the tape stay
/// those written from the tree.
@Suite("LeafText")
struct LeafTextTests {
    /// Leaf texts, some the same value written differently (`"ab"`, `"a\u0062"`; `1`, `1.0`), some whose bytes are
    /// another string's (`"a\\nb"` is `a\nb` with a backslash, `"a\nb"` a line break), composed and decomposed `é`.
    static let leaves = [
        #""ab""#, #""a\u0062""#, #""a\\nb""#, #""a\nb""#, #""a\\\\nb""#, #""""#, #""\\""#, #""\"""#, "\"\u{E9}\"",
        "\"e\u{301}\"", #""\u00e9""#, #""é 🎲""#, "1", "1.0", "1e0", "-0", "0", "12345678901234567890.5", "true",
        "false", "null", #""true""#, #""1""#, "[1,2]", #"{"a":1}"#, #""a long string of more than fifteen bytes""#,
        #""a long string of more than fifteen bytes\/""#,
    ]

    @Test("a leaf's text is a stored value only when the tape would build exactly that value")
    func hasTextIsExact() throws {
        let tapes = try Self.leaves.map { text in try #require(JSONTape(Array(text.utf8)), "\(text)") }
        let values = try tapes.map { try $0.value(0) }
        for (index, tape) in tapes.enumerated() {
            for candidate in values {
                guard tape.hasText(0, of: candidate) else { continue }
                // Told from the text: the value built is the same value, the same bytes.
                #expect(values[index] == candidate, "\(Self.leaves[index]) is not \(candidate)")
                #expect(Self.bytes(values[index]) == Self.bytes(candidate), "\(Self.leaves[index])")
            }
            // A leaf written plainly (no escape) is told to be its own value.
            let text = Self.leaves[index]
            let plain =
                !text.contains("\\") && !text.hasPrefix("[") && !text.hasPrefix("{") && text != "null"
            #expect(tape.hasText(0, of: values[index]) == plain, "\(text)")
        }
    }

    @Test("through the tape and through the tree, the same records, whatever the type name's text, seeded")
    func sameRecords() throws {
        var generator = SplitMix64(seed: 28_606)
        for round in 0..<300 {
            let body = Self.body(&generator)
            let records = CacheReaderTests.metadata.normalizedRecords(
                body: Data(body.utf8), variables: CacheReaderTests.variables,
                receivedAt: Date(timeIntervalSince1970: 1_000))
            let tape = try #require(records.tape, "round \(round): \(body)")
            #expect(tape == records.tree, "round \(round): \(body)")
            // The selection's type, however its name is written, keys the hero as a `Game`; another type as itself.
            let typeName = body.contains(#""__typename":"Other""#) ? "Other" : "Game"
            #expect(tape["\(typeName):6x45"] != nil, "round \(round): \(body)")
        }
    }

    /// The hero's `__typename`, written plainly, with escapes, and another type's.
    static let typeNames = [#""Game""#, #""G\u0061me""#, #""Gam\u0065""#, #""Other""#]

    /// A body of the reader's fixture query with leaves drawn from ``leaves`` and a type name from ``typeNames``.
    private static func body(_ generator: inout SplitMix64) -> String {
        func leaf() -> String { leaves[Int(generator.next() % UInt64(leaves.count))] }
        let name = leaf()
        // (An object's key is a string: its records stay the same objects.)
        return #"""
            {"data":{"hero":{"__typename":\#(typeNames[Int(generator.next() % UInt64(typeNames.count))]),"id":"6x45","name":\#(name),"title":\#(
                generator.next() % 2 == 0 ? name : leaf()),"nothing":\#(leaf()),"quote":\#(leaf()),"price":\#(leaf()),\#
            "big":\#(leaf()),"meta":\#(leaf()),"tags":[\#(leaf()),\#(leaf())],"grid":[[1,2],[],[3]],\#
            "draws":[{"id":"d1","number":\#(leaf())},{"id":"d2","number":\#(leaf())}],"matrix":[[{"value":\#(
                leaf())},null],[{"value":2}]],\#
            "items":[{"__typename":"Ticket","price":\#(leaf()),"numbers":[1,2,3]},{"__typename":"Coupon","code":\#(
                leaf())},null],"logo":null},"latest":{"id":"2","title":\#(leaf())}}}
            """#
    }

    /// A leaf's kind and UTF-8 bytes (strings that are equal as Swift strings may be other bytes).
    private static func bytes(_ value: JSONValue) -> [UInt8] {
        switch value {
        case .string(let text): return [1] + Array(text.utf8)
        case .number(let text): return [2] + Array(text.utf8)
        case .bool(let flag): return [3, flag ? 1 : 0]
        case .null: return [4]
        case .array, .object: return [5] + Array(value.jsonText.utf8)
        }
    }
}
