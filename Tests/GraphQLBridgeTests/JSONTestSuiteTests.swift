import Foundation
@_spi(Generated) @_spi(Testing) import GraphQLBridge
import GraphQLBridgeSupport
import GraphQLBridgeTesting
import Testing

/// JSONTestSuite (`Fixtures/JSONTestSuite`, MIT) through every public entry point that reads JSON: the strict
/// parser, the response decoder on each path with a type in the generator's form (each file wrapped as
/// `{"data":{"v":…}}`), the generated one-pass reader alone, the tape, the cache (a client over a mock transport, then
/// a cache-only read) and ``GraphQLResponseFixture``.
@Suite("JSONTestSuite through every JSON entry point")
struct JSONTestSuiteTests {
    /// What one path did with one file.
    enum Outcome: Hashable, CustomStringConvertible {
        case value(JSONValue)
        /// The generated reader alone declined the body (the `Decodable` path then reads it), or the tape does not
        /// take it (the tree then reads it): not a verdict on the JSON.
        case declined
        case rejected(String)
        /// The path cannot be given these bytes (``GraphQLResponseFixture`` takes the JSON as a `String`).
        case notApplicable

        var description: String {
            switch self {
            case .value: return "accepted"
            case .declined: return "declined"
            case .rejected: return "rejected"
            case .notApplicable: return "n/a"
            }
        }

        var isRejected: Bool {
            if case .rejected = self { return true }
            return false
        }
    }

    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("Fixtures/JSONTestSuite")

    static func files(_ subfolder: String) throws -> [(name: String, bytes: Data)] {
        let directory = folder.appendingPathComponent(subfolder)
        let names = try FileManager.default.contentsOfDirectory(atPath: directory.path).filter { $0.hasSuffix(".json") }
        return try names.sorted().map { ($0, try Data(contentsOf: directory.appendingPathComponent($0))) }
    }

    static let response = HTTPResponse(
        status: 200, headers: ["Content-Type": GraphQLResponseDecoder.graphQLResponseMediaType])

