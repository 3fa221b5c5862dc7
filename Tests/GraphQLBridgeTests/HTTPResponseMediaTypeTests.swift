import Foundation
import Testing

@testable import GraphQLBridge

/// `HTTPResponse.mediaType` reads an ASCII `Content-Type` byte by byte (every response's, on the path of each fetch);
/// it must give what Foundation's rules give (before `;`, without surrounding whitespace, lowercased).
@Suite("HTTPResponse.mediaType")
struct HTTPResponseMediaTypeTests {
    /// The rules as Foundation spells them: the reference. (Before 2026-12-05 `split` left out empty pieces, so that
    /// `;charset=utf-8` gave `charset=utf-8`: the media type is what comes before the first `;`, empty there.)
    private static func reference(_ value: String) -> String {
        let type =
            value.split(separator: ";", maxSplits: 1, omittingEmptySubsequences: false).first.map(String.init) ?? value
        return type.trimmingCharacters(in: .whitespaces).lowercased()
    }

    private static func mediaType(_ value: String) -> String? {
        HTTPResponse(status: 200, headers: ["Content-Type": value]).mediaType
    }

    @Test(
        "examples",
        arguments: [
            ("application/json", "application/json"),
            ("Application/GraphQL-Response+JSON; charset=utf-8", "application/graphql-response+json"),
            (" \tmultipart/mixed ;boundary=\"-\";deferSpec=20220824", "multipart/mixed"),
            ("TEXT/EVENT-STREAM", "text/event-stream"),
            (";charset=utf-8", ""),
            ("", ""),
            ("   ", ""),
            ("application/jsön; q=1", "application/jsön"),
            ("\u{00A0}application/json\u{00A0}", "application/json"),
        ])
    func examples(_ value: String, _ expected: String) {
        #expect(Self.mediaType(value) == expected)
        #expect(Self.mediaType(value) == Self.reference(value))
    }

    @Test("no Content-Type: nil")
    func absent() {
        #expect(HTTPResponse(status: 200).mediaType == nil)
    }

    @Test("random ASCII values give Foundation's answer (seeded)")
    func randomASCII() {
        var state: UInt64 = 0x6D65_6469_6154_7970
        func next() -> UInt64 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return state >> 33
        }
        let alphabet = Array("aZ/+-;= \t\"x.Q0\u{0B}\u{0C}\r\n".unicodeScalars)
        for index in 0..<2000 {
            let length = Int(next() % 24)
            var value = ""
            for _ in 0..<length { value.unicodeScalars.append(alphabet[Int(next() % UInt64(alphabet.count))]) }
            #expect(Self.mediaType(value) == Self.reference(value), "value \(index): \(value.debugDescription)")
        }
    }
}
