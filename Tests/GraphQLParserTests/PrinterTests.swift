import GraphQLParser
import Testing

/// `Printer.pretty` reproduces graphql-core's `print_ast`; `Printer.minified` is compact and parses back.
@Suite("Printer")
struct PrinterTests {
    private static let noLocation = ParseOptions(noLocation: true)

    @Test("a block string not printable as one (U+0000): block in pretty, regular in minified, the same value")
    func blockStringWithNUL() throws {
        // Found by the `parser` fuzz target (Fuzz/parser): the two printings differ in form, not in value.
        let document = try Parser.parse(Source("\"\"\"\na\u{0}b\n\"\"\"\nscalar X\n"))
        let pretty = Printer.pretty(document)
        let minified = Printer.minified(document)
        #expect(pretty == "\"\"\"a\u{0}b\"\"\"\nscalar X")
        #expect(minified == "\"a\\u0000b\"scalar X")
        let fromPretty = try Parser.parse(Source(pretty))
        let fromMinified = try Parser.parse(Source(minified))
        #expect(Printer.pretty(fromPretty) == pretty)
        #expect(Printer.minified(fromPretty) == minified)
        #expect(Printer.minified(fromMinified) == minified)
    }

    @Test("pretty output equals graphql-core's print_ast", arguments: GraphQLCoreExpectations.shared.printing)
    func prettyMatchesGraphQLCore(_ testCase: GraphQLCoreExpectations.PrintingCase) throws {
        let document = try Parser.parse(Source(testCase.source))
        #expect(Printer.pretty(document) == testCase.pretty)
    }

    @Test("pretty and minified output parse back to the same AST", arguments: GraphQLCoreExpectations.shared.printing)
    func roundTrip(_ testCase: GraphQLCoreExpectations.PrintingCase) throws {
        let document = try Parser.parse(Source(testCase.source), options: Self.noLocation)
        let pretty = Printer.pretty(document)
        let minified = Printer.minified(document)
        #expect(try Parser.parse(Source(pretty), options: Self.noLocation) == document)
        #expect(try Parser.parse(Source(minified), options: Self.noLocation) == document, "minified: \(minified)")
        #expect(minified.utf8.count <= pretty.utf8.count)
    }

    @Test(
        "minified form",
        arguments: [
            (
                "query Game($id: ID!) {\n  game(id: $id) {\n    ...GameDetails\n  }\n}",
                "query Game($id:ID!){game(id:$id){...GameDetails}}"
            ),
            ("{ a b c }", "{a b c}"),
            ("query { a }", "{a}"),
            ("{ a(x: 1, y: 2, z: [1, -2, 3.5e3]) }", "{a(x:1 y:2 z:[1 -2 3.5e3])}"),
            ("{ a(x: $v, y: RED, z: true, n: null) }", "{a(x:$v y:RED z:true n:null)}"),
            ("{ a(list: [\"\", \"b\", \"\"]) }", "{a(list:[\"\" \"b\" \"\"])}"),
            ("{ x: a @include(if: $f) ... on T { b } ...F }", "{x:a@include(if:$f)...on T{b}...F}"),
            ("{ ... @skip(if: true) { a } }", "{...@skip(if:true){a}}"),
            ("fragment F on T @d { a, b, }", "fragment F on T@d{a b}"),
            ("mutation M($in: In = {a: 1, b: [2]}) { m(in: $in) }", "mutation M($in:In={a:1 b:[2]}){m(in:$in)}"),
            ("# comment\n{\n  a # another\n}", "{a}"),
            ("{ a(s: \"\"\"\n  block\n\"\"\") }", "{a(s:\"\"\"block\"\"\")}"),
            ("\"Desc\" query Q { a }", "\"Desc\"query Q{a}"),
            (
                "type A implements B & C @d { f(a: Int = 1): [String!]! }",
                "type A implements B&C@d{f(a:Int=1):[String!]!}"
            ),
            ("union U = A | B scalar S", "union U=A|B scalar S"),
            ("directive @d(a: Int) repeatable on FIELD | QUERY", "directive@d(a:Int)repeatable on FIELD|QUERY"),
            ("input I { a: Int = 1 b: Int }", "input I{a:Int=1 b:Int}"),
        ]
    )
    func minifiedForm(_ source: String, _ expected: String) throws {
        let document = try Parser.parse(Source(source))
        #expect(Printer.minified(document) == expected)
        let reparsed = try Parser.parse(Source(expected), options: Self.noLocation)
        #expect(reparsed == (try Parser.parse(Source(source), options: Self.noLocation)))
    }

    @Test("a string that is not printable as a block string is minified as a regular string")
    func unprintableBlockString() {
        let value = Value.string(StringValue("  indented\n  lines", isBlock: true))
        #expect(Printer.minified(value) == #""  indented\n  lines""#)
    }

    @Test("nodes other than documents print too")
    func otherNodes() throws {
        let type = try Parser.parseType(Source("[ID!]!"))
        #expect(Printer.pretty(type) == "[ID!]!")
        #expect(Printer.minified(type) == "[ID!]!")
        let value = try Parser.parseValue(Source("{a: [1, 2], b: $c}"))
        #expect(Printer.pretty(value) == "{ a: [1, 2], b: $c }")
        #expect(Printer.minified(value) == "{a:[1 2]b:$c}")
        let document = try Parser.parse(Source("query Q { a { b } }"))
        let operation = try #require(document.operations.first)
        #expect(Printer.pretty(operation.selectionSet) == "{\n  a {\n    b\n  }\n}")
        #expect(Printer.minified(operation) == "query Q{a{b}}")
        #expect(Printer.pretty(StringValue("a\"b")) == #""a\"b""#)
    }

    @Test("the escapes of printed strings")
    func stringEscapes() {
        let value = StringValue("tab\there \"quoted\" back\\slash \u{0} \u{1F} \u{7F} \u{9F} é 😀")
        #expect(Printer.pretty(value) == #""tab\there \"quoted\" back\\slash \u0000 \u001F \u007F \u009F é 😀""#)
    }
}
