import Foundation
import GraphQLBridge
import LotteryAPI

/// A differential check of the runtime's fast path for `Long`: `GraphQLResponseDecoder` skips the second,
/// exact read of each number when the body writes every number as an integer literal. For a game body with
/// `drawsCount` written in many forms (and with a fraction elsewhere in the body or not), the response
/// decoder must accept exactly what a plain `JSONDecoder` (which always runs the exact read) accepts, with
/// the same value.
enum LongFastPathCheck {
    /// `drawsCount` texts: integer literals, whole and fractional numbers with a fraction or an exponent,
    /// out-of-range numbers, and a decimal string.
    static let forms = [
        "1000", "-0", "9007199254740993", "9223372036854775807", "-9223372036854775808", "9223372036854775808",
        "-9223372036854775809", "1e3", "1E3", "1.0", "1.5", "1.0000000000000001", "9007199254740993.5",
        "9223372036854775807.0", "1e20", #""42""#, #""1.5""#,
    ]

    /// Problems found; empty when the fast path agrees with the exact read everywhere.
    static func run(gameBody: Data) -> [String] {
        guard let text = String(data: gameBody, encoding: .utf8),
            let range = text.range(of: #""drawsCount":"#),
            let end = text[range.upperBound...].firstIndex(of: ",")
        else { return ["long fast path: the game body has no drawsCount to vary"] }
        var problems: [String] = []
        for form in forms {
            for extra in ["", #","extensions":{"cost":1.5}"#] {
                var variant = text
                variant.replaceSubrange(range.upperBound..<end, with: form)
                if !extra.isEmpty, let last = variant.lastIndex(of: "}") {
                    variant.replaceSubrange(last...last, with: extra + "}")
                }
                let body = Data(variant.utf8)
                let exact = try? JSONDecoder().decode(Envelope.self, from: body).data?.game?.drawsCount
                let fast = try? GraphQLResponseDecoder.decode(
                    GameQuery.Data.self, operation: GameQuery.operationName, response: DecodePath.graphQLResponse,
                    body: body, errorPolicy: .returnPartialData
                ).data?.game?.drawsCount
                if exact != fast {
                    problems.append(
                        "long fast path: drawsCount \(form)\(extra.isEmpty ? "" : " (fraction elsewhere)"): "
                            + "response decoder gives \(fast.map(String.init) ?? "an error"), "
                            + "JSONDecoder gives \(exact.map(String.init) ?? "an error")")
                }
            }
        }
        return problems
    }

    /// `{"data": ...}` decoded with a plain `JSONDecoder`.
    private struct Envelope: Decodable {
        let data: GameQuery.Data?
    }
}
