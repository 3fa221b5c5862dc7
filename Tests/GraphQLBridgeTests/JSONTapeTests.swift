import Foundation
import Testing

@_spi(Testing) @testable import GraphQLBridge

/// `JSONTape`: the cache's one reading of a body. It takes exactly the texts `ExactJSONParser` takes (but for member
/// names with escapes and names given twice, which it leaves to the tree), builds the same values, and the records
/// the normalizer writes through it are the records it writes from the parsed tree.
@Suite("JSONTape")
struct JSONTapeTests {
    /// Texts both readers take, with whitespace, every kind of value, escapes and numbers as written.
    static let valid = [
        "{}", "[]", "0", "-0", "\"\"", "null", " \t\n\r{ \"a\" : [ 1 , 2.5e3 , -0.0E-2 ] } \n",
        #"{"a":{"b":{"c":[[],[{}],[[null]]]}},"d":"x\u00e9\ud83d\ude00\n\\\/\"","e":true,"f":false}"#,
        #"["é 🎲", 123456789012345678901234567890, 1E400, "\u0000"]"#,
    ]

    /// Texts neither reader takes.
    static let invalid = [
        "", " ", "{", "[1 2]", "{\"a\":1,}", "[1,]", "{\"a\" 1}", "01", "1.", "1e", "-", "+1", ".5", "tru", "nul",
        "{} x", "\"a", "\"\\x\"", "\"\\u12\"", #""\ud800""#, #""\udc00""#, #""\ud800\u0041""#, #""\ud800x""#,
        "\"a\u{01}b\"", "{a:1}", "[\"\\ud83d\\ude00\", \"\\ude00\"]",
    ]

    @Test("it takes what the parser takes and builds the same values", arguments: valid)
    func takesValid(_ text: String) throws {
        let bytes = Array(text.utf8)
        let tape = try #require(JSONTape(bytes))
        #expect(try tape.value(0) == JSONValue(parsing: Data(bytes)))
    }

    @Test("it refuses what the parser refuses", arguments: invalid)
    func refusesInvalid(_ text: String) {
        let bytes = Array(text.utf8)
        #expect(JSONTape(bytes) == nil)
        #expect((try? JSONValue(parsing: Data(bytes))) == nil)
    }

    @Test("bytes that are not UTF-8 are refused, inside a string or out of one")
    func invalidUTF8() {
        for bytes: [UInt8] in [
            [0x22, 0xFF, 0x22], [0x5B, 0x22, 0xC3, 0x22, 0x5D], [0x5B, 0xFF, 0x5D], [0xEF, 0xBB, 0xBF, 0x7B, 0x7D],
        ] {
            #expect(JSONTape(bytes) == nil)
            #expect((try? JSONValue(parsing: Data(bytes))) == nil)
        }
    }

    @Test("nesting stops at the parser's limit")
    func depth() {
        let limit = ExactJSONParser.maximumDepth
        let deepest = String(repeating: "[", count: limit) + String(repeating: "]", count: limit)
        let tooDeep = String(repeating: "[", count: limit + 1) + String(repeating: "]", count: limit + 1)
        #expect(JSONTape(Array(deepest.utf8)) != nil)
        #expect((try? JSONValue(parsing: Data(deepest.utf8))) != nil)
        #expect(JSONTape(Array(tooDeep.utf8)) == nil)
        #expect((try? JSONValue(parsing: Data(tooDeep.utf8))) == nil)
    }

    @Test("a member name with an escape, or given twice, is left to the tree")
    func leftToTheTree() throws {
        for text in [#"{"\u0069d":1}"#, #"{"a":1,"a":2}"#, #"{"a":{"x":1,"y":2,"x":3}}"#, #"[{"k\"":1}]"#] {
            #expect(JSONTape(Array(text.utf8)) == nil, "\(text)")
            #expect((try? JSONValue(parsing: Data(text.utf8))) != nil, "\(text)")
        }
        // Names alike in length and first byte are not taken for repeats.
        let alike = try #require(JSONTape(Array(#"{"ab":1,"ac":2,"ad":{"ab":3}}"#.utf8)))
        #expect(try alike.value(0) == JSONValue(parsing: Data(#"{"ab":1,"ac":2,"ad":{"ab":3}}"#.utf8)))
    }

    @Test("members are found by name and elements in order")
    func navigation() throws {
        let tape = try #require(JSONTape(Array(#"{"a":[1,{"b":"x"},[2]],"c":null,"dd":"y"}"#.utf8)))
        func member(_ object: Int, _ name: String) -> Int? {
            var name = name
            return name.withUTF8 { tape.member(object, $0) }
        }
        let a = try #require(member(0, "a"))
        let items = tape.elements(a)
        #expect(items.count == 3)
        #expect(try tape.value(items[0]) == .number("1"))
        #expect(try member(items[1], "b").map(tape.value) == .string("x"))
        #expect(try tape.value(items[2]) == .array([.number("2")]))
        #expect(try member(0, "c").map(tape.value) == .null)
        #expect(try member(0, "dd").map(tape.value) == .string("y"))
        #expect(member(0, "d") == nil)
        #expect(member(0, "b") == nil)
        #expect(member(a, "a") == nil)
        #expect(String(decoding: tape.text(of: a), as: UTF8.self) == #"[1,{"b":"x"},[2]]"#)
    }

