import Foundation
@_spi(Generated) import GraphQLBridge
import Testing

/// `GraphQLJSONReader`'s typed reads against `JSONDecoder` on the same arrays: whenever the reader takes a value it
/// is the value `JSONDecoder` reads (the reader may decline a form `JSONDecoder` takes, never the reverse).
@Suite("GraphQLJSONReader")
struct GraphQLJSONReaderTests {
    typealias Declined = GraphQLJSONReader.Declined

    static let numberTexts = [
        "0", "-0", "1", "-1", "0.1", "-0.0", "1.5", "1e3", "1E-3", "2.5e+10", "123456789012345678901234567890",
        "9007199254740993", "0.30000000000000004", "1.7976931348623157e308", "5e-324", "2.2250738585072011e-308",
        "9223372036854775807", "9223372036854775808", "-9223372036854775808", "-9223372036854775809", "1e400", "01",
        "1.", ".5", "-", "+1", "2147483647", "2147483648", "1.0", "100e-2",
    ]

    static let stringTexts = [
        #""""#, #""abc""#, #""\u00e9t\u00e9""#, #""\ud83d\ude00""#, #""\ud800""#, #""\udc00""#, #""a\"b\\c\/d""#,
        #""\b\f\n\r\t""#, #""\u0000""#, #""\x""#, "\"\u{00E9}\u{1F600}\"", "\"\u{FFFF}\"", #""\uFFFF""#,
        "\"\t\"",
    ]

    @Test("numbers: Double, Int, Int32 and Int64 as JSONDecoder reads them", arguments: numberTexts)
    func numbers(_ text: String) {
        let body = Data("[\(text)]".utf8)
        let double = GraphQLJSONReader.read(body) { (reader: inout GraphQLJSONReader) throws(Declined) in
            try reader.readList { (reader: inout GraphQLJSONReader) throws(Declined) in try reader.readDouble() }
        }
        if let double { #expect(double == (try? JSONDecoder().decode([Double].self, from: body))) }
        let int = GraphQLJSONReader.read(body) { (reader: inout GraphQLJSONReader) throws(Declined) in
            try reader.readList { (reader: inout GraphQLJSONReader) throws(Declined) in
                try reader.readDecodable(Int.self)
            }
        }
        if let int { #expect(int == (try? JSONDecoder().decode([Int].self, from: body))) }
        let int32 = GraphQLJSONReader.read(body) { (reader: inout GraphQLJSONReader) throws(Declined) in
            try reader.readList { (reader: inout GraphQLJSONReader) throws(Declined) in
                try reader.readDecodable(Int32.self)
            }
        }
        if let int32 { #expect(int32 == (try? JSONDecoder().decode([Int32].self, from: body))) }
        let long = GraphQLJSONReader.read(body) { (reader: inout GraphQLJSONReader) throws(Declined) in
            try reader.readList { (reader: inout GraphQLJSONReader) throws(Declined) in try reader.readIntegerLiteral()
            }
        }
        if let long { #expect(long == (try? JSONDecoder().decode([Int64].self, from: body))) }
    }

    @Test("strings: escapes, surrogates and UTF-8 as JSONDecoder reads them", arguments: stringTexts)
    func strings(_ text: String) {
        let body = Data("[\(text)]".utf8)
        let read = GraphQLJSONReader.read(body) { (reader: inout GraphQLJSONReader) throws(Declined) in
            try reader.readList { (reader: inout GraphQLJSONReader) throws(Declined) in try reader.readString() }
        }
        if let read {
            let decoded = try? JSONDecoder().decode([String].self, from: body)
            #expect(read == decoded)
            // Byte for byte, not only canonically equivalent.
            #expect(read.map { Array($0.utf8) } == decoded?.map { Array($0.utf8) })
        }
    }

    @Test("invalid UTF-8 and malformed JSON are declined")
    func declined() {
        let bodies: [[UInt8]] = [
            Array("[\"".utf8) + [0xFF] + Array("\"]".utf8), Array("[\"".utf8) + [0xC0, 0x80] + Array("\"]".utf8),
            Array("[\"".utf8) + [0xED, 0xA0, 0x80] + Array("\"]".utf8),
            Array("[\"".utf8) + [0xE2, 0x82] + Array("\"]".utf8),
            Array("[\"a\",]".utf8), Array("[\"a\"".utf8), Array("[\"a\"] x".utf8),
        ]
        for bytes in bodies {
            let read = GraphQLJSONReader.read(Data(bytes)) { (reader: inout GraphQLJSONReader) throws(Declined) in
                let list = try reader.readList { (reader: inout GraphQLJSONReader) throws(Declined) in
                    try reader.readString()
                }
                try reader.expectEnd()
                return list
            }
            #expect(read == nil, "\(bytes)")
        }
    }

    @Test("skipping checks what it skips, and nesting is bounded")
    func skipping() {
        func skips(_ text: String) -> Bool {
            let read = GraphQLJSONReader.read(Data(text.utf8)) {
                (reader: inout GraphQLJSONReader) throws(Declined) -> Bool in
                try reader.skipValue()
                try reader.expectEnd()
                return true
            }
            return read == true
        }
        #expect(skips(#"{"a":[1,-2.5e3,"x\n",true,false,null,{}],"b":{"c":[]}}"#))
        #expect(!skips(#"{"a":[01]}"#))
        #expect(!skips(#"{"a":1,}"#))
        #expect(!skips(#"{"a" 1}"#))
        #expect(skips(#"["\ud800"]"#))
        #expect(skips(String(repeating: "[", count: 100) + String(repeating: "]", count: 100)))
        #expect(!skips(String(repeating: "[", count: 200) + String(repeating: "]", count: 200)))
    }
}
