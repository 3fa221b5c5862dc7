import GraphQLParser
import Testing

/// The AST built for operations and fragments.
@Suite("Executable documents")
struct ExecutableDocumentTests {
    private static let noLocation = ParseOptions(noLocation: true)

    @Test("an operation with variables, defaults, directives, aliases, arguments and fragments")
    func operation() throws {
        let text = """
            query Game($id: ID! = "6x45" @deprecated, $limit: [Int!] = [1, 2]) @live {
              game(id: $id) {
                title: name
                draws(limit: $limit, order: DESC, filter: {state: "done", min: -1.5e3, ok: true, none: null}) {
                  ...DrawFields @include(if: $flag)
                  ... on Draw { number }
                  ... @skip(if: false) { state }
                }
              }
            }
            fragment DrawFields on Draw { id }
            """
        let document = try Parser.parse(Source(text), options: Self.noLocation)
        #expect(document.isExecutable)
        #expect(document.definitions.count == 2)
        let operation = try #require(document.operation(named: "Game"))
        #expect(operation.operation == .query)
        #expect(operation.name == Name("Game"))
        #expect(operation.directives == [Directive(name: Name("live"))])

        let id = operation.variableDefinitions[0]
        #expect(id.variable.name.value == "id")
        #expect(id.type == .nonNull(.named(NamedType(name: Name("ID"))), location: .unknown))
        #expect(id.defaultValue == .string(StringValue("6x45")))
        #expect(id.directives.map(\.name.value) == ["deprecated"])
        let limit = operation.variableDefinitions[1]
        #expect(limit.type.description == "[Int!]")
        #expect(limit.type.namedType.name.value == "Int")
        #expect(
            limit.defaultValue
                == .list([.int("1", location: .unknown), .int("2", location: .unknown)], location: .unknown))

