import Foundation
import GraphQLBridge
import Testing

/// `Long` (`Int64`) decoded with the scalar rules: exact from a JSON number or a decimal string, a typed
/// error with the JSON path for anything else.
@Suite("Long scalar")
struct LongScalarTests {
    static let expected = "Long (a 64-bit integer, as a JSON number or a decimal string)"

    /// JSON text of a value and the `Int64` it must decode to exactly.
    static let accepted: [(json: String, value: Int64)] = [
        ("0", 0),
        ("-1", -1),
        ("9007199254740993", 9_007_199_254_740_993),
        ("9223372036854775807", .max),
        ("-9223372036854775808", .min),
        (#""0""#, 0),
        (#""-1""#, -1),
        (#""9007199254740993""#, 9_007_199_254_740_993),
        (#""9223372036854775807""#, .max),
        (#""-9223372036854775808""#, .min),
        // A JSON number that is a whole number written with an exponent or a fraction is that number, exactly.
        ("1e3", 1000),
        ("1E3", 1000),
        ("1.0", 1),
        ("-0", 0),
        ("9223372036854775807.0", .max),
        ("9.007199254740993e15", 9_007_199_254_740_993),
    ]

    /// JSON text of a value that is not a `Long`, the `found` the error must report (`nil`: not reported by
    /// the scalar rules; the client fills it in from the body), and a part of the reason.
    static let rejected: [(json: String, found: String?, reason: String)] = [
        ("9223372036854775808", "9223372036854775808", "outside the Long range"),
        (#""9223372036854775808""#, #""9223372036854775808""#, "outside the Long range"),
        ("-9223372036854775809", "-9223372036854775809", "outside the Long range"),
        (#""-9223372036854775809""#, #""-9223372036854775809""#, "outside the Long range"),
        ("1e20", "100000000000000000000", "outside the Long range"),
        ("1.5", "1.5", "fractional"),
        ("-0.5", "-0.5", "fractional"),
        // Foundation alone reads these as 1, 9007199254740993 and 0: the Decimal check catches them.
        ("1.0000000000000001", "1.0000000000000001", "fractional"),
        ("9007199254740993.5", "9007199254740993.5", "fractional"),
        ("1e-400", nil, "cannot be read exactly"),
        (#""1.0""#, #""1.0""#, "send the integer digits"),
        (#""1e3""#, #""1e3""#, "send the integer digits"),
        (#""1.5""#, #""1.5""#, "fractional"),
        (#""+5""#, #""+5""#, "not a decimal integer"),
        (#"" 5""#, #"" 5""#, "not a decimal integer"),
        (#""5 ""#, #""5 ""#, "not a decimal integer"),
        (#""""#, #""""#, "not a decimal integer"),
        (#""-""#, #""-""#, "not a decimal integer"),
        (#""0x10""#, #""0x10""#, "not a decimal integer"),
        (#""abc""#, #""abc""#, "not a decimal integer"),
        ("true", "true", "a boolean is not a Long"),
        ("false", "false", "a boolean is not a Long"),
        ("null", "null", "the value is null"),
    ]

    // MARK: Accepted values

    @Test("decodes exactly in a keyed container", arguments: accepted)
    func keyed(json: String, value: Int64) throws {
        let payload = try decode(GamePayload<Long>.self, gameJSON(json))
        #expect(payload.game.drawsCount == value)
    }

    @Test("decodes exactly as an element of [Long]", arguments: accepted)
    func inList(json: String, value: Int64) throws {
        let payload = try decode(ValuesPayload<[Long]>.self, valuesJSON(json))
        #expect(payload.values == [1, 2, value, 4])
    }

    @Test("decodes exactly through UnkeyedDecodingContainer.decodeScalar", arguments: accepted)
    func elementByElement(json: String, value: Int64) throws {
        let payload = try decode(ElementsPayload<Long>.self, valuesJSON(json))
        #expect(payload.values == [1, 2, value, 4])
    }

    @Test("decodes exactly in objects inside a list", arguments: accepted)
    func inObjectList(json: String, value: Int64) throws {
        let payload = try decode(DrawsPayload<Long>.self, drawsJSON(json))
        #expect(payload.draws.map(\.number) == [1, 2, 3, value, 5])
    }

    @Test("decodes exactly from a single-value container", arguments: accepted)
    func singleValue(json: String, value: Int64) throws {
        let payload = try decode(SinglePayload<Long>.self, singleJSON(json))
        #expect(payload.single.value == value)
    }

    @Test("[Long?] keeps nulls and decodes numbers and strings")
    func listOfOptionals() throws {
        let payload = try decode(
            ValuesPayload<[Long?]>.self, #"{"data":{"values":[null,"9007199254740993",-1,null]}}"#)
        #expect(payload.values == [nil, 9_007_199_254_740_993, -1, nil])
    }

    @Test("[Long]? is nil for null and for a missing key, the list otherwise")
    func optionalList() throws {
        #expect(try decode(ValuesPayload<[Long]?>.self, #"{"data":{"values":null}}"#).values == nil)
        #expect(try decode(ValuesPayload<[Long]?>.self, #"{"data":{}}"#).values == nil)
        #expect(try decode(ValuesPayload<[Long]?>.self, #"{"data":{"values":[]}}"#).values == [])
        let payload = try decode(ValuesPayload<[Long]?>.self, #"{"data":{"values":["1",2,"-9223372036854775808"]}}"#)
        #expect(payload.values == [1, 2, .min])
    }

    @Test("Long? is nil for null and for a missing key")
    func optionalScalar() throws {
        #expect(try decode(GamePayload<Long?>.self, gameJSON("null")).game.drawsCount == nil)
        #expect(try decode(GamePayload<Long?>.self, #"{"data":{"game":{}}}"#).game.drawsCount == nil)
        #expect(try decode(GamePayload<Long?>.self, gameJSON(#""42""#)).game.drawsCount == 42)
    }

    // MARK: Rejected values

    @Test("rejects in a keyed container with the JSON path", arguments: rejected)
    func rejectsKeyed(json: String, found: String?, reason: String) throws {
        let error = try #require(decodingError(GamePayload<Long>.self, gameJSON(json)))
        #expect(error.path == "data.game.drawsCount")
        #expect(error.expected == Self.expected)
        #expect(error.found == found)
        #expect(error.reason.contains(reason), "reason: \(error.reason)")
    }

    @Test("rejects inside an object in a list with the element's path", arguments: rejected)
    func rejectsInObjectList(json: String, found: String?, reason: String) throws {
        let error = try #require(decodingError(DrawsPayload<Long>.self, drawsJSON(json)))
        #expect(error.path == "data.draws[3].number")
        #expect(error.expected == Self.expected)
        #expect(error.found == found)
        #expect(error.reason.contains(reason), "reason: \(error.reason)")
    }

    @Test("rejects as an element of [Long] with the index in the path", arguments: rejected)
    func rejectsInList(json: String, found: String?, reason: String) throws {
        let error = try #require(decodingError(ValuesPayload<[Long]>.self, valuesJSON(json)))
        #expect(error.path == "data.values[2]")
        #expect(error.expected == Self.expected)
        #expect(error.found == found)
        #expect(error.reason.contains(reason), "reason: \(error.reason)")
    }

    @Test("rejects as an element of [Long?] (except null) with the index in the path", arguments: rejected)
    func rejectsInListOfOptionals(json: String, found: String?, reason: String) throws {
        guard json != "null" else {
            #expect(try decode(ValuesPayload<[Long?]>.self, valuesJSON(json)).values == [1, 2, nil, 4])
            return
        }
        let error = try #require(decodingError(ValuesPayload<[Long?]>.self, valuesJSON(json)))
        #expect(error.path == "data.values[2]")
        #expect(error.found == found)
        #expect(error.reason.contains(reason), "reason: \(error.reason)")
    }

    @Test("rejects as an element of [Long]? with the index in the path", arguments: rejected)
    func rejectsInOptionalList(json: String, found: String?, reason: String) throws {
        let error = try #require(decodingError(ValuesPayload<[Long]?>.self, valuesJSON(json)))
        #expect(error.path == "data.values[2]")
        #expect(error.found == found)
        #expect(error.reason.contains(reason), "reason: \(error.reason)")
    }

    @Test("rejects from a single-value container with the path", arguments: rejected)
    func rejectsSingleValue(json: String, found: String?, reason: String) throws {
        let error = try #require(decodingError(SinglePayload<Long>.self, singleJSON(json)))
        #expect(error.path == "data.single")
        #expect(error.expected == Self.expected)
        #expect(error.found == found)
        #expect(error.reason.contains(reason), "reason: \(error.reason)")
    }

    @Test("rejects an object and an array, leaving `found` to the client")
    func rejectsContainers() throws {
        for value in [#"{"a":1}"#, "[1]"] {
            let keyed = try #require(decodingError(GamePayload<Long>.self, gameJSON(value)))
            #expect(keyed.path == "data.game.drawsCount")
            #expect(keyed.found == nil)
            #expect(keyed.reason.contains("another type"), "reason: \(keyed.reason)")

            let element = try #require(decodingError(ValuesPayload<[Long]>.self, valuesJSON(value)))
            #expect(element.path == "data.values[2]")
            #expect(element.found == nil)
            #expect(element.reason == "the value is not a number or a string")

            let single = try #require(decodingError(SinglePayload<Long>.self, singleJSON(value)))
            #expect(single.path == "data.single")
            #expect(single.found == nil)
        }
    }

    @Test("a missing key names the key")
    func missingKey() throws {
        let error = try #require(decodingError(GamePayload<Long>.self, #"{"data":{"game":{}}}"#))
        #expect(error.path == "data.game.drawsCount")
        #expect(error.found == nil)
        #expect(error.reason == #"the key "drawsCount" is missing"#)
    }

    @Test("the description says path, expected type, found value and reason")
    func description() throws {
        let error = try #require(decodingError(GamePayload<Long>.self, gameJSON(#""12x""#)))
        #expect(
            error.description
                == #"data.game.drawsCount: expected \#(Self.expected), found "12x": the string is not a decimal integer"#
        )
    }

    // MARK: LongScalar.parse

    @Test("LongScalar.parse takes only an optional minus and digits, within Int64")
    func parse() {
        #expect(LongScalar.parse("9223372036854775807") == .max)
        #expect(LongScalar.parse("-9223372036854775808") == .min)
        #expect(LongScalar.parse("00042") == 42)
        for text in ["", "-", "+1", "1.0", "1e3", " 1", "1 ", "9223372036854775808", "-9223372036854775809", "١"] {
            #expect(LongScalar.parse(text) == nil, "\(text)")
        }
    }
}
