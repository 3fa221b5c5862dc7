import GraphQLParser
import Testing

/// The AST built for schema documents.
@Suite("Type system documents")
struct TypeSystemDocumentTests {
    private static let noLocation = ParseOptions(noLocation: true)

    private static let schema = #"""
        """
        The lottery API.
        """
        schema @contact(name: "team") { query: Query mutation: Mutation }

        "A date and time, ISO 8601."
        scalar DateTime @specifiedBy(url: "https://tools.ietf.org/html/rfc3339")

        interface Node { id: ID! }
        interface Entity implements & Node { id: ID! name: String }

        type Game implements Node & Entity @key(fields: "id") {
          id: ID!
          name: String
          """
            Draws, newest first.

              (at most 100)
          """
          draws(
            "How many."
            limit: Int = 10 @constraint(max: 100)
            before: Int
          ): [Draw!]! @deprecated(reason: "Use history.")
        }

        union SearchResult @d = | Game | Draw
        enum DrawState { "Open" OPEN CLOSED @deprecated }
        input DrawFilter @oneOf { state: DrawState = OPEN, numbers: [Int!] = [1, 2] }
        directive @constraint(max: Int) repeatable on ARGUMENT_DEFINITION | INPUT_FIELD_DEFINITION
        directive @d on | UNION

        extend schema @extra
        extend scalar DateTime @d
        extend type Game implements Thing { extra: Int }
        extend interface Node @d
        extend union SearchResult = Other
        extend enum DrawState { ARCHIVED }
        extend input DrawFilter { archived: Boolean }
        """#

    @Test("every kind of definition and extension")
    func definitions() throws {
        let document = try Parser.parse(Source(Self.schema), options: Self.noLocation)
        #expect(!document.isExecutable)
        #expect(document.typeSystemDefinitions.count == 10)
        #expect(document.typeSystemExtensions.count == 7)
        #expect(
            document.definitions.compactMap(\.name?.value) == [
                "DateTime", "Node", "Entity", "Game", "SearchResult", "DrawState", "DrawFilter", "constraint", "d",
                "DateTime", "Game", "Node", "SearchResult", "DrawState", "DrawFilter",
            ])

        guard case .typeSystem(.schema(let schema)) = document.definitions[0] else {
            Issue.record("expected the schema definition")
            return
        }
        #expect(schema.description == StringValue("The lottery API.", isBlock: true))
        #expect(schema.operationTypes.map(\.operation) == [.query, .mutation])
        #expect(schema.operationTypes.map(\.type.name.value) == ["Query", "Mutation"])
        #expect(schema.directives.map(\.name.value) == ["contact"])

        let types = document.typeSystemDefinitions.compactMap { definition -> TypeDefinition? in
            if case .type(let type) = definition { return type }
            return nil
        }
        guard case .scalar(let dateTime) = types[0], case .interface(let entity) = types[2],
            case .object(let game) = types[3], case .union(let searchResult) = types[4],
            case .enum(let drawState) = types[5], case .inputObject(let drawFilter) = types[6]
        else {
            Issue.record("unexpected type definitions: \(types.map(\.name.value))")
            return
        }
        #expect(dateTime.description?.value == "A date and time, ISO 8601.")
        #expect(types[0].directives.map(\.name.value) == ["specifiedBy"])
        #expect(entity.interfaces.map(\.name.value) == ["Node"])
        #expect(game.interfaces.map(\.name.value) == ["Node", "Entity"])
        #expect(game.fields.map(\.name.value) == ["id", "name", "draws"])
        let draws = game.fields[2]
        #expect(draws.description?.value == "Draws, newest first.\n\n  (at most 100)")
        #expect(draws.type.description == "[Draw!]!")
        #expect(draws.arguments.map(\.name.value) == ["limit", "before"])
        #expect(draws.arguments[0].description?.value == "How many.")
        #expect(draws.arguments[0].defaultValue == .int("10", location: .unknown))
        #expect(draws.arguments[0].directives.map(\.name.value) == ["constraint"])
        #expect(draws.directives.first?.arguments.first?.value == .string(StringValue("Use history.")))
        #expect(searchResult.types.map(\.name.value) == ["Game", "Draw"])
        #expect(searchResult.directives.map(\.name.value) == ["d"])
        #expect(drawState.values.map(\.name.value) == ["OPEN", "CLOSED"])
        #expect(drawState.values[0].description?.value == "Open")
        #expect(drawState.values[1].directives.map(\.name.value) == ["deprecated"])
        #expect(drawFilter.fields.map(\.name.value) == ["state", "numbers"])
        #expect(drawFilter.fields[0].defaultValue == .enum("OPEN", location: .unknown))
        #expect(drawFilter.directives.map(\.name.value) == ["oneOf"])

        guard case .typeSystem(.directive(let constraint)) = document.definitions[8],
            case .typeSystem(.directive(let d)) = document.definitions[9]
        else {
            Issue.record("expected two directive definitions")
            return
        }
        #expect(constraint.isRepeatable)
        #expect(constraint.directiveLocations == [.argumentDefinition, .inputFieldDefinition])
        #expect(constraint.arguments.map(\.name.value) == ["max"])
        #expect(!d.isRepeatable)
        #expect(d.locations.map(\.value) == ["UNION"])
    }

    @Test("extensions")
    func extensions() throws {
        let document = try Parser.parse(Source(Self.schema), options: Self.noLocation)
        let extensions = document.typeSystemExtensions
        guard case .schema(let schema) = extensions[0], case .type(.scalar(let scalar)) = extensions[1],
            case .type(.object(let object)) = extensions[2], case .type(.interface(let interface)) = extensions[3],
            case .type(.union(let union)) = extensions[4], case .type(.enum(let enumType)) = extensions[5],
            case .type(.inputObject(let input)) = extensions[6]
        else {
            Issue.record("unexpected extensions")
            return
        }
        #expect(schema.directives.map(\.name.value) == ["extra"])
        #expect(schema.operationTypes.isEmpty)
        #expect(scalar.directives.map(\.name.value) == ["d"])
        #expect(object.interfaces.map(\.name.value) == ["Thing"])
        #expect(object.fields.map(\.name.value) == ["extra"])
        #expect(interface.directives.map(\.name.value) == ["d"])
        #expect(union.types.map(\.name.value) == ["Other"])
        #expect(enumType.values.map(\.name.value) == ["ARCHIVED"])
        #expect(input.fields.map(\.name.value) == ["archived"])
    }

    @Test("graphql-core's extras: directives on directive definitions and directive extensions")
    func graphQLCoreExtras() throws {
        let document = try Parser.parse(
            Source("directive @a @meta(x: 1) on FIELD extend directive @a @more"), options: Self.noLocation)
        guard case .typeSystem(.directive(let definition)) = document.definitions[0],
            case .typeSystemExtension(.directive(let directiveExtension)) = document.definitions[1]
        else {
            Issue.record("expected a directive definition and extension")
            return
        }
        #expect(definition.directives.map(\.name.value) == ["meta"])
        #expect(directiveExtension.name.value == "a")
        #expect(directiveExtension.directives.map(\.name.value) == ["more"])
    }

    @Test("the sources the project's own schema files are written in parse and print back")
    func lotterySchema() throws {
        let document = try Parser.parse(Source(Self.schema), options: Self.noLocation)
        let pretty = Printer.pretty(document)
        #expect(try Parser.parse(Source(pretty), options: Self.noLocation) == document)
        #expect(try Parser.parse(Source(Printer.minified(document)), options: Self.noLocation) == document)
        #expect(pretty.contains("type Game implements Node & Entity @key(fields: \"id\") {"))
    }
}
