import GraphQLParser
import Testing

/// String and block string values are decoded as graphql-core decodes them.
@Suite("String values match graphql-core")
struct StringValueTests {
    @Test("decoded value", arguments: GraphQLCoreExpectations.shared.stringValues)
    func stringValue(_ testCase: GraphQLCoreExpectations.StringValueCase) throws {
        let value = try Parser.parseConstValue(Source(testCase.source))
        guard case .string(let string) = value else {
            Issue.record("expected a string, got \(value)")
            return
        }
        #expect(string.value == testCase.value)
        #expect(string.isBlock == testCase.source.hasPrefix("\"\"\""))
        #expect(string.location.line == 1 && string.location.column == 1)
    }

    @Test("strings survive printing", arguments: GraphQLCoreExpectations.shared.stringValues)
    func printedStringParsesBack(_ testCase: GraphQLCoreExpectations.StringValueCase) throws {
        let value = try Parser.parseConstValue(Source(testCase.source), options: ParseOptions(noLocation: true))
        for printed in [Printer.pretty(value), Printer.minified(value)] {
            let reparsed = try Parser.parseConstValue(Source(printed), options: ParseOptions(noLocation: true))
            #expect(reparsed == value, "printed as \(printed)")
        }
    }

    @Test("a surrogate pair escape decodes to one scalar")
    func surrogatePair() throws {
        let value = try Parser.parseConstValue(Source(#""\uD83D\uDE00x""#))
        guard case .string(let string) = value else {
            Issue.record("expected a string, got \(value)")
            return
        }
        #expect(Array(string.value.unicodeScalars) == ["\u{1F600}", "x"])
    }
}
