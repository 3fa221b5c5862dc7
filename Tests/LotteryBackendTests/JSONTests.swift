import Foundation
import GraphQLServer
import Testing

@testable import LotteryBackend

@Suite("JSON")
struct JSONTests {
    @Test("64-bit integers round-trip exactly; objects keep their order")
    func roundTrip() throws {
        let text = #"{"max":9223372036854775807,"min":-9223372036854775808,"f":1.5e3,"a":[true,false,null],"s":"x"}"#
        let value = try JSONParser.parse(Array(text.utf8))
        #expect(value["max"]?.int64Value == Int64.max)
        #expect(value["min"]?.int64Value == Int64.min)
        #expect(value["f"]?.int64Value == nil)
        #expect(value.jsonText == text)
    }

    @Test("Strings: escapes in, minimal escapes out, non-ASCII kept")
    func strings() throws {
        let value = try JSONParser.parse(Array(#""a\"b\\c\/d\n\t\u0001\u0418\ud83d\ude00""#.utf8))
        #expect(value == .string("a\"b\\c/d\n\t\u{01}И😀"))
        #expect(value.jsonText == #""a\"b\\c/d\n\t\u0001И😀""#)
    }

    @Test(
        "Invalid JSON is rejected with an offset",
        arguments: [
            "", "{", "[1,]", "{\"a\":1,}", "01", "1.", "-", "tru", "\"\\ud800\"", "\"\\x\"", "\"a\u{01}\"", "[1] 2",
            String(repeating: "[", count: 300) + String(repeating: "]", count: 300),
        ])
    func invalid(text: String) {
        #expect(throws: JSONParseError.self) { _ = try JSONParser.parse(Array(text.utf8)) }
    }

    @Test("Invalid UTF-8 inside a string is rejected")
    func invalidUTF8() {
        #expect(throws: JSONParseError.self) { _ = try JSONParser.parse([0x22, 0xFF, 0x22]) }
    }
}
