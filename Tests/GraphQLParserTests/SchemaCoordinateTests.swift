import GraphQLParser
import Testing

/// Schema coordinates (September 2025 spec) parse and print as in graphql-core.
@Suite("Schema coordinates")
struct SchemaCoordinateTests {
    @Test("kind and printed form", arguments: GraphQLCoreExpectations.shared.schemaCoordinates)
    func coordinate(_ testCase: GraphQLCoreExpectations.SchemaCoordinateCase) throws {
        let coordinate = try Parser.parseSchemaCoordinate(Source(testCase.source))
        let kind =
            switch coordinate {
            case .type: "type_coordinate"
            case .member: "member_coordinate"
            case .argument: "argument_coordinate"
            case .directive: "directive_coordinate"
            case .directiveArgument: "directive_argument_coordinate"
            }
        #expect(kind == testCase.kind)
        #expect(coordinate.description == testCase.printed)
        #expect(Printer.pretty(coordinate) == testCase.printed)
        #expect(Printer.minified(coordinate) == testCase.printed)
        #expect(coordinate.location.column == 1)
    }

    @Test("the parts of an argument coordinate")
    func parts() throws {
        let coordinate = try Parser.parseSchemaCoordinate(Source("Game.draws(limit:)"))
        guard case .argument(let type, let field, let argument, _) = coordinate else {
            Issue.record("expected an argument coordinate, got \(coordinate)")
            return
        }
        #expect([type.value, field.value, argument.value] == ["Game", "draws", "limit"])
        #expect([type.location.column, field.location.column, argument.location.column] == [1, 6, 12])
    }
}