    /// `{"data":{"v":` + bytes + `}}`.
    static func wrapped(_ bytes: Data) -> Data {
        Data(#"{"data":{"v":"#.utf8) + bytes + Data("}}".utf8)
    }

    static func outcome(_ body: () throws -> JSONValue?) -> Outcome {
        do {
            guard let value = try body() else { return .declined }
            return .value(value)
        } catch let error as APIError {
            return .rejected(String(describing: error))
        } catch {
            return .rejected("\(type(of: error)): \(error)")
        }
    }

    /// The outcome of every synchronous path for one file's bytes.
    static func syncOutcomes(_ bytes: Data) -> [String: Outcome] {
        let body = wrapped(bytes)
        var outcomes: [String: Outcome] = [:]
        outcomes["JSONValue(parsing:)"] = outcome { try JSONValue(parsing: bytes) }
        for (name, path) in [
            ("decoder .automatic", GraphQLResponseDecoder.Path.automatic), ("decoder .decodable", .decodable),
        ] {
            outcomes[name] = outcome {
                try GraphQLResponseDecoder.decode(
                    JSONSuiteQuery.Data.self, operation: "JSONSuite", response: response, body: body,
                    errorPolicy: .failOnAnyError, path: path
                ).data.map { $0.v ?? .null } ?? .null
            }
        }
        outcomes["one-pass reader alone"] = outcome {
            guard
                let result = try GraphQLResponseDecoder.decodeFastPathOnly(
                    JSONSuiteQuery.Data.self, operation: "JSONSuite", response: response, body: body,
                    errorPolicy: .failOnAnyError)
            else { return nil }
            return result.data.map { $0.v ?? .null } ?? .null
        }
        let tapes = TapeComparison.of(JSONSuiteQuery.Data.self, body: body)
        outcomes["tape (scanned)"] = tapes.scanned == nil ? .declined : .value(.null)
        outcomes["tape (recorded) agrees with the scan"] = tapes.agrees ? .value(.bool(true)) : .rejected("differs")
        if let text = String(validating: bytes, as: UTF8.self) {
            outcomes["GraphQLResponseFixture"] = outcome {
                let fixture = GraphQLResponseFixture.body(data: #"{"v":"# + text + "}")
                return try GraphQLResponseDecoder.decode(
                    JSONSuiteQuery.Data.self, operation: "JSONSuite", response: response, body: fixture,
                    errorPolicy: .failOnAnyError
                ).data.map { $0.v ?? .null } ?? .null
            }
        } else {
            outcomes["GraphQLResponseFixture"] = .notApplicable
        }
        return outcomes
    }

    /// The client's answer with a cache, and the cache's answer to a cache-only read after it.
    static func cacheOutcomes(_ bytes: Data) async -> [String: Outcome] {
        let transport = MockTransport()
        let cache = GraphQLCache()
        let client = GraphQLHTTPClient(endpoint: testEndpoint, transport: transport, cache: cache)
        transport.enqueue(body: wrapped(bytes))
        var outcomes: [String: Outcome] = [:]
        do {
            let result = try await client.execute(JSONSuiteQuery())
            outcomes["client with a cache"] = .value(result.data.map { $0.v ?? .null } ?? .null)
        } catch {
            outcomes["client with a cache"] = .rejected(String(describing: error))
        }
        do {
            let result = try await client.execute(JSONSuiteQuery(), fetchPolicy: .cacheOnly)
            outcomes["cache-only read after it"] = .value(result.data.map { $0.v ?? .null } ?? .null)
        } catch {
            outcomes["cache-only read after it"] = .rejected(String(describing: error))
        }
        return outcomes
    }

    static func allOutcomes(_ files: [(name: String, bytes: Data)]) async throws -> [String: [String: Outcome]] {
        var all = try await DedicatedThread.run(name: "JSONTestSuiteTests", priority: .background) {
            var all: [String: [String: Outcome]] = [:]
            for file in files { all[file.name] = syncOutcomes(file.bytes) }
            return all
        }
        for file in files {
            for (path, outcome) in await cacheOutcomes(file.bytes) { all[file.name, default: [:]][path] = outcome }
        }
        return all
    }

    @Test("y_ files: accepted on every path, with the same value")
    func acceptedFiles() async throws {
        let files = try Self.files("test_parsing").filter { $0.name.hasPrefix("y_") }
        #expect(files.count == 95)
        let all = try await Self.allOutcomes(files)
        for file in files {
            let outcomes = all[file.name] ?? [:]
            guard case .value(let expected)? = outcomes["JSONValue(parsing:)"] else {
                Issue.record(
                    "\(file.name): JSONValue(parsing:) gave \(String(describing: outcomes["JSONValue(parsing:)"]))")
                continue
            }
            for (path, outcome) in outcomes.sorted(by: { $0.key < $1.key }) {
                switch path {
                case "tape (scanned)": continue  // Declines escaped names by design: the tree reads those.
                case "tape (recorded) agrees with the scan":
                    #expect(outcome == .value(.bool(true)), "\(file.name): \(path)")
                case "one-pass reader alone":
                    // It may decline (the `Decodable` path reads the body); when it reads, the same value.
                    if outcome != .declined { #expect(outcome == .value(expected), "\(file.name): \(path)") }
                default:
                    #expect(
                        outcome == .value(expected), "\(file.name): \(path) gave \(outcome), not \(expected.excerpt())")
                }
            }
        }
    }

    @Test("n_ files: rejected with a typed error on every path; the one-pass reader and the tape never take one")
    func rejectedFiles() async throws {
        let files = try Self.files("test_parsing").filter { $0.name.hasPrefix("n_") }
        #expect(files.count == 188)
        let all = try await Self.allOutcomes(files)
        for file in files {
            for (path, outcome) in (all[file.name] ?? [:]).sorted(by: { $0.key < $1.key }) {
                switch path {
                case "one-pass reader alone", "tape (scanned)":
                    #expect(outcome == .declined, "\(file.name): \(path) took an invalid body")
                case "tape (recorded) agrees with the scan":
                    #expect(outcome == .value(.bool(true)), "\(file.name): \(path)")
                case "GraphQLResponseFixture":
                    #expect(outcome.isRejected || outcome == .notApplicable, "\(file.name): \(path) gave \(outcome)")
                case "cache-only read after it":
                    // Nothing was written: a cache miss.
                    #expect(outcome.isRejected, "\(file.name): \(path) gave \(outcome)")
                default:
                    #expect(outcome.isRejected, "\(file.name): \(path) accepted an invalid body")
                }
                if case .rejected(let message) = outcome, path.hasPrefix("decoder") {
                    #expect(message.contains("not JSON"), "\(file.name): \(path): \(message)")
                }
            }
        }
    }

    @Test("i_ files: what each path does is the committed expectation (a change shows as a diff)")
    func implementationDefinedFiles() async throws {
        let files = try Self.files("test_parsing").filter { $0.name.hasPrefix("i_") }
        #expect(files.count == 35)
        let all = try await Self.allOutcomes(files)
        var table: [String: [String: String]] = [:]
        for (name, outcomes) in all {
            table[name] = outcomes.mapValues(\.description)
            // Whatever a path does, the paths that read a value agree on it.
            let values = Set(
                outcomes.compactMap { path, outcome -> JSONValue? in
                    guard !path.hasPrefix("tape"), case .value(let value) = outcome else { return nil }
                    return value
                })
            #expect(values.count <= 1, "\(name): the paths read different values: \(values)")
        }
        let expectationsFile = Self.folder.appendingPathComponent("expectations-i.json")
        let text = try JSONSerialization.data(withJSONObject: table, options: [.prettyPrinted, .sortedKeys])
        if ProcessInfo.processInfo.environment["UPDATE_SNAPSHOTS"] == "1" {
            try (text + Data("\n".utf8)).write(to: expectationsFile)
        }
        let committed = try JSONValue(parsing: Data(contentsOf: expectationsFile))
        #expect(committed == (try JSONValue(parsing: text)), "regenerate with UPDATE_SNAPSHOTS=1 and review the diff")
    }

    // MARK: test_transform: the documented readings

    /// The `test_transform` file `name`'s outcome on every path.
    static func transformOutcomes(_ name: String) async throws -> [String: Outcome] {
        let file = try files("test_transform").first { $0.name == name }
        let bytes = try #require(file?.bytes)
        return try await allOutcomes([(name, bytes)])[name] ?? [:]
    }

    /// Every path but the tape's bookkeeping and the reader alone (which may decline) gives `expected`.
    static func expectEverywhere(_ name: String, _ expected: Outcome, sourceLocation: SourceLocation = #_sourceLocation)
        async throws
    {
        for (path, outcome) in try await transformOutcomes(name) where !path.hasPrefix("tape") {
            if path == "one-pass reader alone", outcome == .declined { continue }
            switch expected {
            case .rejected:
                #expect(
                    outcome.isRejected || outcome == .notApplicable, "\(name): \(path) gave \(outcome)",
                    sourceLocation: sourceLocation)
            default:
                #expect(outcome == expected, "\(name): \(path) gave \(outcome)", sourceLocation: sourceLocation)
            }
        }
    }

    @Test("Numbers are kept as written on every path; int64Value reads the exact value however it is written")
    func transformNumbers() async throws {
        let cases: [(String, String, Int64?)] = [
            ("number_-9223372036854775808.json", "-9223372036854775808", .min),
            ("number_-9223372036854775809.json", "-9223372036854775809", nil),
            ("number_1.0.json", "1.0", 1),
            ("number_1.000000000000000005.json", "1.000000000000000005", nil),
            ("number_1000000000000000.json", "1000000000000000", 1_000_000_000_000_000),
            ("number_10000000000000000999.json", "10000000000000000999", nil),
            ("number_1e-999.json", "1E-999", nil),
            ("number_1e6.json", "1E6", 1_000_000),
            ("number_9223372036854775807.json", "9223372036854775807", .max),
            ("number_9223372036854775808.json", "9223372036854775808", nil),
        ]
        for (name, text, integer) in cases {
            try await Self.expectEverywhere(name, .value(.array([.number(text)])))
            #expect(JSONValue.number(text).int64Value == integer, "\(name)")
        }
    }

    @Test("Duplicate names: the last member is kept on every path")
    func transformDuplicates() async throws {
        try await Self.expectEverywhere("object_same_key_different_values.json", .value(.object(["a": .number("2")])))
        try await Self.expectEverywhere("object_same_key_same_value.json", .value(.object(["a": .number("1")])))
        try await Self.expectEverywhere("object_same_key_unclear_values.json", .value(.object(["a": .number("-0")])))
    }

    @Test("Names that differ only in Unicode normalization: two members on every path, neither lost")
    func transformNormalization() async throws {
        // The files' names are "\u{E9}" (composed) and "e\u{301}" (decomposed): one `String` to Swift, two names.
        try await Self.expectEverywhere(
            "object_key_nfc_nfd.json",
            .value(.object(JSONObject([("\u{E9}", .string("NFC")), ("e\u{301}", .string("NFD"))]))))
        try await Self.expectEverywhere(
            "object_key_nfd_nfc.json",
            .value(.object(JSONObject([("e\u{301}", .string("NFD")), ("\u{E9}", .string("NFC"))]))))
    }

    @Test("Invalid code points (raw or escaped lone surrogates) are refused; an escaped NUL is a character")
    func transformStrings() async throws {
        for name in [
            "string_1_escaped_invalid_codepoint.json", "string_1_invalid_codepoint.json",
            "string_2_escaped_invalid_codepoints.json", "string_2_invalid_codepoints.json",
            "string_3_escaped_invalid_codepoints.json", "string_3_invalid_codepoints.json",
        ] {
            try await Self.expectEverywhere(name, .rejected(""))
        }
        try await Self.expectEverywhere("string_with_escaped_NULL.json", .value(.array([.string("A\u{0}B")])))
    }
}

/// `query JSONSuite { v }`, `v` a custom scalar without a Swift mapping (`JSONValue`), in the form the generator
/// emits (a `Decodable` conformance and a one-pass decoder), with the cache metadata it would emit.
private struct JSONSuiteQuery: GraphQLQuery {
    static let operationName = "JSONSuite"
    static let document = "query JSONSuite{v}"
    static let cacheMetadata: GraphQLCacheMetadata? = GraphQLCacheMetadata(
        selections: GraphQLSelectionSetMetadata(typeName: "Query", [GraphQLFieldMetadata("v")]))

    struct Data: GraphQLFastDecodable, Hashable {
        var v: JSONValue?

        enum CodingKeys: String, CodingKey {
            case v
        }

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            v = try container.decodeIfPresent(JSONValue.self, forKey: .v)
        }

        init(graphQLReader: inout GraphQLJSONReader) throws(GraphQLJSONReader.Declined) {
            var value: JSONValue?? = nil
            var more = try graphQLReader.beginObject()
            while more {
                try graphQLReader.readKey()
                if graphQLReader.keyEquals("v") {
                    guard value == nil else { throw GraphQLJSONReader.Declined() }
                    value = .some(
                        try graphQLReader.readOptional { reader throws(GraphQLJSONReader.Declined) in
                            try reader.readDecodable(JSONValue.self)
                        })
                } else {
                    try graphQLReader.skipValue()
                }
                more = try graphQLReader.nextMember()
            }
            v = value ?? nil
        }
    }
}
