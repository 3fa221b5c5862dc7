import Foundation
import GraphQLBridge
import GraphQLCodegenTestSupport
import GraphQLParser
import Testing

/// Issue 18's three repros, decoded, read through Swift, encoded and decoded again (Fixtures/Repros).
@Suite("Issue 18 repros")
struct ReproTests {
    static func json(_ text: String) throws -> JSONValue { try JSONValue(parsing: Data(text.utf8)) }

    static func decode<Data: Decodable>(_ type: Data.Type, _ text: String) throws -> Data {
        try JSONDecoder().decode(Data.self, from: Foundation.Data(text.utf8))
    }

    @Test("row 1: a field under a nested type condition is readable where the chain applies")
    func nestedCondition() throws {
        let text =
            #"{"animals":[{"__typename":"Fish","id":"1","name":"Nemo","size":3},{"__typename":"Crab","id":"2"}]}"#
        let data = try Self.decode(NestedConditionsQuery.Data.self, text)
        #expect(data.animals[0].asPet?.name == "Nemo")
        #expect(data.animals[0].asPet?.size == 3)
        #expect(data.animals[0].asPet?.id == "1")
        #expect(data.animals[1].asPet == nil)
        let json = try Self.json(text)
        #expect(RoundTrip.problems(NestedConditionsQuery.Data.self, data: json, expected: json) == [])
    }

    @Test("row 1, the other way round: Pet, then Animal, then Pet")
    func nestedConditionReversed() throws {
        let text = #"{"pets":[{"__typename":"Fish","id":"1","name":"Nemo"},{"__typename":"Rock"}]}"#
        let data = try Self.decode(NestedConditionsReversedQuery.Data.self, text)
        #expect(data.pets[0].asAnimal?.id == "1")
        #expect(data.pets[0].asAnimal?.name == "Nemo")
        #expect(data.pets[1].asAnimal == nil)
        let json = try Self.json(text)
        #expect(RoundTrip.problems(NestedConditionsReversedQuery.Data.self, data: json, expected: json) == [])
    }

    @Test("row 2: two views' parts of one nested object encode as one object")
    func viewsEncoding() throws {
        let text = #"""
            {"animals":[{"__typename":"Cat","height":{"a":1,"b":2}},{"__typename":"Dog","height":{"a":3}},
            {"__typename":"Croc","height":{"b":4}}]}
            """#
        let data = try Self.decode(ViewsEncodingQuery.Data.self, text)
        #expect(data.animals[0].asPet?.height.a == 1)
        #expect(data.animals[0].asWarm?.height.b == 2)
        #expect(data.animals[1].asPet?.height.a == 3)
        #expect(data.animals[1].asWarm == nil)
        #expect(data.animals[2].asWarm?.height.b == 4)
        let encoded = try JSONValue(parsing: try JSONEncoder().encode(data))
        #expect(
            encoded["animals"].flatMap { try? Self.element($0, 0) }
                == (try Self.json(#"{"__typename":"Cat","height":{"a":1,"b":2}}"#)))
        let json = try Self.json(text)
        #expect(RoundTrip.problems(ViewsEncodingQuery.Data.self, data: json, expected: json) == [])
    }

    static func element(_ value: JSONValue, _ index: Int) throws -> JSONValue {
        guard case .array(let items) = value, items.indices.contains(index) else {
            throw GeneratedCodeTestError("no element \(index) in \(value.jsonText)")
        }
        return items[index]
    }

    @Test(
        "row 3: a conditional fragment selecting deeper into a field selected unconditionally",
        arguments: [true, false])
    func conditionalFragment(skipMeters: Bool) throws {
        let text =
            skipMeters ? #"{"thing":{"size":{"feet":1}}}"# : #"{"thing":{"size":{"feet":1,"meters":2}}}"#
        let data = try Self.decode(ConditionalFragmentQuery.Data.self, text)
        #expect(data.thing.size.feet == 1)
        #expect(data.thing.size.meters == (skipMeters ? nil : 2))
        #expect(data.thing.fragments.meters?.size.meters == (skipMeters ? nil : 2))
        let json = try Self.json(text)
        #expect(RoundTrip.problems(ConditionalFragmentQuery.Data.self, data: json, expected: json) == [])
    }

    @Test("row 3 through the server's answer for each value of the variable")
    func conditionalFragmentAnswered() throws {
        let schema = try GeneratedSources.schema(["Repros/ConditionalFragment/schema.graphqls"])
        let document = try Parser.parse(Source(ConditionalFragmentQuery.document, name: "document"))
        var generator = ResponseGenerator(schema: schema, seed: 1)
        for skip in [true, false] {
            let answer = try generator.answer(document, variables: ["skipMeters": skip])
            #expect(
                RoundTrip.problems(
                    ConditionalFragmentQuery.Data.self, data: answer.data, expected: answer.expectedEncoding) == [])
        }
    }
}
