import GraphQLParser
import Testing

/// Node positions count lines and columns exactly as graphql-core does.
@Suite("Locations match graphql-core")
struct LocationTests {
    /// A name found in an AST, with its position.
    private struct FoundName: Hashable, Comparable {
        var value: String
        var line: Int
        var column: Int

        static func < (lhs: FoundName, rhs: FoundName) -> Bool {
            (lhs.line, lhs.column) < (rhs.line, rhs.column)
        }
    }

    /// Every `Name` in a subtree, found by reflection.
    private static func names(in subject: Any) -> [FoundName] {
        if let name = subject as? Name {
            return [FoundName(value: name.value, line: name.location.line, column: name.location.column)]
        }
        return Mirror(reflecting: subject).children.flatMap { names(in: $0.value) }
    }

    @Test("the position of every name", arguments: GraphQLCoreExpectations.shared.nameLocations)
    func namePositions(_ testCase: GraphQLCoreExpectations.NameLocationsCase) throws {
        let document = try Parser.parse(Source(testCase.source))
        let found = Self.names(in: document).sorted()
        let expected = testCase.names.map { FoundName(value: $0.value, line: $0.line, column: $0.column) }
        #expect(found == expected)
    }

    @Test("node locations carry the file name, line, column and UTF-8 offset")
    func nodeLocations() throws {
        let text = "query Q {\r\n  \"😀\"\n}"
        let error = try #require(throws: ParseError.self) { try Parser.parse(Source(text, name: "Q.graphql")) }
        #expect(error.location == SourceLocation(fileName: "Q.graphql", line: 2, column: 3, utf8Offset: 13))

        let document = try Parser.parse(
            Source("# 😀\n\u{FEFF}query Q($v: Int) { f: field(a: $v) }", name: "Ops.graphql"))
        let operation = try #require(document.operations.first)
        // The byte order mark is one column, three bytes.
        #expect(operation.location == SourceLocation(fileName: "Ops.graphql", line: 2, column: 2, utf8Offset: 10))
        let variable = try #require(operation.variableDefinitions.first)
        #expect(variable.location.column == 10)
        #expect(variable.type.location.column == 14)
        guard case .field(let field) = operation.selectionSet.selections.first else {
            Issue.record("expected a field")
            return
        }
        #expect(field.location.column == 21)
        #expect(field.alias?.location.column == 21)
        #expect(field.name.location.column == 24)
        #expect(field.arguments.first?.value.location.column == 33)
        #expect(document.location == SourceLocation(fileName: "Ops.graphql", line: 1, column: 1, utf8Offset: 0))
    }

    @Test("without locations every node has the unknown location")
    func noLocation() throws {
        let document = try Parser.parse(Source("{ a(x: [1]) }"), options: ParseOptions(noLocation: true))
        let operation = try #require(document.operations.first)
        #expect(operation.location == .unknown)
        #expect(!operation.location.isKnown)
        #expect(Self.names(in: document).allSatisfy { $0.line == 0 && $0.column == 0 })
    }
}
