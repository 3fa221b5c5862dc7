import Foundation
import GraphQLBridge
import Testing

/// `JSONValue`: any JSON, numbers kept exactly.
@Suite("JSONValue")
struct JSONValueTests {
    static let sample = #"""
        {"big":9223372036854775807,"bigger":18446744073709551615,"huge":123456789012345678901234567890,\#
        "min":-9223372036854775808,"beyond2to53":9007199254740993,"half":9007199254740993.5,\#
        "tiny":1.0000000000000001,"exp":1.5e3,"far":1e200,"frac":-0.25,\#
        "s":"line\n\"quoted\" \\ \u0001","b":true,"f":false,"n":null,"a":[1,"2",[],{}],"o":{"k":{"x":[null]}}}
        """#

    func decoded(_ text: String) throws -> JSONValue {
        try JSONDecoder().decode(JSONValue.self, from: Data(text.utf8))
    }

    @Test("numbers keep their exact value")
    func exactNumbers() throws {
        let value = try decoded(Self.sample)
        #expect(value["big"] == .number("9223372036854775807"))
        #expect(value["bigger"] == .number("18446744073709551615"))
        #expect(value["huge"] == .number("123456789012345678901234567890"))
        #expect(value["min"] == .number("-9223372036854775808"))
        #expect(value["beyond2to53"] == .number("9007199254740993"))
        #expect(value["half"] == .number("9007199254740993.5"))
        #expect(value["tiny"] == .number("1.0000000000000001"))
        #expect(value["exp"] == .number("1500"))
        #expect(value["far"] == .number("1e+200"))
        #expect(value["frac"] == .number("-0.25"))
    }

    @Test("other values")
    func otherValues() throws {
        let value = try decoded(Self.sample)
        #expect(value["s"] == .string("line\n\"quoted\" \\ \u{1}"))
        #expect(value["b"] == .bool(true))
        #expect(value["f"] == .bool(false))
        #expect(value["n"] == .null)
        #expect(value["a"] == .array([.number("1"), .string("2"), .array([]), .object([:])]))
        #expect(value["o"]?["k"]?["x"] == .array([.null]))
        #expect(value["missing"] == nil)
        #expect(JSONValue.string("x")["k"] == nil)
    }

    @Test("encoding and decoding again gives the same value")
    func roundTrip() throws {
        let value = try decoded(Self.sample)
        let again = try JSONDecoder().decode(JSONValue.self, from: try JSONEncoder().encode(value))
        #expect(again == value)
        #expect(try decoded(value.jsonText) == value)
    }

    @Test("encoded big integers keep every digit")
    func encodedDigits() throws {
        let value = JSONValue.array([
            .number("9223372036854775807"), .number("18446744073709551615"), .number("-9223372036854775808"),
            .number("9007199254740993.5"),
        ])
        let text = String(decoding: try JSONEncoder().encode(value), as: UTF8.self)
        #expect(text == "[9223372036854775807,18446744073709551615,-9223372036854775808,9007199254740993.5]")
    }

    @Test("jsonText is compact with sorted keys and escapes")
    func jsonText() {
        let value = JSONValue.object([
            "b": .array([.number("1"), .null, .bool(false)]), "a": .string("q\"\\\n\t\u{2}"),
        ])
        #expect(value.jsonText == #"{"a":"q\"\\\n\t\u0002","b":[1,null,false]}"#)
    }

    @Test("int64Value reads integer numbers and decimal strings within Int64")
    func int64Value() {
        #expect(JSONValue.number("9007199254740993").int64Value == 9_007_199_254_740_993)
        #expect(JSONValue.string("-9223372036854775808").int64Value == .min)
        #expect(JSONValue.number("1.5").int64Value == nil)
        #expect(JSONValue.number("18446744073709551615").int64Value == nil)
        #expect(JSONValue.bool(true).int64Value == nil)
        #expect(JSONValue.string("x").stringValue == "x")
        #expect(JSONValue.number("1").stringValue == nil)
    }

    @Test("value(at:) follows keys and indices")
    func valueAtPath() throws {
        let value = try decoded(#"{"data":{"draws":[{"number":1},{"number":2}]}}"#)
        let path: [any CodingKey] = [
            GraphQLCodingKey("data"), GraphQLCodingKey("draws"), GraphQLCodingKey(intValue: 1) ?? GraphQLCodingKey("?"),
            GraphQLCodingKey("number"),
        ]
        #expect(value.value(at: path) == .number("2"))
        #expect(value.value(at: [GraphQLCodingKey("data"), GraphQLCodingKey("nope")]) == nil)
        #expect(value.value(at: []) == value)
    }

    @Test("excerpt shortens long text with an ellipsis")
    func excerpt() {
        let value = JSONValue.string(String(repeating: "x", count: 200))
        #expect(value.excerpt(limit: 10) == "\"xxxxxxxxx…")
        #expect(JSONValue.number("1").excerpt() == "1")
    }
}
