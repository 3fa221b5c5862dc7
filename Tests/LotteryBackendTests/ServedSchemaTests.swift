import GraphQLParser
import GraphQLSchema
import GraphQLServer
import Testing

@testable import LotteryBackend

/// The one schema the endpoint validates and executes on: the bundled `lottery.graphqls`, with the data set's enum
/// values beyond the SDL's.
@Suite("Served schema")
struct ServedSchemaTests {
    @Test("The served schema is the bundled lottery.graphqls, with the data set's extra enum values after the SDL's")
    func bundledSDLWithExtraEnumValues() throws {
        let schema = try ServedSchema.build(dataSet: TestSupport.smallDataSet()).get()
        #expect(schema.queryType?.name == "Query")
        #expect(schema.mutationType?.name == "Mutation")
        #expect(schema.subscriptionType?.name == "Subscription")
        #expect(
            schema.type(named: "GameType")?.enumValues.map(\.name) == ["LOTTO", "KENO", "RAPID", "INSTANT", "SCRATCH"])
        #expect(schema.type(named: "DrawStatus")?.enumValues.map(\.name).last == "POSTPONED")

        let document = try Parser.parse(Source(try BundledResources.schemaSDL(), name: "lottery.graphqls"))
        for definition in document.typeSystemDefinitions {
            guard case .type(.object(let object)) = definition else { continue }
            let type = try #require(schema.type(named: object.name.value))
            #expect(type.fields.map(\.name) == object.fields.map(\.name.value))
            for field in object.fields {
                let served = try #require(type.field(named: field.name.value))
                #expect(served.type.description == field.type.description, "\(object.name.value).\(field.name.value)")
            }
        }
    }

    @Test("A data set with no values beyond the SDL's is served the SDL's enums as they are")
    func noExtraEnumValues() throws {
        let dataSet = try TestSupport.smallDataSet()
        let known = try LotteryDataSet(
            images: dataSet.images, games: dataSet.games.filter { $0.type != "SCRATCH" },
            draws: dataSet.draws.filter { $0.status != "POSTPONED" && $0.gameId != "scratch" })
        let schema = try ServedSchema.build(dataSet: known).get()
        #expect(schema.type(named: "GameType")?.enumValues.map(\.name) == ["LOTTO", "KENO", "RAPID", "INSTANT"])
        #expect(schema.type(named: "DrawStatus")?.enumValues.count == 5)
    }

    @Test("Arguments left out take the schema's defaults: games(activeOnly: true), draws(last: 10)")
    func argumentDefaults() throws {
        let service = GraphQLService(dataSet: try LotteryDataSet.bundled(), longAsString: false)
        let outcome = service.run(
            query: "{ games { isActive } all: games(activeOnly: false) { id } draws(gameId: \"6x45\") { id } }",
            operationName: nil, variables: nil)
        #expect(!outcome.isRequestError)
        let active = try #require(outcome.body[path: "data", "games"]?.elements)
        let all = try #require(outcome.body[path: "data", "all"]?.elements)
        #expect(!active.isEmpty && active.count < all.count)
        #expect(active.allSatisfy { $0["isActive"] == .bool(true) })
        #expect(outcome.body[path: "data", "draws"]?.elements.count == 10)
    }
}
