import Foundation
import GraphQLMigration
import ShopAPI
import Testing

@testable import GraphQLBridge

/// `HTTPHeaders` compares names byte by byte when both are ASCII (every name on a fetch's path, read a few times per
/// fetch) and by Unicode's lowercase forms otherwise; whichever way it takes, it must say what the lowercase forms say.
@Suite("HTTPHeaders: names compare as their lowercase forms")
struct HTTPHeaderNameTests {
    /// The rule as `String` spells it: the reference.
    private static func reference(_ lhs: String, _ rhs: String) -> Bool {
        lhs.lowercased() == rhs.lowercased()
    }

    /// Pieces of names: ASCII of both cases, and characters whose lowercase forms are ASCII (`K`, the Kelvin sign),
    /// longer (`İ`), or canonically equal to another spelling (`é` and `e` with a combining accent).
    private static let pieces = [
        "a", "A", "c", "C", "k", "K", "-", "0", "e", "E", "t", "T", "\u{212A}", "İ", "i", "é", "É", "e\u{301}", "ß",
        "ä", "Ä", " ", "Content-Type", "content-type", "Cache-Control", "age",
    ]

    private static func name(_ generator: inout SplitMix64) -> String {
        let count = Int.random(in: 0...6, using: &generator)
        return (0..<count).map { _ in pieces[Int.random(in: 0..<pieces.count, using: &generator)] }.joined()
    }

    @Test("examples")
    func examples() {
        let pairs: [(String, String, Bool)] = [
            ("Content-Type", "content-type", true),
            ("Content-Type", "Content-Typ", false),
            ("Accept", "Accept-Encoding", false),
            ("Age", "AGE", true),
            ("Cache-Control", "Content-Type", false),
            ("", "", true),
            ("X-A-Header-Name-Longer-Than-Sixteen-Bytes", "x-a-header-name-longer-than-sixteen-bytes", true),
            ("\u{212A}ey", "key", true),
            ("Äge", "äGE", true),
            ("e\u{301}tag", "étag", true),
        ]
        for (lhs, rhs, same) in pairs {
            #expect(HTTPHeaders.sameName(lhs, rhs) == same, "\(lhs) / \(rhs)")
            #expect(HTTPHeaders.sameName(rhs, lhs) == same, "\(rhs) / \(lhs)")
            #expect(Self.reference(lhs, rhs) == same, "the reference, \(lhs) / \(rhs)")
        }
        var headers: HTTPHeaders = ["Content-Type": "application/json"]
        headers["content-type"] = "text/plain"
        headers["\u{212A}ey"] = "1"
        #expect(Array(headers).map(\.name) == ["content-type", "\u{212A}ey"])
        #expect(headers["CONTENT-TYPE"] == "text/plain")
        #expect(headers["key"] == "1")
        #expect(headers["Content-Typ"] == nil)
    }

    @Test("random names: the same verdict as the lowercase forms (seeded)")
    func randomNames() {
        let seed = UInt64(ProcessInfo.processInfo.environment["GRAPHQLBRIDGE_HEADER_SEED"] ?? "") ?? 20_261_207
        var generator = SplitMix64(seed: seed)
        var equal = 0
        for step in 0..<4000 {
            let lhs = Self.name(&generator)
            // Half the time a respelling of the same name (each piece's case flipped or kept), so that equal names
            // are common.
            let rhs =
                Bool.random(using: &generator)
                ? lhs.map { Bool.random(using: &generator) ? $0.uppercased() : String($0) }.joined()
                : Self.name(&generator)
            let expected = Self.reference(lhs, rhs)
            if expected { equal += 1 }
            guard HTTPHeaders.sameName(lhs, rhs) == expected else {
                let pair = "sameName(\(lhs.debugDescription), \(rhs.debugDescription))"
                Issue.record(
                    "seed \(seed), step \(step): \(pair) is not \(expected) (replay: GRAPHQLBRIDGE_HEADER_SEED=\(seed))"
                )
                return
            }
        }
        #expect(equal > 500, "too few equal names drawn: \(equal)")
    }

    @Test("a query's cache key: the type's part, then its variables as JSON with non-ASCII escaped")
    func queryKeySpelling() throws {
        let variables: [String: JSONValue] = ["productId": .string("caf\u{E9} \u{1F600}"), "last": .number("5")]
        let key = GraphQLHTTPClient.cacheQueryKey(OffersQuery.self, variables: variables)
        var text: [UInt8] = []
        JSONValue.writeObjectText(variables, to: &text)
        let escaped = String(decoding: CacheKey.escapingNonASCII(text), as: UTF8.self)
        #expect(key == OperationTypeCache.shared.key(of: OffersQuery.self) + escaped)
        #expect(key.utf8.allSatisfy { $0 < 0x80 })
        let plain = GraphQLHTTPClient.cacheQueryKey(OffersQuery.self, variables: ["productId": .string("p1")])
        #expect(plain == OperationTypeCache.shared.key(of: OffersQuery.self) + #"{"productId":"p1"}"#)
    }
}
