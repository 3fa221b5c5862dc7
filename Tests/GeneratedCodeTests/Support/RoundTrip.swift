import Foundation
import GraphQLBridge

/// The checks every generated `Data` passes on a response the server could send: both decoding paths take it (the
/// `Decodable` path and the generated one-pass reader) and give the same value; encoding that value writes `expected`
/// (the response, with `null` for the nullable fields `@include`/`@skip` left out: every field of the response is held
/// by a property, since encoding only writes what the properties hold); decoding the encoding gives the value again.
enum RoundTrip {
    /// The problems found, each saying what and where; empty when every check passes.
    static func problems<Data: GraphQLFastDecodable & Codable & Hashable>(
        _ type: Data.Type, data: JSONValue, expected: JSONValue
    ) -> [String] {
        let body = Foundation.Data(("{\"data\":" + data.jsonText + "}").utf8)
        let response = HTTPResponse(status: 200)
        let decoded: Data
        do {
            let result = try GraphQLResponseDecoder.decode(
                Data.self, operation: "\(Data.self)", response: response, body: body, errorPolicy: .failOnAnyError,
                path: .decodable)
            guard let value = result.data else { return ["the Decodable path gave no data"] }
            decoded = value
        } catch {
            return ["the Decodable path refuses the response: \(error)"]
        }
        var problems: [String] = []
        do {
            let fast = try GraphQLResponseDecoder.decodeFastPathOnly(
                Data.self, operation: "\(Data.self)", response: response, body: body, errorPolicy: .failOnAnyError)
            if let fast {
                if fast.data != decoded {
                    problems.append("the fast path reads another value: \(String(describing: fast.data))")
                }
            } else {
                problems.append("the fast path declines the response")
            }
        } catch {
            problems.append("the fast path fails: \(error)")
        }
        let encoded: Foundation.Data
        do {
            encoded = try JSONEncoder().encode(decoded)
        } catch {
            return problems + ["encoding fails: \(error)"]
        }
        do {
            let json = try JSONValue(parsing: encoded)
            if json != expected {
                problems.append(
                    "encoding writes \(json.jsonText)\n  expected \(expected.jsonText)\n  differences: "
                        + differences(expected, json).joined(separator: "; "))
            }
        } catch {
            problems.append("encoding writes invalid JSON: \(error)")
        }
        do {
            let again = try JSONDecoder().decode(Data.self, from: encoded)
            if again != decoded { problems.append("decoding the encoding gives another value") }
        } catch {
            problems.append("decoding the encoding fails: \(error)")
        }
        return problems
    }

    /// Where two JSON values differ (`allAnimals[2].height.meters: 3 / absent`).
    static func differences(_ expected: JSONValue, _ actual: JSONValue, path: String = "") -> [String] {
        switch (expected, actual) {
        case (.object(let left), .object(let right)):
            return Set(left.keys).union(right.keys).sorted().flatMap { key -> [String] in
                let child = path.isEmpty ? key : path + "." + key
                guard let one = left[key] else { return ["\(child): absent / \(right[key]?.jsonText ?? "")"] }
                guard let other = right[key] else { return ["\(child): \(one.jsonText) / absent"] }
                return differences(one, other, path: child)
            }
        case (.array(let left), .array(let right)) where left.count == right.count:
            return zip(left, right).enumerated().flatMap { differences($1.0, $1.1, path: path + "[\($0)]") }
        default:
            return expected == actual ? [] : ["\(path): \(expected.jsonText) / \(actual.jsonText)"]
        }
    }
}
