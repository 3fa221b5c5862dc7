import Foundation
@_spi(Generated) @_spi(Testing) import GraphQLBridge
import Testing

/// ``JSONObject`` names members by their Unicode scalars, as JSON and GraphQL do: `"\u{E9}"` (composed) and
/// `"e\u{301}"` (decomposed) are one `String` to Swift but two member names, kept on every path that reads a body.
@Suite("JSON member names compare by their Unicode scalars")
struct JSONObjectMemberNameTests {
    static let composed = "\u{E9}"
    static let decomposed = "e\u{301}"

    /// `{"é":"NFC","é":"NFD"}`, the first name U+00E9, the second U+0065 U+0301, as UTF-8 bytes.
    static let bothForms = Data(
        [0x7B, 0x22, 0xC3, 0xA9, 0x22, 0x3A] + Array(#""NFC","#.utf8)
            + [0x22, 0x65, 0xCC, 0x81, 0x22, 0x3A] + Array(#""NFD"}"#.utf8))

    static let bothFormsValue = JSONValue.object(
        JSONObject([(composed, .string("NFC")), (decomposed, .string("NFD"))]))

    @Test("The two names are one String to Swift, two names to JSONObject")
    func namesAreScalars() {
        #expect(Self.composed == Self.decomposed)
        var object = JSONObject()
        object[Self.composed] = .string("NFC")
        object[Self.decomposed] = .string("NFD")
        #expect(object.count == 2)
        #expect(object[Self.composed] == .string("NFC"))
        #expect(object[Self.decomposed] == .string("NFD"))
        #expect(JSONObject([(Self.composed, .null)]) != JSONObject([(Self.decomposed, .null)]))
        #expect(Set([JSONObject([(Self.composed, .null)]), JSONObject([(Self.decomposed, .null)])]).count == 2)
        object.removeValue(forKey: Self.composed)
        #expect(object.keys.map { Array($0.unicodeScalars) } == [Array(Self.decomposed.unicodeScalars)])
    }

    @Test("JSONValue(parsing:) keeps both members, and jsonText writes both, sorted by their bytes")
    func parsingKeepsBoth() throws {
        let value = try JSONValue(parsing: Self.bothForms)
        guard case .object(let members) = value else {
            Issue.record("not an object: \(value)")
            return
        }
        #expect(members.count == 2)
        #expect(members[Self.composed] == .string("NFC"))
        #expect(members[Self.decomposed] == .string("NFD"))
        #expect(value == Self.bothFormsValue)
        // "e" (0x65) sorts before 0xC3.
        #expect(Array(value.jsonText.utf8) == Array("{\"e\u{301}\":\"NFD\",\"\u{E9}\":\"NFC\"}".utf8))
        #expect(try JSONValue(parsing: Data(value.jsonText.utf8)) == value)
    }

    @Test("Every path that reads a body (decoder, generated reader, tape, cache, fixture) keeps both members")
    func everyPathKeepsBoth() async throws {
        let outcomes = try await JSONTestSuiteTests.allOutcomes([("nfc_nfd", Self.bothForms)])["nfc_nfd"] ?? [:]
        for path in ["JSONValue(parsing:)", "decoder .automatic", "decoder .decodable", "client with a cache"] {
            #expect(outcomes[path] == .value(Self.bothFormsValue), "\(path) gave \(String(describing: outcomes[path]))")
        }
        for (path, outcome) in outcomes where !path.hasPrefix("tape") {
            if path == "one-pass reader alone", outcome == .declined { continue }
            #expect(outcome == .value(Self.bothFormsValue), "\(path) gave \(outcome)")
        }
        #expect(outcomes["tape (recorded) agrees with the scan"] == .value(.bool(true)))
    }

    @Test("Of two names with the same scalars, the last member is kept on every path")
    func exactDuplicatesKeepTheLast() async throws {
        let cases: [(String, JSONValue)] = [
            (#"{"a":1,"a":2}"#, .object(["a": .number("2")])),
            (
                "{\"\u{E9}\":1,\"e\u{301}\":2,\"\u{E9}\":3}",
                .object(JSONObject([(Self.composed, .number("3")), (Self.decomposed, .number("2"))]))
            ),
            (
                "{\"e\u{301}\":1,\"\u{E9}\":2,\"e\\u0301\":3}",
                .object(JSONObject([(Self.composed, .number("2")), (Self.decomposed, .number("3"))]))
            ),
        ]
        for (index, (text, expected)) in cases.enumerated() {
            let name = "duplicates \(index)"
            let outcomes = try await JSONTestSuiteTests.allOutcomes([(name, Data(text.utf8))])[name] ?? [:]
            #expect(outcomes["JSONValue(parsing:)"] == .value(expected), "\(name)")
            for (path, outcome) in outcomes where !path.hasPrefix("tape") {
                if path == "one-pass reader alone", outcome == .declined { continue }
                #expect(outcome == .value(expected), "\(name): \(path) gave \(outcome)")
            }
        }
        let literal: JSONObject = ["a": .number("1"), "b": .null]
        var object = literal
        object["a"] = .number("2")
        #expect(object == ["a": .number("2"), "b": .null])
    }

    @Test("A response's extensions and an error's extensions keep both members on both decoder paths")
    func extensionsKeepBoth() throws {
        let object = String(decoding: Self.bothForms, as: UTF8.self)
        let body = Data(
            (#"{"data":{"v":null},"errors":[{"message":"m","path":["v"],"extensions":"# + object
                + #"}],"extensions":"# + object + "}").utf8)
        guard case .object(let expected) = Self.bothFormsValue else {
            Issue.record("not an object")
            return
        }
        for path in [GraphQLResponseDecoder.Path.automatic, .decodable] {
            let result = try GraphQLResponseDecoder.decode(
                JSONValue.self, operation: "Q", response: JSONTestSuiteTests.response, body: body,
                errorPolicy: .returnPartialData, path: path)
            #expect(result.extensions == expected, "\(path)")
            #expect(result.errors.first?.extensions == expected, "\(path)")
            #expect(result.extensions.count == 2, "\(path)")
        }
    }
}