    @Test("members asked for in turn from a hint are found in any order; the hint follows the member found")
    func navigationFromHint() throws {
        let text = #"{"a":1,"b":{"a":"inner"},"c":3,"d":4}"#
        let tape = try #require(JSONTape(Array(text.utf8)))
        var hint = 0
        func member(_ object: Int, _ name: String) -> JSONValue? {
            var name = name
            return name.withUTF8 { tape.member(object, $0, from: &hint) }.flatMap { try? tape.value($0) }
        }
        // In the text's order, then backwards, then a name it lacks, then one past the hint: each found, or `nil`.
        for name in ["a", "b", "c", "d", "d", "c", "a", "x", "c", "a"] {
            var plain = name
            #expect(member(0, name) == plain.withUTF8 { tape.member(0, $0) }.flatMap { try? tape.value($0) }, "\(name)")
        }
        #expect(member(0, "a") == .number("1"))
        // A hint left by another object is outside this one: the search starts at its first member.
        let inner = try #require(plain(tape, 0, "b"))
        #expect(member(inner, "a") == .string("inner"))
        #expect(member(inner, "c") == nil)
    }

    private func plain(_ tape: JSONTape, _ object: Int, _ name: String) -> Int? {
        var name = name
        return name.withUTF8 { tape.member(object, $0) }
    }

    @Test("the records written through the tape are those written from the tree")
    func sameRecords() throws {
        // The reader's fixture has a member name with an escape (`"k\"ey"`, in a JSON scalar's value): the tape
        // leaves it to the tree; without it, the tape takes it and gives the tree's records.
        let escaped = CacheReaderTests.metadata.normalizedRecords(
            body: Data(CacheReaderTests.response.utf8), variables: CacheReaderTests.variables,
            receivedAt: Date(timeIntervalSince1970: 1_000))
        #expect(escaped.tape == nil)
        #expect(escaped.tree != nil)
        let body = Data(CacheReaderTests.response.replacingOccurrences(of: #""k\"ey""#, with: #""key""#).utf8)
        let records = CacheReaderTests.metadata.normalizedRecords(
            body: body, variables: CacheReaderTests.variables, receivedAt: Date(timeIntervalSince1970: 1_000))
        let tape = try #require(records.tape)
        #expect(tape == records.tree)
        #expect(tape.count > 4)
        // With whitespace, members in another order and an unselected member: the same records.
        let reordered = Data(
            #"""
            { "data" : { "latest" : { "title" : "Keno", "id" : "2", "extra" : [ {"x": 1} ] },
              "hero" : { "logo" : null, "items" : [ null, {"code":"FREE","__typename":"Coupon"},
              {"numbers":[1,2,3],"price":2.5,"__typename":"Ticket"} ], "id": "6x45", "__typename": "Game" } } }
            """#.utf8)
        let other = CacheReaderTests.metadata.normalizedRecords(
            body: reordered, variables: CacheReaderTests.variables, receivedAt: Date(timeIntervalSince1970: 1_000))
        #expect(other.tape != nil)
        #expect(other.tape == other.tree)
    }

    @Test("a body the tape leaves to the tree is still written, through the client")
    func clientFallsBackToTheTree() async throws {
        // An escaped member name (`"\u0064ata"` is `data`) is read through the tree.
        let body = Data(#"{"\u0064ata":{"hero":{"__typename":"Game","id":"6x45","name":"A"}}}"#.utf8)
        guard case .tree(let data)? = ResponseData.taped(Array(body)) else {
            Issue.record("not read through the tree")
            return
        }
        #expect(data["hero"] != nil)
        // Without errors, the client hands the body over as it is (the cache tapes it when it needs to); with errors,
        // the tree (nulls placed on it); without data, nothing.
        let plain = Data(#"{"data":{"hero":null}}"#.utf8)
        guard case .body(let bytes)? = GraphQLHTTPClient.responseData(plain, hasErrors: false, hasData: true),
            case .tape? = ResponseData.taped([UInt8](bytes))
        else {
            Issue.record("not read through the tape")
            return
        }
        guard case .tree? = GraphQLHTTPClient.responseData(plain, hasErrors: true, hasData: true) else {
            Issue.record("not read through the tree")
            return
        }
        #expect(GraphQLHTTPClient.responseData(plain, hasErrors: false, hasData: false) == nil)
        #expect(ResponseData.taped(Array(#"{"data":null}"#.utf8)) == nil)
        #expect(ResponseData.taped(Array(#"{"data":[]}"#.utf8)) == nil)
        #expect(ResponseData.taped(Array("not json".utf8)) == nil)
        #expect(GraphQLHTTPClient.responseData(Data(#"{"data":null}"#.utf8), hasErrors: true, hasData: false) == nil)
    }
}
