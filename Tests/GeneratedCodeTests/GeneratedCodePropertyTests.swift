import Foundation
@_spi(Testing) import GraphQLBridge
import GraphQLBridgeSupport
import GraphQLCodegenTestSupport
import GraphQLParser
import Testing

/// A generated operation of the property corpus (Support/PropertyCorpusOperations.swift lists them).
protocol CorpusOperation: GraphQLOperation
where Data: GraphQLFastDecodable & Codable & Hashable & GraphQLResponseEncodable {}

/// The generated code's property, over the generator's random operations (Fixtures/PropertyCorpus/random.graphql:
/// nested type conditions both ways, unions inside interfaces, fragments spread under conditions, `@include`/`@skip`
/// on fields, fragments and spreads, the same field with other sub-selections under other conditions): for random
/// responses a server could send (``ResponseGenerator``: random runtime types, nulls, list lengths, values and
/// variables), both decoding paths take the response and agree, encoding writes the response back (every field of it
/// held by some property), and decoding that gives the same value; and the cache writes the same records from the
/// response's tape as from its parsed tree, and from the decoded value as an optimistic result (the records of its
/// encoding); and the tape the generated decoder records as it reads the response is the one the cache scans.
///
/// `GRAPHQLBRIDGE_PROPERTY_SEED` changes the responses' seed (a failure names it); `GRAPHQLBRIDGE_PROPERTY_RESPONSES`
/// the number per operation (default 25).
@Suite("Generated code property: decode, read, encode, decode")
struct GeneratedCodePropertyTests {
    static var seed: UInt64 {
        ProcessInfo.processInfo.environment["GRAPHQLBRIDGE_PROPERTY_SEED"].flatMap { UInt64($0) } ?? 20_261_218
    }

    static var responses: Int {
        ProcessInfo.processInfo.environment["GRAPHQLBRIDGE_PROPERTY_RESPONSES"].flatMap { Int($0) } ?? 25
    }

    @Test("random responses to the corpus's random operations round-trip through the generated types")
    func property() async throws {
        let seed = Self.seed
        // The work (seconds to a minute on a loaded machine) runs on a thread of its own at the lowest priority,
        // never on one of the few threads that Swift concurrency and Dispatch share (see `DedicatedThread`); the
        // findings are checked here.
        let (failures, checked) = try await DedicatedThread.run(
            name: "GeneratedCodePropertyTests", priority: .background
        ) { try Self.run(seed: seed) }
        #expect(propertyCorpusOperations.count == PropertyCorpus.count)
        for failure in failures.prefix(5) { Issue.record(Comment(rawValue: failure)) }
        #expect(failures.isEmpty, "seed \(seed): \(failures.count) of \(checked) responses fail")
        #expect(checked == propertyCorpusOperations.count * Self.responses)
    }

    /// Answers every corpus operation `responses` times; the failures and the number of responses checked.
    static func run(seed: UInt64) throws -> (failures: [String], checked: Int) {
        let schema = try GeneratedSources.schema(PropertyCorpus.schemaPaths)
        var generator = ResponseGenerator(schema: schema, seed: seed)
        var failures: [String] = []
        var checked = 0
        for operation in propertyCorpusOperations {
            failures += try check(operation, generator: &generator, checked: &checked)
        }
        return (failures, checked)
    }

    static func check<Operation: CorpusOperation>(
        _ operation: Operation.Type, generator: inout ResponseGenerator, checked: inout Int
    ) throws -> [String] {
        let document = try Parser.parse(Source(Operation.document, name: Operation.operationName))
        var failures: [String] = []
        for index in 0..<responses {
            let answer = try generator.answer(document)
            checked += 1
            var problems = RoundTrip.problems(Operation.Data.self, data: answer.data, expected: answer.expectedEncoding)
            problems += optimisticProblems(
                Operation.self, data: answer.data, expected: answer.expectedEncoding,
                variables: answer.variables.mapValues(JSONValue.bool))
            problems += cacheProblems(
                Operation.self, data: answer.data, variables: answer.variables.mapValues(JSONValue.bool))
            if !problems.isEmpty {
                failures.append(
                    """
                    seed \(seed), \(Operation.operationName) response \(index), variables \(answer.variables):
                    \(Operation.document)
                    data: \(answer.data.jsonText)
                    \(problems.joined(separator: "\n"))
                    """)
            }
        }
        return failures
    }

    /// Where the cache's two readings of the response (its tape, its parsed tree) give other records.
    static func cacheProblems<Operation: CorpusOperation>(
        _ operation: Operation.Type, data: JSONValue, variables: [String: JSONValue]
    ) -> [String] {
        guard let metadata = Operation.cacheMetadata else { return ["no cache metadata"] }
        let body = Foundation.Data(("{\"data\":" + data.jsonText + "}").utf8)
        let records = metadata.normalizedRecords(
            body: body, variables: variables, receivedAt: Date(timeIntervalSince1970: 1_800_000_000))
        guard let tape = records.tape else { return ["the cache's tape does not take the response"] }
        guard tape == records.tree else {
            return ["the cache's tape gives other records than the tree: \(tape) / \(String(describing: records.tree))"]
        }
        // Again after itself (the query's previous answer, its objects taken as they were written): the same writes.
        if let again = metadata.normalizationDifferences(
            body: body, previous: body, variables: variables, receivedAt: Date(timeIntervalSince1970: 1_800_000_030),
            previousReceivedAt: Date(timeIntervalSince1970: 1_800_000_000)), !again.differences.isEmpty
        {
            return ["after the same answer: \(again.differences)"]
        }
        let tapes = TapeComparison.of(Operation.Data.self, body: body)
        guard tapes.decoderRead, tapes.recorded != nil, tapes.agrees else {
            return ["the decoder's recorded tape is not the scanned one: \(tapes)"]
        }
        return []
    }

    /// Where the records of the decoded value as an optimistic result differ from those of its encoding from a server.
    static func optimisticProblems<Operation: CorpusOperation>(
        _ operation: Operation.Type, data: JSONValue, expected: JSONValue, variables: [String: JSONValue]
    ) -> [String] {
        guard let metadata = Operation.cacheMetadata else { return ["no cache metadata"] }
        let receivedAt = Date(timeIntervalSince1970: 1_800_000_000)
        do {
            let body = Foundation.Data(("{\"data\":" + data.jsonText + "}").utf8)
            guard
                let value = try GraphQLResponseDecoder.decode(
                    Operation.Data.self, operation: Operation.operationName, response: HTTPResponse(status: 200),
                    body: body, errorPolicy: .failOnAnyError
                ).data
            else { return ["no data"] }
            let optimistic = try metadata.optimisticRecords(of: value, variables: variables, receivedAt: receivedAt)
            let server = metadata.normalizedRecords(
                body: Foundation.Data(("{\"data\":" + expected.jsonText + "}").utf8), variables: variables,
                receivedAt: receivedAt)
            guard optimistic == server.tree else {
                return ["the optimistic records differ: \(optimistic) / \(String(describing: server.tree))"]
            }
            return []
        } catch {
            return ["the optimistic records fail: \(error)"]
        }
    }
}
