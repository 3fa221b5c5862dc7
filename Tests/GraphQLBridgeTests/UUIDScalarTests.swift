import Foundation
import GraphQLBridge
import Testing

/// A `UUID` scalar mapped to Foundation's `UUID`: either form, any case, in; the server's form out; a stray
/// character an error with its path.
@Suite("UUID scalar")
struct UUIDScalarTests {
    static let lowercase = "1b4e28ba-2fa1-11d2-883f-0016d3cca427"

    @Test(
        "decodes the hyphenated and the 32-digit forms in any case",
        arguments: [
            "1b4e28ba-2fa1-11d2-883f-0016d3cca427", "1B4E28BA-2FA1-11D2-883F-0016D3CCA427",
            "1b4E28bA-2Fa1-11d2-883F-0016d3CCa427", "1b4e28ba2fa111d2883f0016d3cca427",
            "1B4E28BA2FA111D2883F0016D3CCA427",
        ])
    func decodesEveryCase(_ text: String) throws {
        let expected = try #require(UUID(uuidString: Self.lowercase))
        #expect(UUIDScalar.parse(text) == expected)
        #expect(try decode(GamePayload<UUID>.self, gameJSON("\"\(text)\"")).game.drawsCount == expected)
        #expect(try decode(ElementsPayload<UUID>.self, #"{"data":{"values":[""# + text + #""]}}"#).values == [expected])
    }

    @Test("encodes as the server expects: lowercase with hyphens, or the 32 digits")
    func encodes() throws {
        let uuid = try #require(UUID(uuidString: Self.lowercase.uppercased()))
        #expect(uuid.uuidString == Self.lowercase.uppercased(), "Foundation's own form is uppercase")
        #expect(UUIDScalar.hyphenated(uuid) == Self.lowercase)
        #expect(UUIDScalar.compact(uuid) == "1b4e28ba2fa111d2883f0016d3cca427")
        for _ in 0..<100 {
            let random = UUID()
            #expect(UUIDScalar.parse(UUIDScalar.hyphenated(random)) == random)
            #expect(UUIDScalar.parse(UUIDScalar.compact(random)) == random)
        }
    }

    @Test(
        "a stray character, a brace, a prefix or a wrong length is an error with the path",
        arguments: [
            ("\"1b4e28ba-2fa1-11d2-883f-0016d3cca42g\"", "character 36 ('g') is not a hexadecimal digit"),
            ("\"1b4e28ba-2fa1-11d2-883f-0016d3cca427 \"", "37 characters"),
            ("\"1b4e28ba_2fa1-11d2-883f-0016d3cca427\"", "character 9 must be a hyphen"),
            ("\"{1b4e28ba-2fa1-11d2-883f-0016d3cca427}\"", "38 characters"),
            ("\"urn:uuid:1b4e28ba-2fa1-11d2-883f-0016d3cca427\"", "45 characters"),
            ("\"1b4e28ba2fa111d2883f0016d3cca42\"", "31 characters"),
            ("\"1b4e28ba2fa1-11d2883f0016d3cca427\"", "33 characters"),
            ("\"1b4e28ba-2fa1-11d2-883f-0016d3cca42é\"", "character 36 (U+E9) is not a hexadecimal digit"),
            ("42", "another type"),
        ])
    func hostile(json: String, reason: String) throws {
        let keyed = try #require(decodingError(GamePayload<UUID>.self, gameJSON(json)))
        #expect(keyed.path == "data.game.drawsCount")
        #expect(keyed.expected.hasPrefix("UUID"))
        #expect(keyed.description.contains(reason), "\(keyed)")
        let unkeyed = try #require(
            decodingError(
                ElementsPayload<UUID>.self,
                #"{"data":{"values":["1b4e28ba-2fa1-11d2-883f-0016d3cca427","1b4e28ba-2fa1-11d2-883f-0016d3cca427","#
                    + json + "]}}"))
        #expect(unkeyed.path == "data.values[2]")
        if json.hasPrefix("\"") { #expect(UUIDScalar.parse(String(json.dropFirst().dropLast())) == nil) }
    }
}
