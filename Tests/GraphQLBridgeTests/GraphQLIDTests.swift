import Foundation
import GraphQLBridge
import Testing

/// `ID` (`String` with the scalar rules): a string, or an integer as its decimal digits.
@Suite("ID scalar")
struct GraphQLIDTests {
    static let expected = "ID (a string or an integer)"

    @Test(
        "decodes a string as is and an integer as its digits",
        arguments: [
            (#""6x45""#, "6x45"), (#""""#, ""), (#""12345""#, "12345"), ("12345", "12345"), ("-7", "-7"),
            ("9223372036854775807", "9223372036854775807"), ("0", "0"),
        ])
    func accepts(json: String, id: String) throws {
        #expect(try decode(GamePayload<GraphQLID>.self, gameJSON(json)).game.drawsCount == id)
        #expect(try decode(SinglePayload<GraphQLID>.self, singleJSON(json)).single.value == id)
        let list = try decode(ElementsPayload<GraphQLID>.self, #"{"data":{"values":["a",\#(json)]}}"#)
        #expect(list.values == ["a", id])
        let ids = try decode(ValuesPayload<[GraphQLID]>.self, #"{"data":{"values":["a",\#(json)]}}"#)
        #expect(ids.values == ["a", id])
    }

    @Test(
        "rejects a boolean, a fractional number, an object and null with the path",
        arguments: ["true", "false", "1.5", "1.0000000000000001", "9007199254740993.5", #"{"id":1}"#, "[1]", "null"])
    func rejects(json: String) throws {
        let keyed = try #require(decodingError(GamePayload<GraphQLID>.self, gameJSON(json)))
        #expect(keyed.path == "data.game.drawsCount")
        #expect(keyed.expected == Self.expected)
        #expect(keyed.found == (json == "null" ? "null" : nil))

        let single = try #require(decodingError(SinglePayload<GraphQLID>.self, singleJSON(json)))
        #expect(single.path == "data.single")
        #expect(single.expected == Self.expected)

        let element = try #require(
            decodingError(ElementsPayload<GraphQLID>.self, #"{"data":{"values":["a",\#(json)]}}"#))
        #expect(element.path == "data.values[1]")
        #expect(element.expected == Self.expected)
    }

    @Test("GraphQLID? is nil for null")
    func optional() throws {
        #expect(try decode(GamePayload<GraphQLID?>.self, gameJSON("null")).game.drawsCount == nil)
        #expect(try decode(GamePayload<GraphQLID?>.self, gameJSON("7")).game.drawsCount == "7")
    }
}
