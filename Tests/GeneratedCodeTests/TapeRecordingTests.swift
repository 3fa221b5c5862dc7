import Foundation
@_spi(Testing) import GraphQLBridge
import GraphQLBridgeTesting
import GraphQLCodegenTestSupport
import GraphQLParser
import Testing

/// The generated decoder records the body's tape as it reads it (`GraphQLJSONReader.TapeRecording`), so that the
/// cache does not scan the body a second time: wherever the decoder reads a body, what it recorded is exactly the tape
/// `JSONTape` scans from the same bytes, views read again from checkpoints included; and where the tape does not take
/// a body that the decoder reads (a member name with an escape or given twice, a lone surrogate in a value it skips),
/// it recorded none.
@Suite("The decoder records the tape the cache scans")
struct TapeRecordingTests {
    /// AllAnimalsQuery's answer from Apollo's world: type-case views, fragments, nested lists.
    static func allAnimals() throws -> String {
        let answer = try AnimalKingdomTests.answer(AllAnimalsQuery.document)
        return "{\"data\":" + answer.data.jsonText + "}"
    }

    @Test("an answer with views read again: the recorded tape is the scanned one")
    func views() throws {
        let body = try Self.allAnimals()
        let comparison = TapeComparison.of(AllAnimalsQuery.Data.self, body: Data(body.utf8))
        #expect(comparison.decoderRead)
        #expect(comparison.recorded != nil)
        #expect(comparison.agrees)
        #expect((comparison.recorded?.count ?? 0) > 100)
    }

    @Test("whitespace, members nobody selected (nested), escapes, extensions and errors around the data")
    func unselected() throws {
        let body = try Self.allAnimals()
        // Whitespace between every token of the envelope, and members the decoder skips: nested objects and arrays,
        // every kind of scalar, escaped strings (a pair of surrogates), numbers in every form.
        let skipped =
            #" "skipped" : { "a" : [ 1 , -0.5e+3 , true , false , null , "x\"\u00e9\ud83d\ude00" , { } , [ ] ] } "#
        let wrapped =
            body.replacingOccurrences(of: #"{"data":"#, with: "\n{ \(skipped.dropFirst()), \"data\" :\t")
            .dropLast() + #" , "extensions" : { "cost" : 3 , "list" : [ { "x" : "y" } ] } } "#
        let comparison = TapeComparison.of(AllAnimalsQuery.Data.self, body: Data(wrapped.utf8))
        #expect(comparison.decoderRead)
        #expect(comparison.recorded != nil)
        #expect(comparison.agrees)
        // Unknown members inside the data's objects, too.
        let inner = body.replacingOccurrences(
            of: #""__typename":"Cat""#, with: #""unknown":{"deep":[[{"k":"v"}],{"n":null}]},"__typename":"Cat""#)
        #expect(inner != body)
        let innerComparison = TapeComparison.of(AllAnimalsQuery.Data.self, body: Data(inner.utf8))
        #expect(innerComparison.decoderRead)
        #expect(innerComparison.recorded != nil)
        #expect(innerComparison.agrees)
    }

    @Test(
        "what the tape does not take, but the decoder reads: no tape recorded (the cache leaves it to the tree)",
        arguments: [
            // A member name with an escape, in a skipped object.
            #""extra":{"n\u0061me":1},"#,
            // A name given twice, skipped by the decoder (the envelope's, and inside a skipped object).
            #""extra":1,"extra":2,"#, #""extra":{"a":1,"b":2,"a":3},"#,
            // A lone surrogate in a skipped string.
            #""extra":"\ud800","#, #""extra":["\udc00"],"#, #""extra":"\ud800\u0041","#,
        ])
    func refused(_ extra: String) throws {
        let body = try Self.allAnimals()
        let text = "{" + extra + body.dropFirst()
        let comparison = TapeComparison.of(AllAnimalsQuery.Data.self, body: Data(text.utf8))
        #expect(comparison.scanned == nil)
        #expect(comparison.recorded == nil)
        #expect(comparison.agrees)
    }

    @Test("names alike but not the same are not taken for a name given twice")
    func alikeNames() throws {
        let body = try Self.allAnimals()
        // The same length and first byte (one bit of the hash), and names that collide in it.
        let text =
            #"{"ab":1,"ac":2,"ba":[{"x":1,"y":2,"xx":3}],"#
            + #""\#(String(repeating: "q", count: 70))":1,"\#(String(repeating: "q", count: 6))":2,"# + body.dropFirst()
        let comparison = TapeComparison.of(AllAnimalsQuery.Data.self, body: Data(text.utf8))
        #expect(comparison.decoderRead)
        #expect(comparison.recorded != nil)
        #expect(comparison.agrees)
    }

    @Test("through the client and a cache: the recorded tape is what the cache reads, into the tree's records")
    func throughTheClient() async throws {
        let body = try Self.allAnimals()
        let transport = MockTransport { _, _ in (HTTPResponse(status: 200), Data(body.utf8)) }
        let cache = GraphQLCache()
        let client = GraphQLHTTPClient(
            endpoint: try #require(URL(string: "http://localhost/graphql")), transport: transport, cache: cache)
        let fetched = try await client.execute(AllAnimalsQuery(), fetchPolicy: .serverOnly)
        #expect(await cache.statistics.recordedTapes == 1)
        let metadata = try #require(AllAnimalsQuery.cacheMetadata)
        let expected = try #require(
            metadata.normalizedRecords(body: Data(body.utf8), variables: [:], receivedAt: Date()).tree)
        #expect(expected.count > 5)
        for (key, record) in expected {
            let stored = await cache.record(forKey: key)
            #expect(stored?.fields.mapValues(\.value) == record.fields.mapValues(\.value), "\(key)")
        }
        #expect(await cache.recordCount == expected.count)
        let cached = try await client.execute(AllAnimalsQuery(), fetchPolicy: .cacheOnly)
        #expect(cached.data == fetched.data)
        // The same answer again: unchanged (its recorded tape's `data` is the memoized result's).
        _ = try await client.execute(AllAnimalsQuery(), fetchPolicy: .serverOnly)
        #expect(await cache.statistics.recordedTapes == 2)
        #expect(await cache.statistics.unchangedAnswers == 1)
        // Once more: the last answer was refreshed, so no tape is recorded; the body is compared in place.
        _ = try await client.execute(AllAnimalsQuery(), fetchPolicy: .serverOnly)
        #expect(await cache.statistics.recordedTapes == 2)
        #expect(await cache.statistics.unchangedAnswers == 2)
    }
}
