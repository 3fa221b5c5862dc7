import Foundation
@_spi(Generated) import GraphQLBridge
import Testing

/// What generated selection sets encode into: members written twice merge deeply, so two views of one object make
/// one JSON object.
@Suite("GraphQLResponseObject")
struct GraphQLResponseObjectTests {
    static func json(_ object: GraphQLResponseObject) throws -> JSONValue {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        return try JSONValue(parsing: try encoder.encode(object))
    }

    static func object(_ members: [(String, GraphQLResponseValue)]) -> GraphQLResponseValue {
        var object = GraphQLResponseObject()
        for (key, value) in members { object.set(key, value) }
        return .object(object)
    }

    @Test("nested objects written by two views merge; lists merge element by element")
    func deepMerge() throws {
        var object = GraphQLResponseObject()
        object.set("__typename", .scalar("Cat"))
        object.set("height", Self.object([("a", .scalar(1))]))
        object.set("friends", .list([Self.object([("x", .scalar(1))]), .null]))
        object.set("height", Self.object([("b", .scalar(2))]))
        object.set("friends", .list([Self.object([("y", .scalar(2))]), .null]))
        let expected = try JSONValue(
            parsing: Data(#"{"__typename":"Cat","friends":[{"x":1,"y":2},null],"height":{"a":1,"b":2}}"#.utf8))
        #expect(try Self.json(object) == expected)
        #expect(object.responseKeys == ["__typename", "height", "friends"])
    }

    @Test("null never hides a value; a value replaces null")
    func nulls() throws {
        var object = GraphQLResponseObject()
        object.set("a", .scalar(1))
        object.set("a", .null)
        object.set("b", .nullable(String?.none))
        object.set("b", .nullable("x"))
        object.set("c", .nullable(Int?.none))
        #expect(try Self.json(object) == (try JSONValue(parsing: Data(#"{"a":1,"b":"x","c":null}"#.utf8))))
    }

    @Test(
        "a leaf written twice with different values (a value and its asX view disagreeing) refuses to encode, naming the field"
    )
    func conflictingLeaves() throws {
        var screening = GraphQLResponseObject()
        screening.set("__typename", .scalar("ImaxScreening"))
        screening.set("title", .scalar("Heat"))
        screening.set("__typename", .scalar("ImaxScreening"))
        screening.set("title", .scalar("Alien"))
        var root = GraphQLResponseObject()
        root.set("screenings", .list([.object(GraphQLResponseObject()), .object(screening)]))
        do {
            _ = try JSONEncoder().encode(root)
            Issue.record("a field with two values encoded")
        } catch let EncodingError.invalidValue(_, context) {
            #expect(context.codingPath.map(\.stringValue).last == "title")
            #expect(
                context.debugDescription.hasPrefix(
                    #"screenings[1].title is given two different values, "Heat" and "Alien""#),
                "\(context.debugDescription)")
            #expect(context.debugDescription.contains("type case view (`asX`)"))
        }

        var agreeing = GraphQLResponseObject()
        agreeing.set("title", .scalar("Heat"))
        agreeing.set("title", .scalar("Heat"))
        agreeing.set("title", .null)
        #expect(try Self.json(agreeing) == (try JSONValue(parsing: Data(#"{"title":"Heat"}"#.utf8))))
    }
}
