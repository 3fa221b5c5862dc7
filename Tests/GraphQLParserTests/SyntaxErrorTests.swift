import GraphQLParser
import Testing

/// Every syntax error of the table has graphql-core's message, line and column.
@Suite("Syntax errors match graphql-core")
struct SyntaxErrorTests {
    @Test("the expectations fixture is there and large enough")
    func fixtureIsComplete() throws {
        let expectations = try GraphQLCoreExpectations.load()
        #expect(expectations.graphqlCoreVersion == "3.3.2")
        #expect(expectations.syntaxErrors.count >= 25)
        #expect(!expectations.stringValues.isEmpty)
        #expect(!expectations.printing.isEmpty)
        #expect(!expectations.nameLocations.isEmpty)
    }

    @Test("error message and position", arguments: GraphQLCoreExpectations.shared.syntaxErrors)
    func syntaxError(_ testCase: GraphQLCoreExpectations.SyntaxErrorCase) throws {
        let source = Source(testCase.source, name: "case.graphql")
        let options = ParseOptions(maxTokens: testCase.options?.maxTokens)
        let error = try #require(throws: ParseError.self) {
            switch testCase.kind {
            case "value": _ = try Parser.parseValue(source, options: options)
            case "constValue": _ = try Parser.parseConstValue(source, options: options)
            case "type": _ = try Parser.parseType(source, options: options)
            case "schemaCoordinate": _ = try Parser.parseSchemaCoordinate(source, options: options)
            default: _ = try Parser.parse(source, options: options)
            }
        }
        #expect(error.message == testCase.message)
        #expect(error.location.line == testCase.line)
        #expect(error.location.column == testCase.column)
        #expect(error.location.fileName == "case.graphql")
        #expect(error.diagnostic.severity == .error)
        #expect(
            error.description == "case.graphql:\(testCase.line):\(testCase.column): error: \(testCase.message)")
    }

    @Test("the error's UTF-8 offset points into the source")
    func utf8Offset() throws {
        let error = try #require(throws: ParseError.self) {
            try Parser.parse(Source("{ a(s: \"😀\") ? }"))
        }
        // `{ a(s: "` is 8 bytes, the emoji 4, then `") ` 3.
        #expect(error.location.utf8Offset == 15)
        #expect(error.location.column == 13)
        #expect(error.location.fileName == "GraphQL request")
    }

    @Test("a document within the nesting limit parses")
    func nestingLimitIsInclusive() throws {
        let deep = "{ " + String(repeating: "a {", count: 199) + "b" + String(repeating: "}", count: 199) + " }"
        let document = try Parser.parse(Source(deep))
        #expect(document.definitions.count == 1)
        let stricter = ParseOptions(maxNestingDepth: 10)
        let error = try #require(throws: ParseError.self) { try Parser.parse(Source(deep), options: stricter) }
        #expect(error.message == "Syntax Error: Document is nested too deeply. Parsing aborted.")
    }

    @Test("a document within the token limit parses")
    func tokenLimitIsInclusive() throws {
        let document = try Parser.parse(Source("{ a b }"), options: ParseOptions(maxTokens: 4))
        #expect(document.operations.first?.selectionSet.selections.count == 2)
    }
}