        guard case .field(let game) = operation.selectionSet.selections.first else {
            Issue.record("expected the game field")
            return
        }
        #expect(game.arguments == [Argument(name: Name("id"), value: .variable(Variable(name: Name("id"))))])
        let gameSelections = try #require(game.selectionSet?.selections)
        guard case .field(let title) = gameSelections[0], case .field(let draws) = gameSelections[1] else {
            Issue.record("expected title and draws")
            return
        }
        #expect(title.alias?.value == "title")
        #expect(title.name.value == "name")
        #expect(title.responseKey == "title")
        #expect(title.selectionSet == nil)
        #expect(draws.arguments.map(\.name.value) == ["limit", "order", "filter"])
        #expect(draws.arguments[1].value == .enum("DESC", location: .unknown))
        #expect(
            draws.arguments[2].value
                == .object(
                    [
                        ObjectField(name: Name("state"), value: .string(StringValue("done"))),
                        ObjectField(name: Name("min"), value: .float("-1.5e3", location: .unknown)),
                        ObjectField(name: Name("ok"), value: .boolean(true, location: .unknown)),
                        ObjectField(name: Name("none"), value: .null(location: .unknown)),
                    ],
                    location: .unknown
                )
        )
        #expect(!draws.arguments[0].value.isConstant)
        #expect(draws.arguments[2].value.isConstant)

        let inner = try #require(draws.selectionSet?.selections)
        #expect(inner.count == 3)
        guard case .fragmentSpread(let spread) = inner[0], case .inlineFragment(let onDraw) = inner[1],
            case .inlineFragment(let untyped) = inner[2]
        else {
            Issue.record("expected a spread and two inline fragments")
            return
        }
        #expect(spread.name.value == "DrawFields")
        #expect(spread.directives.first?.arguments.first?.value == .variable(Variable(name: Name("flag"))))
        #expect(onDraw.typeCondition?.name.value == "Draw")
        #expect(untyped.typeCondition == nil)
        #expect(untyped.directives.map(\.name.value) == ["skip"])
        #expect(inner[2].directives.map(\.name.value) == ["skip"])

        let fragment = try #require(document.fragment(named: "DrawFields"))
        #expect(fragment.typeCondition.name.value == "Draw")
        #expect(document.fragments.count == 1)
    }

    @Test("the shorthand query, mutations and subscriptions")
    func operationKinds() throws {
        let document = try Parser.parse(
            Source("{ a } mutation M { b } subscription S { c } query { d }"), options: Self.noLocation)
        #expect(document.operations.map(\.operation) == [.query, .mutation, .subscription, .query])
        #expect(document.operations.map(\.name?.value) == [nil, "M", "S", nil])
        #expect(document.operation(named: nil) == nil)
        #expect(document.operation(named: "S")?.operation == .subscription)
        #expect(document.operation(named: "X") == nil)
        let single = try Parser.parse(Source("query Only { a }"))
        #expect(single.operation(named: nil)?.name?.value == "Only")
    }

    @Test("descriptions on operations, fragments and variables (September 2025 spec)")
    func executableDescriptions() throws {
        let text = #""Gets a game" query G("The id" $id: ID) { a } """Fields""" fragment F on T { b }"#
        let document = try Parser.parse(Source(text), options: Self.noLocation)
        #expect(document.operations.first?.description == StringValue("Gets a game"))
        #expect(document.operations.first?.variableDefinitions.first?.description == StringValue("The id"))
        #expect(document.fragments.first?.description == StringValue("Fields", isBlock: true))
    }

    @Test("keywords are ordinary names elsewhere")
    func keywordsAsNames() throws {
        let document = try Parser.parse(
            Source("query query { fragment: on(on: on, query: true) { type ... on on { null } } }"),
            options: Self.noLocation)
        let operation = try #require(document.operations.first)
        #expect(operation.name?.value == "query")
        guard case .field(let field) = operation.selectionSet.selections.first else {
            Issue.record("expected a field")
            return
        }
        #expect(field.alias?.value == "fragment")
        #expect(field.name.value == "on")
        #expect(field.arguments.first?.value == .enum("on", location: .unknown))
        #expect(field.arguments.last?.value == .boolean(true, location: .unknown))
    }

    @Test("empty selection sets are accepted, as graphql-core does by default")
    func emptySelectionSet() throws {
        let document = try Parser.parse(Source("{ a { } }"), options: Self.noLocation)
        guard case .field(let field) = document.operations.first?.selectionSet.selections.first else {
            Issue.record("expected a field")
            return
        }
        #expect(field.selectionSet?.selections.isEmpty == true)
    }

    @Test("numbers keep their source text")
    func numbersKeepText() throws {
        let value = try Parser.parseConstValue(Source("[9007199254740993, -0, 1.000000000000000000001, 1E+400]"))
        guard case .list(let values, _) = value else {
            Issue.record("expected a list")
            return
        }
        #expect(
            values.map { value -> String in
                switch value {
                case .int(let text, _), .float(let text, _): text
                default: "?"
                }
            } == ["9007199254740993", "-0", "1.000000000000000000001", "1E+400"])
    }

    @Test("parseExecutable rejects type system definitions like graphql-core's ExecutableDefinitionsRule")
    func executableOnly() throws {
        let document = try Parser.parseExecutable(Source("{ a } fragment F on T { b }"))
        #expect(document.definitions.count == 2)
        let typeError = try #require(throws: ParseError.self) {
            try Parser.parseExecutable(Source("{ a }\ntype Query { a: Int }", name: "req"))
        }
        #expect(typeError.message == "The 'Query' definition is not executable.")
        #expect(typeError.description == "req:2:1: error: The 'Query' definition is not executable.")
        let schemaError = try #require(throws: ParseError.self) {
            try Parser.parseExecutable(Source("extend schema @d"))
        }
        #expect(schemaError.message == "The schema definition is not executable.")
    }

    @Test("parseValue allows variables, parseConstValue does not")
    func valueParsing() throws {
        let value = try Parser.parseValue(Source("{ a: $x }"), options: Self.noLocation)
        #expect(
            value
                == .object(
                    [ObjectField(name: Name("a"), value: .variable(Variable(name: Name("x"))))], location: .unknown))
        #expect(throws: ParseError.self) { try Parser.parseConstValue(Source("{ a: $x }")) }
    }

    @Test("parseType")
    func typeParsing() throws {
        let type = try Parser.parseType(Source("[[ID!]]!"))
        #expect(type.description == "[[ID!]]!")
        #expect(type.isNonNull)
        #expect(type.namedType.name.location.column == 3)
        #expect(type.location.column == 1)
    }

    @Test("parsing from a String with a name")
    func stringConvenience() throws {
        let document = try Parser.parse("{ a }", name: "inline.graphql")
        #expect(document.location.fileName == "inline.graphql")
        #expect(document.operations.first?.selectionSet.location.fileName == "inline.graphql")
    }

    @Test("diagnostics print like a compiler's")
    func diagnosticDescription() {
        let location = SourceLocation(fileName: "Ops.graphql", line: 3, column: 7, utf8Offset: 40)
        #expect(location.description == "Ops.graphql:3:7")
        let warning = Diagnostic(severity: .warning, message: "unused fragment", location: location)
        #expect(warning.description == "Ops.graphql:3:7: warning: unused fragment")
        #expect(Diagnostic(severity: .note, message: "here", location: location).description.contains(": note: "))
        #expect(location < SourceLocation(fileName: "Ops.graphql", line: 4, column: 1, utf8Offset: 50))
    }
}
