import Foundation
import GraphQLBridge
import Testing

/// `GraphQLNullable` in variables: omitted (`.none`), explicit `null`, or a value.
@Suite("GraphQLNullable")
struct GraphQLNullableTests {
    /// Variables in the form the code generator emits.
    struct Variables: Encodable {
        var id: GraphQLID
        var limit: GraphQLNullable<Int>
        var before: GraphQLNullable<Long>
        var color: GraphQLNullable<TestColor>
        var name: GraphQLNullable<String>

        enum CodingKeys: String, CodingKey {
            case id, limit, before, color, name
        }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(id, forKey: .id)
            try container.encode(limit, forKey: .limit)
            try container.encode(before, forKey: .before)
            try container.encode(color, forKey: .color)
            try container.encode(name, forKey: .name)
        }
    }

    func encoded(_ variables: Variables) throws -> (text: String, json: JSONValue) {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        let data = try encoder.encode(variables)
        return (String(decoding: data, as: UTF8.self), try JSONDecoder().decode(JSONValue.self, from: data))
    }

    @Test(".none leaves the key out")
    func omitted() throws {
        let (text, json) = try encoded(Variables(id: "g", limit: .none, before: .none, color: .none, name: nil))
        #expect(text == #"{"id":"g"}"#)
        #expect(json == .object(["id": .string("g")]))
    }

    @Test(".null sends null")
    func null() throws {
        let (text, _) = try encoded(Variables(id: "g", limit: .null, before: .null, color: .null, name: .null))
        #expect(text == #"{"before":null,"color":null,"id":"g","limit":null,"name":null}"#)
    }

    @Test(".some sends the value, a Long exactly")
    func value() throws {
        let (text, json) = try encoded(
            Variables(
                id: "g", limit: 5, before: .some(9_007_199_254_740_993), color: .some(.unknown("BLUE")), name: "x"))
        #expect(text == #"{"before":9007199254740993,"color":"BLUE","id":"g","limit":5,"name":"x"}"#)
        #expect(json["before"] == .number("9007199254740993"))
    }

    @Test("mixed: omitted, null and value side by side")
    func mixed() throws {
        let (text, json) = try encoded(Variables(id: "g", limit: .null, before: .none, color: .some(.red), name: .none))
        #expect(text == #"{"color":"RED","id":"g","limit":null}"#)
        guard case .object(let members) = json else {
            Issue.record("not an object: \(json)")
            return
        }
        #expect(members["before"] == nil)
        #expect(members["limit"] == .null)
        #expect(members["color"] == .string("RED"))
    }

    @Test("literals, initializers and accessors")
    func api() {
        let omitted: GraphQLNullable<Int> = nil
        #expect(omitted == .none)
        #expect(!omitted.isPresent)
        #expect(omitted.unwrapped == nil)
        let five: GraphQLNullable<Int> = 5
        #expect(five == .some(5))
        #expect(five.unwrapped == 5)
        let text: GraphQLNullable<String> = "a"
        #expect(text == .some("a"))
        let flag: GraphQLNullable<Bool> = true
        #expect(flag == .some(true))
        #expect(GraphQLNullable<Int>.null.isPresent)
        #expect(GraphQLNullable<Int>.null.unwrapped == nil)
        #expect(GraphQLNullable<Int>(nil as Int?) == .none)
        #expect(GraphQLNullable<Int>(3 as Int?) == .some(3))
        #expect(GraphQLNullable<Int>(nullIfNil: nil) == .null)
        #expect(GraphQLNullable<Int>(nullIfNil: 3) == .some(3))
    }
}
