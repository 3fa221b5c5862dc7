import GraphQLParser
import GraphQLSchema
import Testing

/// The Validator's API beyond the conformance corpus: diagnostics, file names, the error limit.
@Suite("Validator")
struct ValidatorTests {
    static func validate(_ text: String, schema: String = "lottery", maxErrors: Int = 100) throws -> [Diagnostic] {
        Validator.validate(
            try Parser.parse(Source(text, name: "Operations.graphql")), schema: try Fixtures.schema(schema),
            maxErrors: maxErrors)
    }

    @Test("the lottery app's own operations are valid")
    func lotteryOperations() throws {
        let text = try Fixtures.text("schemas/lottery.graphqls")
        #expect(!text.isEmpty)
        let diagnostics = try Self.validate(
            """
            query Game($id: ID!) { game(id: $id) { id name nextDraw { number date } } }
            query Draws($gameId: ID!, $last: Int) { draws(gameId: $gameId, last: $last) { id winningNumbers } }
            """)
        #expect(diagnostics.isEmpty)
    }

    @Test("a diagnostic has the file, line and column, the message, and further locations")
    func diagnosticShape() throws {
        let diagnostics = try Self.validate("query Game($id: ID!) {\n  game(id: $gameId) { titel }\n}")
        #expect(diagnostics.count == 3)
        let undefined = try #require(diagnostics.first { $0.message.hasPrefix("Variable '$gameId'") })
        #expect(undefined.message == "Variable '$gameId' is not defined by operation 'Game'.")
        #expect(undefined.severity == .error)
        #expect(undefined.description == "Operations.graphql:2:12: error: \(undefined.message)")
        #expect(undefined.relatedLocations.map { [$0.line, $0.column] } == [[1, 1]])
        let field = try #require(diagnostics.first { $0.message.hasPrefix("Cannot query") })
        #expect(field.message == "Cannot query field 'titel' on type 'Game'. Did you mean 'type'?")
        #expect(field.location.line == 2 && field.location.column == 23)
    }

    @Test("allowUnusedFragments skips only NoUnusedFragments")
    func allowUnusedFragments() throws {
        let text = "fragment Lonely on Game { id }\nquery Q { game(id: 1) { nope } }"
        let document = try Parser.parse(Source(text, name: "Operations.graphql"))
        let schema = try Fixtures.schema("lottery")
        let all = Validator.validate(document, schema: schema).map(\.message)
        #expect(all.contains("Fragment 'Lonely' is never used."))
        let allowed = Validator.validate(document, schema: schema, allowUnusedFragments: true).map(\.message)
        #expect(allowed == all.filter { $0 != "Fragment 'Lonely' is never used." })
        #expect(allowed.contains { $0.hasPrefix("Cannot query field 'nope'") })
    }

    @Test("validation stops after maxErrors errors, like graphql-core")
    func errorLimit() throws {
        let fields = (1...10).map { "unknown\($0)" }.joined(separator: " ")
        let diagnostics = try Self.validate("{ \(fields) }", maxErrors: 3)
        #expect(diagnostics.count == 4)
        #expect(diagnostics.last?.message == "Too many validation errors, error limit reached. Validation aborted.")
        #expect(diagnostics.last?.location.isKnown == false)
        let all = try Self.validate("{ \(fields) }")
        #expect(all.count == 10)
    }

    @Test("columns count Unicode scalars, as graphql-core does")
    func unicodeColumns() throws {
        let diagnostics = try Self.validate("{ game(id: \"🎰\") { naem } }")
        #expect(diagnostics.map(\.location.column) == [19])  // the emoji is one column
    }

    @Test("fragments nested more than 200 levels deep abort validation, like graphql-core")
    func fragmentNesting() throws {
        func chain(_ length: Int) -> String {
            "{ dog { ...F0 } }\n"
                + (0..<length).map { "fragment F\($0) on Dog { ...F\($0 + 1) }" }.joined(separator: "\n")
                + "\nfragment F\(length) on Dog { name }"
        }
        let deep = try Self.validate(chain(210), schema: "pets")
        #expect(deep.map(\.message) == ["Validation aborted."])
        #expect(deep.first?.location.isKnown == false)
        #expect(try Self.validate(chain(150), schema: "pets").isEmpty)
    }
}
